import { timeOf } from './clock-time.ts';
import { addDays, instantAt, weekdayOf } from './wall-clock.ts';
import type { KitchenRules, KitchenLoad, KitchenPromise, ScheduledTime } from './capacity.ts';
import { MINUTE, arrivalOf, kitchenClock, bucketLoads, roomIn } from './capacity.ts';

/* The kitchen's promises (docs/reference/operations.md "Kitchen capacity"): whether orders are paused, the earliest ready time of a new order and the scheduled times, on the loads and horizon of capacity.ts. */
/**
 * The buckets a quote or checkout at `now` may use (from the bucket of now to the end of the
 * next day the restaurant opens, as ISO instants), and the start times of the reservations
 * whose covers can load them.
 */
export function kitchenWindow(
  rules: KitchenRules,
  now: string,
): { from: string; to: string; reservationsFrom: string } {
  const clock = kitchenClock(rules);
  const from = clock.bucketStart(Date.parse(now));
  const to = horizon(rules, clock, now);
  const reservationsFrom = from - (rules.kitchen.firstCourseMinutes + rules.kitchen.bucketMinutes) * MINUTE;
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    reservationsFrom: new Date(reservationsFrom).toISOString(),
  };
}

/** The end of the next day the restaurant opens after today (local), as an instant: how far ahead times are offered. */
function horizon(rules: KitchenRules, clock: ReturnType<typeof kitchenClock>, now: string): number {
  const today = clock.wall(Date.parse(now));
  // The same for every quote and checkout of a local day under the same settings object: worked
  // out through Temporal once (it cost about 0.45 ms a call, twice per checkout).
  let known = horizons.get(rules);
  if (!known) {
    known = new Map();
    horizons.set(rules, known);
  }
  const kept = known.get(today.date);
  if (kept !== undefined) return kept;
  const found = nextOpenDayEnd(rules, clock, today.date);
  if (found === undefined) return Date.parse(now) + 2 * 86_400_000;
  if (known.size >= 16) known.clear();
  known.set(today.date, found);
  return found;
}

/** Horizons worked out, per settings object and local date. */
const horizons = new WeakMap<KitchenRules, Map<string, number>>();

function nextOpenDayEnd(
  rules: KitchenRules,
  clock: ReturnType<typeof kitchenClock>,
  todayDate: string,
): number | undefined {
  for (let i = 1; i <= 14; i += 1) {
    const date = addDays(todayDate, i);
    const spans = clock.spansOf(date, weekdayOf(date));
    // That day's last close, as an instant (wall-clock.ts's rule on the days the clocks change).
    if (spans.length > 0) return instantAt(date, Math.max(...spans.map((s) => s.close)), rules.timeZone);
  }
  return undefined;
}

/** Whether online orders are paused at `now` (and until when; null: until someone resumes them). */
export function pausedAt(rules: KitchenRules, now: string): { paused: boolean; until: string | null } {
  if (rules.kitchen.acceptingOrders) return { paused: false, until: null };
  const until = rules.kitchen.pausedUntil;
  if (until !== null && Date.parse(until) <= Date.parse(now)) return { paused: false, until: null };
  return { paused: true, until };
}

/** The earliest moment a new order could be ready: now + prep + busy delay, rounded up to the next 5 minutes. */
export function earliestReady(rules: KitchenRules, now: string): number {
  const earliest = Date.parse(now) + (rules.kitchen.prepMinutes + rules.kitchen.extraDelayMinutes) * MINUTE;
  const five = 5 * MINUTE;
  return Math.ceil(earliest / five) * five;
}

/**
 * The ASAP promise: the earliest ready time, no sooner than now + prep + busy delay (rounded up
 * to 5 minutes), inside an opening span, whose buckets have room; pushed later while the
 * kitchen is full, never refused while there is room later. Null while closed or paused.
 */
export function asapPromise(
  rules: KitchenRules,
  load: KitchenLoad,
  units: number,
  now: string,
  delivery = false,
): KitchenPromise | null {
  const clock = kitchenClock(rules);
  if (pausedAt(rules, now).paused || !clock.open(Date.parse(now))) return null;
  const loads = bucketLoads(rules, load, clock);
  const end = horizon(rules, clock, now);
  const nowBucket = clock.bucketStart(Date.parse(now));
  const prep = rules.kitchen.prepMinutes * MINUTE;
  const five = 5 * MINUTE;
  for (let ms = earliestReady(rules, now); ms <= end;) {
    if (!clock.open(ms)) {
      ms += five;
      continue;
    }
    if (roomIn(rules, clock, loads, ms, units, nowBucket)) {
      const readyAt = new Date(ms).toISOString();
      return delivery ? { readyAt, arriveAt: arrivalOf(rules, readyAt) } : { readyAt };
    }
    // Whether a ready time has room depends only on the bucket its cooking starts in (the
    // spread goes back from there): every later step starting in the same full bucket is
    // skipped, so a fuller kitchen costs one look per full bucket, not three or more.
    ms = Math.ceil(Math.max(ms + five, clock.nextStartBucket(ms - prep) + prep) / five) * five;
  }
  return null;
}

/**
 * The scheduled ready times still free, on the bucket grid, from now + prep + busy delay to the
 * end of the next day the restaurant opens after today; while paused they start at
 * `pausedUntil`, and there are none when no end is set.
 */
export function scheduledTimes(rules: KitchenRules, load: KitchenLoad, units: number, now: string): ScheduledTime[] {
  const clock = kitchenClock(rules);
  const pause = pausedAt(rules, now);
  if (pause.paused && pause.until === null) return [];
  const loads = bucketLoads(rules, load, clock);
  const step = rules.kitchen.bucketMinutes * MINUTE;
  const from = Math.max(earliestReady(rules, now), pause.paused && pause.until ? Date.parse(pause.until) : 0);
  const end = horizon(rules, clock, now);
  const times: ScheduledTime[] = [];
  const nowBucket = clock.bucketStart(Date.parse(now));
  for (let ms = clock.bucketStart(from) + (clock.bucketStart(from) < from ? step : 0); ms <= end; ms += step) {
    if (!clock.open(ms) || !clock.firstPass(ms)) continue;
    if (!roomIn(rules, clock, loads, ms, units, nowBucket)) continue;
    const local = clock.wall(ms);
    times.push({ date: local.date, time: timeOf(local.minutes), readyAt: new Date(ms).toISOString() });
  }
  return times;
}
