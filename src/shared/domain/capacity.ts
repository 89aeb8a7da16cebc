import type { RestaurantSettings } from '../contract/restaurant.ts';
import { spanMinutesOn, zoneReader } from './wall-clock.ts';
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

export const MINUTE = 60_000;

/** When a delivery ready at `readyAt` arrives: `deliveryMinutes` later. */
export function arrivalOf(rules: Pick<RestaurantSettings, 'fulfilment'>, readyAt: string): string {
  return new Date(Date.parse(readyAt) + rules.fulfilment.deliveryMinutes * MINUTE).toISOString();
}

/** The kitchen's clock for one computation: local wall time of instants, buckets, opening spans. */
export function kitchenClock(rules: KitchenRules) {
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
export function spread(
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
export function roomIn(
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
