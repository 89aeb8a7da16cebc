import type { RestaurantSettings } from '../contract/restaurant.ts';
import { minutesOf } from './clock-time.ts';

/**
 * Whether the restaurant is open at a wall-clock moment, and when it opens next, from its
 * opening hours and closed dates (OPERATIONS.md "Restaurant settings"). Pure: the caller gives
 * the restaurant's local date, weekday and minutes (see `wallClockAt`).
 *
 * Its date arithmetic is plain Intl and UTC dates rather than local-time.ts's Temporal: whole
 * days and a wall clock are all it needs, and the About page and the booking form that read it
 * then do not load the Temporal polyfill.
 */

export type OpeningRules = Pick<RestaurantSettings, 'openingHours' | 'closedDates'>;

export interface WallClock {
  /** The local date, YYYY-MM-DD. */
  date: string;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

export type OpeningState =
  | { open: true; closesAt: string }
  /** Closed; `opensAt` is null when no opening is known within a fortnight. */
  | { open: false; opensAt: { date: string; weekday: number; time: string; today: boolean; tomorrow: boolean } | null };

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** How far ahead the next opening is looked for. */
const LOOKAHEAD_DAYS = 14;

/** A date "YYYY-MM-DD" moved by whole days (without Temporal: the browser's first page uses this module). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday of a date "YYYY-MM-DD", as OPERATIONS.md numbers days. */
export function weekdayOfDate(date: string): number {
  return new Date(Date.parse(`${date}T00:00:00Z`)).getUTCDay();
}

/** Whether the restaurant opens at all on `date`: not one of its closed dates, and hours on its weekday. */
export function opensOn(rules: OpeningRules, date: string): boolean {
  const weekday = weekdayOfDate(date);
  return !rules.closedDates.includes(date) && rules.openingHours.some((span) => span.day === weekday);
}

/** The spans of a weekday, earliest first. */
export function spansOf(rules: OpeningRules, weekday: number): RestaurantSettings['openingHours'] {
  return rules.openingHours.filter((span) => span.day === weekday).sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
}

export function openingState(rules: OpeningRules, now: WallClock): OpeningState {
  const closedToday = rules.closedDates.includes(now.date);
  if (!closedToday) {
    const current = spansOf(rules, now.weekday).find((span) => minutesOf(span.open) <= now.minutes && now.minutes < minutesOf(span.close));
    if (current) return { open: true, closesAt: current.close };
  }
  for (let ahead = 0; ahead <= LOOKAHEAD_DAYS; ahead += 1) {
    const date = addDays(now.date, ahead);
    if (rules.closedDates.includes(date)) continue;
    const weekday = (now.weekday + ahead) % 7;
    const next = spansOf(rules, weekday).find((span) => ahead > 0 || minutesOf(span.open) > now.minutes);
    if (next) return { open: false, opensAt: { date, weekday, time: next.open, today: ahead === 0, tomorrow: ahead === 1 } };
  }
  return { open: false, opensAt: null };
}

/** "Open now" / "Closed, opens at 11:00" / "Closed, opens tomorrow at 11:00" / "Closed, opens Tuesday at 11:00". */
export function openingText(state: OpeningState): string {
  if (state.open) return 'Open now';
  const next = state.opensAt;
  if (!next) return 'Closed';
  if (next.today) return `Closed, opens at ${next.time}`;
  if (next.tomorrow) return `Closed, opens tomorrow at ${next.time}`;
  return `Closed, opens ${WEEKDAY_NAMES[next.weekday]} at ${next.time}`;
}

/** One formatter per time zone: making one is costly (the first loads the time-zone data), using it is not. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The restaurant's wall clock at an instant, in its time zone (Intl, no time-zone library needed). */
export function wallClockAt(instant: number, timeZone: string): WallClock {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    wallClockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value])) as Record<string, string>;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, weekday: new Date(`${date}T00:00:00Z`).getUTCDay(), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** How far the restaurant's clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const shown = wallClockAt(instant, timeZone);
  return Date.parse(`${shown.date}T00:00:00Z`) + shown.minutes * 60_000 - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant (epoch ms) when the restaurant's clock shows `minutes` past midnight on `date`:
 * the offsets a day before and a day after are the two it can have. A time a daylight-saving
 * change repeats is its first occurrence; one the change skips comes out an hour later, as a
 * clock that was not put forward would show it.
 */
export function instantAtWallClock(date: string, minutes: number, timeZone: string): number {
  const wanted = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const before = wanted - offsetAt(wanted - 86_400_000, timeZone);
  const after = wanted - offsetAt(wanted + 86_400_000, timeZone);
  const valid = [before, after].filter((instant) => offsetAt(instant, timeZone) === wanted - instant);
  return valid.length > 0 ? Math.min(...valid) : before;
}
