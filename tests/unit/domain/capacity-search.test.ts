import { describe, expect, it } from 'vitest';
import {
  type KitchenLoad,
  type KitchenRules,
  bucketLoads,
  hasRoom,
  instantMs,
} from '../../../src/shared/domain/capacity.ts';
import { kitchenWindow } from '../../../src/shared/domain/kitchen-promise.ts';
import { asapPromise } from '../../../src/shared/domain/kitchen-promise.ts';

/**
 * The ASAP search skips the rest of a full bucket instead of trying every 5-minute step in it
 * (a fuller kitchen must not cost more per checkout). It must promise exactly what trying every
 * step would: checked here against that plain search on generated kitchens, in zones whose
 * clocks change by an hour, by half an hour (Lord Howe) and at a quarter past (Kathmandu), on
 * the days they change, for buckets of 15, 30 and 60 minutes.
 */

const MINUTE = 60_000;

function rules(timeZone: string, bucketMinutes: number, unitsPerBucket: number): KitchenRules {
  return {
    timeZone,
    // Open all day: every instant can be a ready time, so the plain search below needs no opening rule.
    openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
    closedDates: [],
    kitchen: {
      bucketMinutes,
      unitsPerBucket,
      prepMinutes: 20,
      unitsPerCover: 1.5,
      firstCourseMinutes: 30,
      extraDelayMinutes: 0,
      acceptingOrders: true,
      pausedUntil: null,
      warnMinutes: 5,
    },
    fulfilment: {
      dineIn: true,
      pickup: true,
      delivery: true,
      deliveryMinutes: 30,
      deliveryFee: 3,
      deliveryMinimum: 15,
    },
  };
}

/** A small seeded generator, so a failure can be run again. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Trying every 5-minute step from now + prep to the horizon offered, as the search did before it skipped full buckets. */
function plainSearch(r: KitchenRules, load: KitchenLoad, units: number, now: string): string | null {
  const loads = bucketLoads(r, load);
  const five = 5 * MINUTE;
  const start = Math.ceil((Date.parse(now) + r.kitchen.prepMinutes * MINUTE) / five) * five;
  for (let ms = start; ms <= Date.parse(kitchenWindow(r, now).to); ms += five) {
    if (hasRoom(r, loads, new Date(ms).toISOString(), units, now)) return new Date(ms).toISOString();
  }
  return null;
}

/** A zone and the instant its clocks change (or a plain midnight). */
const days: [string, string][] = [
  ['Europe/London', '2026-03-29T01:00:00.000Z'],
  ['Europe/London', '2026-10-25T01:00:00.000Z'],
  ['Australia/Lord_Howe', '2026-04-04T15:00:00.000Z'],
  ['Australia/Lord_Howe', '2026-10-03T15:30:00.000Z'],
  ['Asia/Kathmandu', '2026-06-01T18:15:00.000Z'],
  ['UTC', '2026-06-02T00:00:00.000Z'],
];

describe('the ASAP search skipping full buckets', () => {
  it.each(days)('promises what trying every step promises (%s, %s)', (zone, change) => {
    const next = random(Date.parse(change) / MINUTE + zone.length);
    let compared = 0;
    let pushed = 0;
    for (const bucketMinutes of [15, 30, 60]) {
      const size = 10;
      const r = rules(zone, bucketMinutes, size);
      for (const fill of [0.3, 0.8, 0.97]) {
        for (let round = 0; round < 6; round += 1) {
          // Now: somewhere from 8 hours before the clocks change to an hour after.
          const now = new Date(
            Date.parse(change) -
              8 * 3_600_000 +
              Math.floor(next() * 108) * 5 * MINUTE +
              Math.floor(next() * 5) * MINUTE,
          ).toISOString();
          const tickets: KitchenLoad['tickets'] = [];
          // Tickets ready every 5 minutes over the next 30 hours, most of them filling their bucket.
          for (let k = 0; k < 360; k += 1) {
            if (next() < fill)
              tickets.push({
                readyAt: new Date(
                  Math.ceil(Date.parse(now) / (5 * MINUTE)) * 5 * MINUTE + k * 5 * MINUTE,
                ).toISOString(),
                units: 1 + Math.floor(next() * 6),
              });
          }
          const load: KitchenLoad = { tickets, reservations: [] };
          const units = 1 + Math.floor(next() * 24);
          const expected = plainSearch(r, load, units, now);
          expect(
            asapPromise(r, load, units, now)?.readyAt ?? null,
            `${zone} ${bucketMinutes} min, ${units} units at ${now}`,
          ).toBe(expected);
          compared += 1;
          if (
            expected &&
            Date.parse(expected) - Date.parse(now) > 3 * 3_600_000 &&
            Date.parse(expected) > Date.parse(change)
          )
            pushed += 1;
        }
      }
    }
    expect(compared).toBe(54);
    // The kitchens are full enough that many promises had to skip full buckets for hours, past the change.
    expect(pushed).toBeGreaterThan(5);
  });
});

describe('instantMs', () => {
  it('reads an instant as Date.parse does, in the stored form and any other', () => {
    for (const text of [
      '2026-06-02T12:34:56.789Z',
      '1999-12-31T23:59:59.999Z',
      '2026-03-29T01:00:00.000Z',
      '2026-06-02T12:34:56Z',
      '2026-06-02T12:34:56.789+06:00',
      'not a time',
    ]) {
      expect(instantMs(text)).toEqual(Date.parse(text));
    }
  });
});
