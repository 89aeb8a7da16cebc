import { minutesOf, timeOf } from '@shared/domain/clock-time.ts';
import { WEEKDAY_NAMES, addDays, instantAtWallClock, wallClockAt, weekdayOfDate } from '@shared/domain/opening.ts';
import { daysBetween } from '@shared/domain/wall-clock.ts';

/** Today's date ("YYYY-MM-DD") in a time zone (the restaurant's), from this device's clock. */
export function todayIn(timeZone: string): string {
  return wallClockAt(Date.now(), timeZone).date;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Thu 26 Nov": a date written the same on every device and on the server. */
export function dayLabel(date: string): string {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${(WEEKDAY_NAMES[weekdayOfDate(date)] ?? '').slice(0, 3)} ${d} ${MONTHS[m - 1] ?? ''}`;
}

/** The day of `date` said from `today`: "" (today), " tomorrow", " yesterday", " on Thu" within a week, else " on Thu 3 Dec". */
function dayFrom(date: string, today: string): string {
  const days = daysBetween(today, date);
  if (days === 0) return '';
  if (days === 1) return ' tomorrow';
  if (days === -1) return ' yesterday';
  return ` on ${Math.abs(days) < 7 ? dayLabel(date).slice(0, 3) : dayLabel(date)}`;
}

/**
 * A moment as the restaurant says it: its own time zone and 24-hour clock, like its opening
 * hours and booking times ("19:45"), then the day when it is not the restaurant's today
 * ("11:30 tomorrow", "11:30 on Thu"), so that a guest or a cook elsewhere, or a device set to
 * another zone or a 12-hour clock, reads the time the restaurant means.
 */
export function restaurantTime(instant: string | number, timeZone: string, now: number = Date.now()): string {
  const at = wallClockAt(typeof instant === 'string' ? Date.parse(instant) : instant, timeZone);
  return `${timeOf(at.minutes)}${dayFrom(at.date, wallClockAt(now, timeZone).date)}`;
}

/** The next moment the restaurant's clock shows "HH:MM": today's, or tomorrow's when it has passed. */
export function nextRestaurantTime(time: string, timeZone: string, now: number = Date.now()): number | null {
  if (!/^\d{2}:\d{2}$/.test(time)) return null;
  const minutes = minutesOf(time);
  const today = wallClockAt(now, timeZone).date;
  const at = instantAtWallClock(today, minutes, timeZone);
  return at > now ? at : instantAtWallClock(addDays(today, 1), minutes, timeZone);
}
