import { describe, expect, it } from 'vitest';
import { timeOf } from '../../../src/shared/domain/clock-time.ts';
import { type DiningRoom, slotsFor } from '../../../src/shared/domain/availability.ts';
import { type KitchenRules, bucketLoads } from '../../../src/shared/domain/capacity.ts';
import { scheduledTimes } from '../../../src/shared/domain/kitchen-promise.ts';
import { openingState } from '../../../src/shared/domain/opening.ts';
import {
  addDays,
  instantAt,
  instantAtWallClock,
  instantOf,
  wallClockAt,
  wallClockOf,
  wallTimeExists,
} from '../../../src/shared/domain/wall-clock.ts';

/**
 * The one wall clock (src/shared/domain/wall-clock.ts) and its one rule for the days the clocks
 * change, as tables: the rule itself; then booking slots, the kitchen's buckets and scheduled
 * times, and "Open now" on a spring-forward and a fall-back day, which must agree; and the
 * browser's Intl reading against Temporal's, minute by minute across those days.
 */

const iso = (ms: number) => new Date(ms).toISOString();

describe('the rule: a repeated time is its first pass, a skipped one lands after the jump', () => {
  const cases: [string, string, string, number, string, boolean][] = [
    // zone, date, wall time (minutes), its instant, whether the clock shows it that day
    ['an ordinary time', 'Europe/Berlin', '2026-07-01', 10 * 60, '2026-07-01T08:00:00.000Z', true],
    [
      'Berlin, spring: 02:30 is skipped (02:00 → 03:00), so 03:30 CEST',
      'Europe/Berlin',
      '2026-03-29',
      2 * 60 + 30,
      '2026-03-29T01:30:00.000Z',
      false,
    ],
    [
      'Berlin, spring: 03:00 is the jump’s end',
      'Europe/Berlin',
      '2026-03-29',
      3 * 60,
      '2026-03-29T01:00:00.000Z',
      true,
    ],
    [
      'Berlin, autumn: 02:30 comes twice, first in summer time',
      'Europe/Berlin',
      '2026-10-25',
      2 * 60 + 30,
      '2026-10-25T00:30:00.000Z',
      true,
    ],
    [
      'Berlin, autumn: 24:00 is the next midnight',
      'Europe/Berlin',
      '2026-10-25',
      24 * 60,
      '2026-10-25T23:00:00.000Z',
      true,
    ],
    [
      'New York, spring: 02:15 is skipped, so 03:15 EDT',
      'America/New_York',
      '2026-03-08',
      2 * 60 + 15,
      '2026-03-08T07:15:00.000Z',
      false,
    ],
    [
      'New York, autumn: 01:30 comes twice, first in EDT',
      'America/New_York',
      '2026-11-01',
      90,
      '2026-11-01T05:30:00.000Z',
      true,
    ],
    [
      'Lord Howe, spring: a half-hour jump skips 02:15',
      'Australia/Lord_Howe',
      '2026-10-04',
      2 * 60 + 15,
      '2026-10-03T15:45:00.000Z',
      false,
    ],
    [
      'Lord Howe, autumn: 01:45 comes twice, first at +11:00',
      'Australia/Lord_Howe',
      '2026-04-05',
      105,
      '2026-04-04T14:45:00.000Z',
      true,
    ],
  ];
  it.each(cases)('%s', (_name, zone, date, minutes, instant, exists) => {
    expect(iso(instantAt(date, minutes, zone))).toBe(instant);
    // The browser's reading follows the same rule.
    expect(iso(instantAtWallClock(date, minutes, zone))).toBe(instant);
    expect(wallTimeExists(date, minutes, zone)).toBe(exists);
    // A list of the day's times leaves a skipped time out.
    expect(instantOf(date, minutes, zone)).toBe(exists ? instant : null);
  });
});

/** Open from midnight to 05:00 on Sundays only: the transition hours fall inside. */
const NIGHT = [{ day: 0, open: '00:00', close: '05:00' }];

function kitchenRules(timeZone: string): KitchenRules {
  return {
    timeZone,
    openingHours: NIGHT,
    closedDates: [],
    kitchen: {
      bucketMinutes: 30,
      unitsPerBucket: 10,
      prepMinutes: 0,
      unitsPerCover: 1,
      firstCourseMinutes: 0,
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

const bookingRules = (timeZone: string) => ({
  timeZone,
  openingHours: NIGHT,
  closedDates: [],
  reservations: {
    slotMinutes: 30,
    leadMinutes: 0,
    horizonDays: 30,
    maxPartySize: 12,
    cancelCutoffMinutes: 120,
    coversPerSlot: 100,
    lastSeatingMinutes: 0,
    turnMinutes: [{ maxParty: 12, minutes: 30 }],
  },
});

const ROOM: DiningRoom = {
  tables: [{ id: 1, name: 'T1', minCovers: 1, maxCovers: 4, active: true }],
  combinations: [],
  holds: [],
  covers: [],
};

describe('booking slots, kitchen buckets and "Open now" on the days the clocks change', () => {
  const days: [string, string, string, string[], string, number][] = [
    // zone, date, the day's times (each "HH:MM=instant"), an instant in the second pass of a repeated hour (or ''), quarter hours open
    [
      'Berlin, spring forward',
      'Europe/Berlin',
      '2026-03-29',
      [
        '00:00=2026-03-28T23:00',
        '00:30=2026-03-28T23:30',
        '01:00=2026-03-29T00:00',
        '01:30=2026-03-29T00:30',
        '03:00=2026-03-29T01:00',
        '03:30=2026-03-29T01:30',
        '04:00=2026-03-29T02:00',
        '04:30=2026-03-29T02:30',
      ],
      '',
      16,
    ],
    [
      'Berlin, fall back',
      'Europe/Berlin',
      '2026-10-25',
      [
        '00:00=2026-10-24T22:00',
        '00:30=2026-10-24T22:30',
        '01:00=2026-10-24T23:00',
        '01:30=2026-10-24T23:30',
        '02:00=2026-10-25T00:00',
        '02:30=2026-10-25T00:30',
        '03:00=2026-10-25T02:00',
        '03:30=2026-10-25T02:30',
        '04:00=2026-10-25T03:00',
        '04:30=2026-10-25T03:30',
      ],
      '2026-10-25T01:00',
      24,
    ],
    [
      'New York, spring forward',
      'America/New_York',
      '2026-03-08',
      [
        '00:00=2026-03-08T05:00',
        '00:30=2026-03-08T05:30',
        '01:00=2026-03-08T06:00',
        '01:30=2026-03-08T06:30',
        '03:00=2026-03-08T07:00',
        '03:30=2026-03-08T07:30',
        '04:00=2026-03-08T08:00',
        '04:30=2026-03-08T08:30',
      ],
      '',
      16,
    ],
    [
      'New York, fall back',
      'America/New_York',
      '2026-11-01',
      [
        '00:00=2026-11-01T04:00',
        '00:30=2026-11-01T04:30',
        '01:00=2026-11-01T05:00',
        '01:30=2026-11-01T05:30',
        '02:00=2026-11-01T07:00',
        '02:30=2026-11-01T07:30',
        '03:00=2026-11-01T08:00',
        '03:30=2026-11-01T08:30',
        '04:00=2026-11-01T09:00',
        '04:30=2026-11-01T09:30',
      ],
      '2026-11-01T06:00',
      24,
    ],
  ];

  it.each(days)('%s', (_name, zone, date, times, secondPass, openQuarters) => {
    const expected = times.map((t) => `${t}:00.000Z`);
    const now = `${addDays(date, -1)}T00:00:00.000Z`;

    // Booking slots: each time the clock shows, once, at its first pass.
    const slots = slotsFor(bookingRules(zone), ROOM, date, 2, now);
    expect(slots.map((s) => `${s.time}=${s.startsAt}`)).toEqual(expected);

    // The kitchen's scheduled ready times of that day: the same times at the same instants.
    const scheduled = scheduledTimes(kitchenRules(zone), { tickets: [], reservations: [] }, 1, now).filter(
      (t) => t.date === date,
    );
    expect(scheduled.map((t) => `${t.time}=${t.readyAt}`)).toEqual(expected);

    // The kitchen's buckets run on instants: the second pass of a repeated hour cooks in buckets of its own.
    if (secondPass) {
      const first = iso(instantAt(date, wallClockOf(`${secondPass}:00.000Z`, zone).minutes, zone));
      const loads = bucketLoads(kitchenRules(zone), {
        tickets: [
          { readyAt: first, units: 3 },
          { readyAt: `${secondPass}:00.000Z`, units: 4 },
        ],
        reservations: [],
      });
      expect([...loads.entries()].map(([bucket, units]) => `${iso(bucket)}:${units}`)).toEqual([
        `${first}:3`,
        `${secondPass}:00.000Z:4`,
      ]);
    }

    // "Open now", read every quarter hour around the day, by the browser's reading and by
    // Temporal's: open exactly from the day's opening instant to its closing instant.
    const opens = instantAt(date, 0, zone);
    const closes = instantAt(date, 5 * 60, zone);
    let open = 0;
    for (let ms = opens - 3 * 3_600_000; ms < closes + 3 * 3_600_000; ms += 15 * 60_000) {
      const browser = openingState({ openingHours: NIGHT, closedDates: [] }, wallClockAt(ms, zone)).open;
      const server = openingState({ openingHours: NIGHT, closedDates: [] }, wallClockOf(ms, zone)).open;
      expect([iso(ms), browser]).toEqual([iso(ms), ms >= opens && ms < closes]);
      expect(server).toBe(browser);
      if (browser) open += 1;
    }
    expect(open).toBe(openQuarters);
    // Every listed time is open then.
    for (const slot of slots)
      expect(openingState({ openingHours: NIGHT, closedDates: [] }, wallClockOf(slot.startsAt, zone)).open).toBe(true);
  });
});

describe('the browser’s reading (Intl) and Temporal’s agree', () => {
  const transitions: [string, string][] = [
    ['Europe/Berlin', '2026-03-29'],
    ['Europe/Berlin', '2026-10-25'],
    ['America/New_York', '2026-03-08'],
    ['America/New_York', '2026-11-01'],
    ['Australia/Lord_Howe', '2026-10-04'],
    ['Australia/Lord_Howe', '2026-04-05'],
    ['Asia/Dhaka', '2026-06-01'],
  ];
  it.each(transitions)('%s on %s, every 5 minutes', (zone, date) => {
    for (let minutes = 0; minutes <= 1440; minutes += 5) {
      expect([timeOf(minutes), iso(instantAtWallClock(date, minutes, zone))]).toEqual([
        timeOf(minutes),
        iso(instantAt(date, minutes, zone)),
      ]);
    }
    const from = Date.parse(`${date}T00:00:00Z`) - 14 * 3_600_000;
    for (let ms = from; ms < from + 52 * 3_600_000; ms += 5 * 60_000) {
      expect([iso(ms), wallClockAt(ms, zone)]).toEqual([iso(ms), wallClockOf(ms, zone)]);
    }
  });
});
