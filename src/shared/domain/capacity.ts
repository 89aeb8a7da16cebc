import type { RestaurantSettings } from '../contract/restaurant.ts';
import { timeOf } from './clock-time.ts';
import { addDays, instantAt, spanMinutesOn, weekdayOf, zoneReader } from './wall-clock.ts';
import { instantMs } from './instant.ts';

/**
 * One kitchen, one capacity (docs/reference/operations.md): time is cut into `bucketMinutes` buckets aligned
 * to local midnight, each able to cook `unitsPerBucket` units. A ticket ready at R loads its
 * units into the bucket where cooking starts (R − prepMinutes), spreading over the buckets before
 * it when bigger than one, never into the past; a booked or seated reservation of P covers at S
 * loads P × unitsPerCover into the bucket holding S + firstCourseMinutes, unless a dine-in ticket
 * carries its food. Cooking happens only inside opening spans. A pure module: the quote and the
 * checkout both call it on what they read (the checkout inside its write transaction).
 */

export type KitchenRules = Pick<
  RestaurantSettings,
  'timeZone' | 'openingHours' | 'closedDates' | 'kitchen' | 'fulfilment'
>;

export interface KitchenLoad {
  /** Open tickets: when each is due and how many units it weighs. */
  tickets: { readyAt: string; units: number }[];
  /** Booked or seated reservations; `carried` when a dine-in ticket already carries their food. */
  reservations: { startsAt: string; partySize: number; carried: boolean }[];
  /**
   * Tickets' loads already spread into their buckets (bucket start → units, as ticketBuckets
   * gives them): what the server keeps per bucket instead of reading every ticket of the day.
   */
  buckets?: { bucket: string; units: number }[];
}

export interface KitchenPromise {
  readyAt: string;
  /** For a delivery: readyAt + deliveryMinutes. */
  arriveAt?: string;
}

export interface ScheduledTime {
  /** Local date and time of the ready time. */
  date: string;
  time: string;
  readyAt: string;
}

export { instantMs } from './instant.ts';

const MINUTE = 60_000;

/** When a delivery ready at `readyAt` arrives: `deliveryMinutes` later. */
export function arrivalOf(rules: Pick<RestaurantSettings, 'fulfilment'>, readyAt: string): string {
  return new Date(Date.parse(readyAt) + rules.fulfilment.deliveryMinutes * MINUTE).toISOString();
}

/** The kitchen's clock for one computation: local wall time of instants, buckets, opening spans. */
function kitchenClock(rules: KitchenRules) {
  const zone = zoneReader(rules.timeZone);
  const offsetAt = zone.offsetAt;
  const bucket = rules.kitchen.bucketMinutes;
  const spansOf = (date: string, weekday: number) => spanMinutesOn(rules, date, weekday);
  // Each local day's date, weekday and opening spans, worked out once.
  const days = new Map<number, { date: string; weekday: number; spans: { open: number; close: number }[] }>();
  const dayOf = (dayNumber: number) => {
    let day = days.get(dayNumber);
    if (!day) {
      const midnight = new Date(dayNumber * 86_400_000);
      const date = midnight.toISOString().slice(0, 10);
      const weekday = midnight.getUTCDay();
      day = { date, weekday, spans: spansOf(date, weekday) };
      days.set(dayNumber, day);
    }
    return day;
  };
  const wall = (ms: number) => {
    const local = ms + offsetAt(ms) * MINUTE;
    const day = dayOf(Math.floor(local / 86_400_000));
    return {
      date: day.date,
      weekday: day.weekday,
      spans: day.spans,
      minutes: Math.floor((((local % 86_400_000) + 86_400_000) % 86_400_000) / MINUTE),
    };
  };
  /** The start of the bucket holding an instant (ms). */
  const bucketStart = (ms: number): number => {
    // Only the minutes past the hour matter here (buckets divide 60): no date to build.
    const localMinutes = Math.floor(ms / MINUTE) + offsetAt(ms);
    const within = (((localMinutes % bucket) + bucket) % bucket) * MINUTE + (((ms % MINUTE) + MINUTE) % MINUTE);
    return ms - within;
  };
  return {
    wall,
    bucketStart,
    /**
     * The first instant after `ms` whose bucket is not the bucket of `ms` (its end), or `ms` + 1
     * minute when the zone's offset changes inside that bucket (where buckets may be cut
     * differently: the caller then walks on in small steps).
     */
    nextStartBucket(ms: number): number {
      const start = bucketStart(ms);
      const end = start + bucket * MINUTE;
      return offsetAt(start) === offsetAt(end - 1) ? end : ms + MINUTE;
    },
    /** Whether a whole bucket starting at `start` lies inside an opening span. */
    cooks(start: number): boolean {
      const local = wall(start);
      return local.spans.some((s) => local.minutes >= s.open && local.minutes + bucket <= s.close);
    },
    /** Whether a ready time lies inside an opening span (a guest can collect it). */
    open(ms: number): boolean {
      const local = wall(ms);
      return local.spans.some((s) => local.minutes >= s.open && local.minutes <= s.close);
    },
    spansOf,
    /** Whether an instant is the first pass of its wall time (a list of times names each once: wall-clock.ts). */
    firstPass: zone.firstPass,
  };
}

/** How a load of `units` ready at `readyAt` spreads over buckets: the start bucket first, then those before it. */
function spread(
  rules: KitchenRules,
  clock: ReturnType<typeof kitchenClock>,
  readyMs: number,
  units: number,
): { bucket: number; units: number }[] {
  const size = rules.kitchen.unitsPerBucket;
  const step = rules.kitchen.bucketMinutes * MINUTE;
  const parts: { bucket: number; units: number }[] = [];
  let bucket = clock.bucketStart(readyMs - rules.kitchen.prepMinutes * MINUTE);
  let left = units;
  while (left > 0) {
    const part = Math.min(left, size);
    parts.push({ bucket, units: part });
    left -= part;
    bucket -= step;
  }
  return parts;
}

/**
 * The buckets a ticket of `units` ready at `readyAt` loads, and by how much (bucket start as an
 * ISO instant): what the server adds to its table of bucket loads when the ticket is placed, and
 * takes away when it is completed or cancelled.
 */
export function ticketBuckets(
  rules: KitchenRules,
  readyAt: string,
  units: number,
): { bucket: string; units: number }[] {
  return spread(rules, kitchenClock(rules), Date.parse(readyAt), units).map((part) => ({
    bucket: new Date(part.bucket).toISOString(),
    units: part.units,
  }));
}

/**
 * Which of the rules decide the buckets a ticket loads: a table of bucket loads is good for the
 * rules it was built under, and is built again when these change.
 */
export function bucketRules(rules: KitchenRules): string {
  return JSON.stringify([
    rules.timeZone,
    rules.kitchen.bucketMinutes,
    rules.kitchen.prepMinutes,
    rules.kitchen.unitsPerBucket,
  ]);
}

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

/** The quote asks for the ASAP promise and the free times on one load: its buckets are worked out once. */
const computedLoads = new WeakMap<KitchenLoad, { rules: KitchenRules; loads: Map<number, number> }>();

/** The load already in each bucket (ms start → units), worked out once per load and rules. */
export function bucketLoads(rules: KitchenRules, load: KitchenLoad, clock = kitchenClock(rules)): Map<number, number> {
  const known = computedLoads.get(load);
  if (known?.rules === rules) return known.loads;
  const loads = computeLoads(rules, load, clock);
  computedLoads.set(load, { rules, loads });
  return loads;
}

function computeLoads(
  rules: KitchenRules,
  load: KitchenLoad,
  clock: ReturnType<typeof kitchenClock>,
): Map<number, number> {
  const loads = new Map<number, number>();
  const add = (bucket: number, units: number) => loads.set(bucket, (loads.get(bucket) ?? 0) + units);
  for (const ticket of load.tickets)
    for (const part of spread(rules, clock, instantMs(ticket.readyAt), ticket.units)) add(part.bucket, part.units);
  for (const part of load.buckets ?? []) add(instantMs(part.bucket), part.units);
  for (const r of load.reservations) {
    if (!r.carried)
      add(
        clock.bucketStart(instantMs(r.startsAt) + rules.kitchen.firstCourseMinutes * MINUTE),
        r.partySize * rules.kitchen.unitsPerCover,
      );
  }
  return loads;
}

/**
 * Whether a ticket of `units` can be ready at `readyAt`: every bucket of its spread lies inside
 * an opening span, none in the past (before the bucket of `now`), and each keeps its whole load
 * within unitsPerBucket.
 */
export function hasRoom(
  rules: KitchenRules,
  loads: Map<number, number>,
  readyAt: string,
  units: number,
  now: string,
): boolean {
  const clock = kitchenClock(rules);
  return roomIn(rules, clock, loads, Date.parse(readyAt), units, clock.bucketStart(Date.parse(now)));
}

/** hasRoom with the caller's clock and the bucket of now, so a search over many times looks each offset up once. */
function roomIn(
  rules: KitchenRules,
  clock: ReturnType<typeof kitchenClock>,
  loads: Map<number, number>,
  readyMs: number,
  units: number,
  nowBucket: number,
): boolean {
  return spread(rules, clock, readyMs, units).every(
    (part) =>
      part.bucket >= nowBucket &&
      clock.cooks(part.bucket) &&
      part.units <= roomLeft(rules, loads.get(part.bucket) ?? 0),
  );
}

/**
 * Slack for loads that are sums of covers × unitsPerCover: 0.1 × 3 is 0.30000000000000004 in
 * floating point, and a bucket must not lose a unit of room to that.
 */
const LOAD_SLACK = 1e-9;

/**
 * The whole units a bucket still takes for tickets when `load` is already in it: unitsPerBucket
 * less the load, rounded down (decision 060). A ticket's units are whole (its lines' tenths
 * rounded up) while booked covers may bring a fractional load (a party of 3 at 1.5 units a cover
 * is 4.5), so `units <= roomLeft` says exactly what `load + units <= unitsPerBucket` says; the
 * database compares whole numbers only (kitchen-room.ts).
 */
export function roomLeft(rules: Pick<KitchenRules, 'kitchen'>, load: number): number {
  return Math.floor(rules.kitchen.unitsPerBucket - load + LOAD_SLACK);
}

/** Whether online orders are paused at `now` (and until when; null: until someone resumes them). */
export function pausedAt(rules: KitchenRules, now: string): { paused: boolean; until: string | null } {
  if (rules.kitchen.acceptingOrders) return { paused: false, until: null };
  const until = rules.kitchen.pausedUntil;
  if (until !== null && Date.parse(until) <= Date.parse(now)) return { paused: false, until: null };
  return { paused: true, until };
}

/** The earliest moment a new order could be ready: now + prep + busy delay, rounded up to the next 5 minutes. */
function earliestReady(rules: KitchenRules, now: string): number {
  const earliest = Date.parse(now) + (rules.kitchen.prepMinutes + rules.kitchen.extraDelayMinutes) * MINUTE;
  const five = 5 * MINUTE;
  return Math.ceil(earliest / five) * five;
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
