import { Temporal } from 'temporal-polyfill';

/**
 * The restaurant's wall clock (OPERATIONS.md: all slot and quote arithmetic in local wall time,
 * converted by a well-kept library, never by adding fixed offsets). Temporal (through
 * temporal-polyfill until runtimes ship it) says outright when a wall time does not exist (the
 * hour skipped when clocks spring forward) or exists twice (the hour repeated when they fall
 * back), so neither can slip through as a wrong instant (docs/decisions/011).
 */

/** The instant of a local date and time, or null when that wall time does not exist that day. */
export function instantOf(date: string, minutes: number, timeZone: string): string | null {
  // Most days have one UTC offset from midnight to midnight: then a wall time is that offset
  // away, and only the offset needs the time-zone database (once per day, not per slot).
  const offset = steadyOffsetMinutes(date, timeZone);
  if (offset !== null) return new Date(Date.parse(`${date}T00:00:00.000Z`) + (minutes - offset) * 60_000).toISOString();
  return zonedInstantOf(date, minutes, timeZone);
}

const steadyOffsets = new Map<string, number | null>();

/** The UTC offset (minutes) in force all day long, or null on a day the clocks change. */
function steadyOffsetMinutes(date: string, timeZone: string): number | null {
  const key = `${timeZone} ${date}`;
  const known = steadyOffsets.get(key);
  if (known !== undefined) return known;
  const day = Temporal.PlainDate.from(date);
  const start = day.toZonedDateTime({ timeZone }).offsetNanoseconds;
  const end = day.add({ days: 1 }).toZonedDateTime({ timeZone }).offsetNanoseconds;
  const steady = start === end && !zoneChangesWithin(day, timeZone) ? start / 60e9 : null;
  if (steadyOffsets.size > 5000) steadyOffsets.clear();
  steadyOffsets.set(key, steady);
  return steady;
}

/** Whether the zone has a transition during the day (an offset that changes and changes back). */
function zoneChangesWithin(day: Temporal.PlainDate, timeZone: string): boolean {
  const start = day.toZonedDateTime({ timeZone });
  const next = start.getTimeZoneTransition('next');
  return next !== null && Temporal.ZonedDateTime.compare(next, day.add({ days: 1 }).toZonedDateTime({ timeZone })) < 0;
}

function zonedInstantOf(date: string, minutes: number, timeZone: string): string | null {
  const day = Temporal.PlainDate.from(date);
  const dateTime = minutes >= 1440 ? day.add({ days: 1 }).toPlainDateTime({ hour: 0, minute: minutes - 1440 }) : day.toPlainDateTime({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
  try {
    // 'reject' throws for a skipped time; for a repeated one it throws too, so it is asked again as 'earlier'.
    return dateTime.toZonedDateTime(timeZone, { disambiguation: 'reject' }).toInstant().toString({ fractionalSecondDigits: 3 });
  } catch {
    const earlier = dateTime.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
    const later = dateTime.toZonedDateTime(timeZone, { disambiguation: 'later' });
    // Skipped: 'earlier' and 'later' land on either side of the gap, neither on the wall time asked for.
    const exists = earlier.toPlainDateTime().equals(dateTime) || later.toPlainDateTime().equals(dateTime);
    return exists ? earlier.toInstant().toString({ fractionalSecondDigits: 3 }) : null;
  }
}

/** The local date ("YYYY-MM-DD") and minutes since local midnight of an instant. */
export function wallClockOf(instant: string, timeZone: string): { date: string; minutes: number } {
  const zoned = Temporal.Instant.from(instant).toZonedDateTimeISO(timeZone);
  return { date: zoned.toPlainDate().toString(), minutes: zoned.hour * 60 + zoned.minute };
}

/**
 * The local hour (0–23) of instants of `date`, found by comparing them with the instants each
 * hour starts: one time-zone lookup per hour of the day instead of one per instant (a day's
 * figures place every ticket in its hour). An hour the clocks skip starts nowhere; one they
 * repeat holds both of its passes.
 */
export function localHourOn(date: string, timeZone: string): (instant: string) => number {
  const starts = Array.from({ length: 24 }, (_, hour) => instantOf(date, hour * 60, timeZone)).map((start) => (start === null ? Number.POSITIVE_INFINITY : Date.parse(start)));
  return (instant) => {
    const at = Date.parse(instant);
    let hour = 23;
    while (hour > 0 && at < (starts[hour] as number)) hour -= 1;
    return hour;
  };
}

/** Today's local date in the zone at `now`. */
export function localToday(now: string | number, timeZone: string): string {
  const instant = typeof now === 'number' ? Temporal.Instant.fromEpochMilliseconds(now) : Temporal.Instant.from(now);
  return instant.toZonedDateTimeISO(timeZone).toPlainDate().toString();
}

/** A local date moved by whole days. */
export function addDays(date: string, days: number): string {
  return Temporal.PlainDate.from(date).add({ days }).toString();
}

/** 0 Sunday … 6 Saturday, as OPERATIONS.md numbers days. */
export function weekdayOf(date: string): number {
  return Temporal.PlainDate.from(date).dayOfWeek % 7;
}

/** Whole days from `a` to `b` (positive when b is later). */
export function daysBetween(a: string, b: string): number {
  return Temporal.PlainDate.from(a).until(Temporal.PlainDate.from(b), { largestUnit: 'days' }).days;
}

/** An instant moved by minutes (exact time, not wall time: a 90-minute turn is 90 real minutes). */
export function addMinutes(instant: string, minutes: number): string {
  return new Date(Date.parse(instant) + minutes * 60_000).toISOString();
}
