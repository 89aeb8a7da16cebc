import { describe, expect, it } from 'vitest';
import { type KitchenLoad, type KitchenRules, bucketLoads, hasRoom } from '../../../src/shared/domain/capacity.ts';
import { asapPromise, scheduledTimes } from '../../../src/shared/domain/kitchen-promise.ts';

/**
 * The kitchen-capacity model (docs/reference/operations.md "One kitchen, one capacity") as tables of cases:
 * buckets in, promise out, with the clock pinned in each case.
 */
function rules(kitchen: Partial<KitchenRules['kitchen']> = {}, rest: Partial<KitchenRules> = {}): KitchenRules {
  return {
    timeZone: 'UTC',
    openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '11:00', close: '23:00' })),
    closedDates: [],
    kitchen: {
      bucketMinutes: 15,
      unitsPerBucket: 10,
      prepMinutes: 20,
      unitsPerCover: 1.5,
      firstCourseMinutes: 30,
      extraDelayMinutes: 0,
      acceptingOrders: true,
      pausedUntil: null,
      warnMinutes: 5,
      ...kitchen,
    },
    fulfilment: {
      dineIn: true,
      pickup: true,
      delivery: true,
      deliveryMinutes: 30,
      deliveryFee: 3,
      deliveryMinimum: 15,
    },
    ...rest,
  };
}

const at = (time: string, date = '2026-06-02') => `${date}T${time}:00.000Z`;
const empty: KitchenLoad = { tickets: [], reservations: [] };
const ready = (r: { readyAt: string } | null) => r?.readyAt.slice(11, 16) ?? null;

describe('asapPromise', () => {
  const cases: [string, KitchenRules, KitchenLoad, number, string, string | null][] = [
    ['an empty kitchen: now + prep', rules(), empty, 3, at('12:00'), '12:20'],
    ['rounded up to the next 5 minutes', rules(), empty, 3, at('12:02'), '12:25'],
    [
      'a full bucket pushes the promise to the next bucket with room',
      rules(),
      { tickets: [{ readyAt: at('12:20'), units: 10 }], reservations: [] },
      3,
      at('12:00'),
      '12:35',
    ],
    ['a ticket bigger than a bucket spreads back, never into the past', rules(), empty, 25, at('12:20'), '13:05'],
    // 6 covers × 1.5 = 9 units in the bucket of 12:00 + 30 min: a 3-unit ticket cooking then does not fit.
    [
      'seated covers load the bucket after the first course',
      rules(),
      { tickets: [], reservations: [{ startsAt: at('12:00'), partySize: 6, carried: false }] },
      3,
      at('12:30'),
      '13:05',
    ],
    [
      'unless a dine-in ticket carries their food',
      rules(),
      { tickets: [], reservations: [{ startsAt: at('12:00'), partySize: 6, carried: true }] },
      3,
      at('12:30'),
      '12:50',
    ],
    ['busy mode adds its delay', rules({ extraDelayMinutes: 10 }), empty, 3, at('12:00'), '12:30'],
    ['paused without an end: no promise', rules({ acceptingOrders: false }), empty, 3, at('12:00'), null],
    [
      'paused until later: no promise now',
      rules({ acceptingOrders: false, pausedUntil: at('13:00') }),
      empty,
      3,
      at('12:00'),
      null,
    ],
    [
      'a pause that has ended is over',
      rules({ acceptingOrders: false, pausedUntil: at('13:00') }),
      empty,
      3,
      at('13:05'),
      '13:25',
    ],
    ['closed now: no promise', rules(), empty, 3, at('10:30'), null],
    ['just before closing: cooking waits for the next opening', rules(), empty, 3, at('22:50'), '11:20'],
    [
      'in the restaurant’s zone (Asia/Dhaka, UTC+6)',
      rules({}, { timeZone: 'Asia/Dhaka' }),
      empty,
      3,
      at('06:00'),
      '06:20',
    ],
  ];
  it.each(cases)('%s', (_name, r, load, units, now, expected) => {
    expect(ready(asapPromise(r, load, units, now))).toBe(expected);
  });

  it('adds the delivery time for a delivery', () => {
    expect(asapPromise(rules(), empty, 3, at('12:00'), true)).toEqual({ readyAt: at('12:20'), arriveAt: at('12:50') });
  });
});

describe('bucketLoads and hasRoom', () => {
  it('spreads a big ticket from its cooking bucket backwards, a bucket at a time', () => {
    const loads = bucketLoads(rules(), { tickets: [{ readyAt: at('13:00'), units: 25 }], reservations: [] });
    expect([...loads.entries()].map(([ms, units]) => [new Date(ms).toISOString().slice(11, 16), units])).toEqual([
      ['12:30', 10],
      ['12:15', 10],
      ['12:00', 5],
    ]);
  });

  it('has room only when the whole load fits, inside opening spans, not in the past', () => {
    const loads = bucketLoads(rules(), { tickets: [{ readyAt: at('12:50'), units: 8 }], reservations: [] });
    expect(hasRoom(rules(), loads, at('12:50'), 2, at('12:00'))).toBe(true);
    expect(hasRoom(rules(), loads, at('12:50'), 3, at('12:00'))).toBe(false);
    expect(hasRoom(rules(), loads, at('11:10'), 1, at('10:00'))).toBe(false); // cooking at 10:50, before opening
    expect(hasRoom(rules(), loads, at('12:20'), 1, at('12:30'))).toBe(false); // its bucket is past
  });
});

describe('scheduledTimes', () => {
  it('offers the bucket grid from now + prep to the end of the next opening day, skipping full buckets', () => {
    const load = { tickets: [{ readyAt: at('13:00'), units: 10 }], reservations: [] };
    const times = scheduledTimes(rules(), load, 3, at('12:00'));
    expect(times.slice(0, 4).map((t) => t.time)).toEqual(['12:30', '12:45', '13:15', '13:30']);
    expect(times[0]).toEqual({ date: '2026-06-02', time: '12:30', readyAt: at('12:30') });
    expect(times.at(-1)).toMatchObject({ date: '2026-06-03', time: '23:00' });
    expect(times.some((t) => t.date === '2026-06-03' && t.time === '11:00')).toBe(false); // cooking would start before opening
    expect(times.find((t) => t.date === '2026-06-03')?.time).toBe('11:30');
  });

  it('starts at the end of a pause, and offers nothing for a pause without an end', () => {
    expect(
      scheduledTimes(rules({ acceptingOrders: false, pausedUntil: at('14:00') }), empty, 3, at('12:00'))[0]?.time,
    ).toBe('14:00');
    expect(scheduledTimes(rules({ acceptingOrders: false }), empty, 3, at('12:00'))).toEqual([]);
  });
});
