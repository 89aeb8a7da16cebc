import { currentLanguage, t } from '../i18n/i18n.ts';
import { localDigits } from '../i18n/format.ts';
import { minutesOf } from './clock-time.ts';
import { type OpeningRules, type WallClock, addDays, openSpanAt, spansOf } from './wall-clock.ts';

/**
 * "Open now": whether the restaurant is open at a wall-clock moment, and when it opens next,
 * from its opening hours and closed dates (docs/reference/operations.md "Restaurant settings"). Pure: the
 * caller gives the restaurant's local date, weekday and minutes (wall-clock.ts `wallClockAt`,
 * which the browser reads without the Temporal polyfill). Wall time itself (conversions, days,
 * the spans of a date, the rule for the days the clocks change) is wall-clock.ts's.
 */

// What the browser's pages import from here, kept where they were: they are wall-clock.ts's.
export {
  type OpeningRules,
  type WallClock,
  addDays,
  instantAtWallClock,
  opensOn,
  spansOf,
  wallClockAt,
  weekdayOf as weekdayOfDate,
} from './wall-clock.ts';

export type OpeningState =
  | { open: true; closesAt: string }
  /** Closed; `opensAt` is null when no opening is known within a fortnight. */
  | { open: false; opensAt: { date: string; weekday: number; time: string; today: boolean; tomorrow: boolean } | null };

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A weekday's name as the reader reads it (WEEKDAY_NAMES stay the English of the rules). */
export function weekdayName(day: number): string {
  const names = [
    t('weekday.sunday', 'Sunday'),
    t('weekday.monday', 'Monday'),
    t('weekday.tuesday', 'Tuesday'),
    t('weekday.wednesday', 'Wednesday'),
    t('weekday.thursday', 'Thursday'),
    t('weekday.friday', 'Friday'),
    t('weekday.saturday', 'Saturday'),
  ];
  return names[day] ?? '';
}

/** How far ahead the next opening is looked for. */
const LOOKAHEAD_DAYS = 14;

export function openingState(rules: OpeningRules, now: WallClock): OpeningState {
  const current = openSpanAt(rules, now);
  if (current) return { open: true, closesAt: current.close };
  for (let ahead = 0; ahead <= LOOKAHEAD_DAYS; ahead += 1) {
    const date = addDays(now.date, ahead);
    if (rules.closedDates.includes(date)) continue;
    const weekday = (now.weekday + ahead) % 7;
    const next = spansOf(rules, weekday).find((span) => ahead > 0 || minutesOf(span.open) > now.minutes);
    if (next)
      return { open: false, opensAt: { date, weekday, time: next.open, today: ahead === 0, tomorrow: ahead === 1 } };
  }
  return { open: false, opensAt: null };
}

/** "Open now" / "Closed, opens at 11:00" / "Closed, opens tomorrow at 11:00" / "Closed, opens Tuesday at 11:00". */
export function openingText(state: OpeningState): string {
  if (state.open) return t('opening.openNow', 'Open now');
  const next = state.opensAt;
  if (!next) return t('opening.closed', 'Closed');
  const time = localDigits(next.time, currentLanguage());
  if (next.today) return t('opening.opensAt', 'Closed, opens at {{time}}', { time });
  if (next.tomorrow) return t('opening.opensTomorrowAt', 'Closed, opens tomorrow at {{time}}', { time });
  return t('opening.opensOn', 'Closed, opens {{day}} at {{time}}', { day: weekdayName(next.weekday), time });
}
