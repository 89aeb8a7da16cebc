import { Temporal } from 'temporal-polyfill';
import type { RestaurantSettings } from '../contract/restaurant.ts';
import { minutesOf } from './clock-time.ts';

/**
 * The restaurant's wall clock: the one module that turns instants into local dates and times
 * and back, does day arithmetic, and reads opening hours and closed dates (docs/reference/operations.md: all
 * slot and quote arithmetic in local wall time, converted by a well-kept library, never by
 * adding fixed offsets). Booking slots (availability.ts), the kitchen's buckets (capacity.ts)
 * and "Open now" (opening.ts) all go through it (docs/decisions/011, 025).
 *
 * THE RULE for the days the clocks change, the same for every caller:
 * - an instant has exactly one wall time (its date, weekday and minutes since local midnight);
 * - a wall time that exists once is that instant;
 * - a wall time the clocks repeat (falling back) is its first pass;
 * - a wall time the clocks skip (springing forward) is the instant a clock that was not put
 *   forward would show it: as many minutes after the jump as it is after the jump's start
 *   (02:30 in a 02:00 → 03:00 jump is the instant of 03:30). This is Temporal's 'compatible'.
 * - A list of a day's times (booking slots, scheduled ready times) names each time that exists
 *   once, at its first pass: a skipped time is not offered (it would be another time's
 *   instant), a repeated one not twice. What runs on instants (the kitchen's buckets, whether
 *   the restaurant is open at a moment) reads each instant's wall time, so the repeated hour
 *   cooks and is open twice, and the skipped hour never comes.
 *
 * Conversions are Temporal's (temporal-polyfill until runtimes ship it). The browser's pages
 * read the clock through `wallClockAt` / `instantAtWallClock`, which follow the same rule with
 * the browser's own time-zone data (Intl), so that a first page does not load the polyfill
 * (about 20 KB gzip, decision 011); tests/unit/domain/wall-clock.test.ts checks the two readings agree, minute by
 * minute, across the transition days of several zones.
 */

export type OpeningRules = Pick<RestaurantSettings, 'openingHours' | 'closedDates'>;
export type OpeningSpan = RestaurantSettings['openingHours'][number];

export interface WallClock {
  /** The local date, YYYY-MM-DD. */
  date: string;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

// ——— Days: calendar dates carry no zone, so whole days are exact on UTC dates ———

/** A date "YYYY-MM-DD" moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday of a date "YYYY-MM-DD", as docs/reference/operations.md numbers days. */
export function weekdayOf(date: string): number {
  return new Date(Date.parse(`${date}T00:00:00Z`)).getUTCDay();
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);
}

/** An instant moved by minutes (exact time, not wall time: a 90-minute turn is 90 real minutes). */
export function addMinutes(instant: string, minutes: number): string {
  return new Date(Date.parse(instant) + minutes * MINUTE).toISOString();
}

// ——— Opening hours and closed dates ———

/** The spans of a weekday, earliest first. */
export function spansOf(rules: OpeningRules, weekday: number): OpeningSpan[] {
  return rules.openingHours
    .filter((span) => span.day === weekday)
    .sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
}

/** Whether the restaurant opens at all on `date`: not one of its closed dates, and hours on its weekday. */
export function opensOn(rules: OpeningRules, date: string): boolean {
  return !rules.closedDates.includes(date) && rules.openingHours.some((span) => span.day === weekdayOf(date));
}

/** The spans of a date in minutes since local midnight (none on a closed date), earliest first. */
export function spanMinutesOn(
  rules: OpeningRules,
  date: string,
  weekday = weekdayOf(date),
): { open: number; close: number }[] {
  if (rules.closedDates.includes(date)) return [];
  return spansOf(rules, weekday).map((span) => ({ open: minutesOf(span.open), close: minutesOf(span.close) }));
}

/** The span a wall time is in (open ≤ minutes < close) on a day that is not closed, if any. */
export function openSpanAt(rules: OpeningRules, at: WallClock): OpeningSpan | undefined {
  if (rules.closedDates.includes(at.date)) return undefined;
  return spansOf(rules, at.weekday).find(
    (span) => minutesOf(span.open) <= at.minutes && at.minutes < minutesOf(span.close),
  );
}

// ——— Instants and wall times (Temporal) ———

const steadyOffsets = new Map<string, number | null>();

/** The UTC offset (minutes) in force all day long, or null on a day the clocks change. */
function steadyOffsetMinutes(date: string, timeZone: string): number | null {
  const key = `${timeZone} ${date}`;
  const known = steadyOffsets.get(key);
  if (known !== undefined) return known;
  const day = Temporal.PlainDate.from(date);
  const start = day.toZonedDateTime({ timeZone });
  const end = day.add({ days: 1 }).toZonedDateTime({ timeZone });
  const next = start.getTimeZoneTransition('next');
  const changes = next !== null && Temporal.ZonedDateTime.compare(next, end) < 0;
  const steady = start.offsetNanoseconds === end.offsetNanoseconds && !changes ? start.offsetNanoseconds / 60e9 : null;
  if (steadyOffsets.size > 5000) steadyOffsets.clear();
  steadyOffsets.set(key, steady);
  return steady;
}

function plainDateTimeOf(date: string, minutes: number): Temporal.PlainDateTime {
  const day = Temporal.PlainDate.from(addDays(date, Math.floor(minutes / 1440)));
  const within = ((minutes % 1440) + 1440) % 1440;
  return day.toPlainDateTime({ hour: Math.floor(within / 60), minute: within % 60 });
}

/**
 * The instant (epoch ms) of a local date and minutes since its midnight ("24:00" is the next
 * midnight), by THE RULE: a repeated time is its first pass, a skipped one lands after the jump.
 */
export function instantAt(date: string, minutes: number, timeZone: string): number {
  // Most days have one UTC offset from midnight to midnight: then a wall time is that offset
  // away, and only the offset needs the time-zone database (once per day, not per slot).
  const offset = steadyOffsetMinutes(date, timeZone);
  if (offset !== null && minutes >= 0 && minutes <= 1440)
    return Date.parse(`${date}T00:00:00.000Z`) + (minutes - offset) * MINUTE;
  return plainDateTimeOf(date, minutes).toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds;
}

/** Whether the clock shows this wall time on that date at all (false in the hour the clocks skip). */
export function wallTimeExists(date: string, minutes: number, timeZone: string): boolean {
  if (steadyOffsetMinutes(date, timeZone) !== null) return true;
  const wanted = plainDateTimeOf(date, minutes);
  return wallClockOf(instantAt(date, minutes, timeZone), timeZone).minutes === wanted.hour * 60 + wanted.minute;
}

/** For the lists of a day's times: the instant (ISO) of a wall time, or null when the clocks skip it. */
export function instantOf(date: string, minutes: number, timeZone: string): string | null {
  return wallTimeExists(date, minutes, timeZone) ? new Date(instantAt(date, minutes, timeZone)).toISOString() : null;
}

/** An ISO instant with its offset (or Z), as Temporal.Instant.from takes it and Date.parse reads it the same. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * The local date, weekday and minutes since local midnight of an instant (ISO or epoch ms): the
 * instant moved by the zone's offset then (remembered per quarter hour: offsetMinutesAt), read as UTC.
 * Anything else (a text without its offset, a fraction of a millisecond) goes to Temporal, which
 * reads it as before or refuses it.
 */
export function wallClockOf(instant: string | number, timeZone: string): WallClock {
  const ms = typeof instant === 'number' ? instant : ISO_INSTANT.test(instant) ? Date.parse(instant) : Number.NaN;
  if (!Number.isSafeInteger(ms)) return temporalWallClockOf(instant, timeZone);
  const local = new Date(ms + offsetMinutesAt(timeZone, ms) * MINUTE);
  return {
    date: local.toISOString().slice(0, 10),
    weekday: local.getUTCDay(),
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

/** wallClockOf through Temporal alone (what it was before the offsets were remembered, and its check). */
export function temporalWallClockOf(instant: string | number, timeZone: string): WallClock {
  const at =
    typeof instant === 'number' ? Temporal.Instant.fromEpochMilliseconds(instant) : Temporal.Instant.from(instant);
  const zoned = at.toZonedDateTimeISO(timeZone);
  return {
    date: zoned.toPlainDate().toString(),
    weekday: zoned.dayOfWeek % 7,
    minutes: zoned.hour * 60 + zoned.minute,
  };
}

/** Each zone's UTC offsets (minutes) by quarter hour since the epoch, as looked up so far. */
const knownOffsets = new Map<string, Map<number, number>>();

/**
 * The UTC offset (minutes) of a zone at an instant, remembered per quarter hour (zones change on
 * those) for every caller: an instant's offset does not change, and looking it up is the costly
 * part of a quote (a Temporal conversion per quarter hour of its horizon).
 */
function offsetMinutesAt(timeZone: string, ms: number): number {
  let offsets = knownOffsets.get(timeZone);
  if (!offsets) {
    if (knownOffsets.size >= 50) knownOffsets.clear();
    offsets = new Map<number, number>();
    knownOffsets.set(timeZone, offsets);
  }
  const key = Math.floor(ms / (15 * MINUTE));
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset =
      Temporal.Instant.fromEpochMilliseconds(key * 15 * MINUTE).toZonedDateTimeISO(timeZone).offsetNanoseconds / 60e9;
    // About a year of quarter hours per zone, then it starts again.
    if (offsets.size >= 35_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/**
 * A zone's offsets for loops over many instants (the kitchen's buckets): the UTC offset
 * (minutes) at an instant (offsetMinutesAt), and whether an instant is the first pass of its wall
 * time (false in the second pass of a repeated hour).
 */
export function zoneReader(timeZone: string): { offsetAt(ms: number): number; firstPass(ms: number): boolean } {
  const offsetAt = (ms: number): number => offsetMinutesAt(timeZone, ms);
  return {
    offsetAt,
    firstPass(ms) {
      // An earlier instant shows the same wall time when the offset `d` minutes before was `d` more.
      const offset = offsetAt(ms);
      for (let d = 15; d <= 180; d += 15) if (offsetAt(ms - d * MINUTE) === offset + d) return false;
      return true;
    },
  };
}

/** Today's local date in the zone at `now`. */
export function localToday(now: string | number, timeZone: string): string {
  return wallClockOf(now, timeZone).date;
}

/**
 * The local hour (0–23) of instants of `date`, found by comparing them with the instants each
 * hour starts: one time-zone lookup per hour of the day instead of one per instant (a day's
 * figures place every ticket in its hour). An hour the clocks skip starts nowhere; one they
 * repeat holds both of its passes.
 */
export function localHourOn(date: string, timeZone: string): (instant: string) => number {
  const starts = Array.from({ length: 24 }, (_, hour) => instantOf(date, hour * 60, timeZone)).map((start) =>
    start === null ? Number.POSITIVE_INFINITY : Date.parse(start),
  );
  return (instant) => {
    const at = Date.parse(instant);
    let hour = 23;
    while (hour > 0 && at < (starts[hour] as number)) hour -= 1;
    return hour;
  };
}

// ——— The browser's reading (Intl: no polyfill on a first page), by the same rule ———

/** One formatter per time zone: making one is costly (the first loads the time-zone data), using it is not. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock at an instant (epoch ms) through Intl: the same answer as `wallClockOf`. */
export function wallClockAt(instant: number, timeZone: string): WallClock {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value])) as Record<
    string,
    string
  >;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return { date, weekday: weekdayOf(date), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** How far the clock is ahead of UTC at an instant, in ms (Intl). */
function intlOffsetAt(instant: number, timeZone: string): number {
  const shown = wallClockAt(instant, timeZone);
  return Date.parse(`${shown.date}T00:00:00Z`) + shown.minutes * MINUTE - Math.floor(instant / MINUTE) * MINUTE;
}

/**
 * `instantAt` through Intl: the offsets a day before and a day after are the two the wall time
 * can have; a time both fit is repeated (its first pass), a time neither fits is skipped (the
 * offset from before the jump, which lands it after the jump).
 */
export function instantAtWallClock(date: string, minutes: number, timeZone: string): number {
  const wanted = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE;
  const before = wanted - intlOffsetAt(wanted - DAY, timeZone);
  const after = wanted - intlOffsetAt(wanted + DAY, timeZone);
  const valid = [before, after].filter((instant) => intlOffsetAt(instant, timeZone) === wanted - instant);
  return valid.length > 0 ? Math.min(...valid) : before;
}
