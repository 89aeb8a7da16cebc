import { describe, expect, it } from 'vitest';
import type { RestaurantSettings } from '../../../src/shared/contract/restaurant.ts';
import { type DiningRoom, bestFit, slotsFor } from '../../../src/shared/domain/availability.ts';
import { instantOf } from '../../../src/shared/domain/wall-clock.ts';

/**
 * Availability as a pure function (docs/reference/operations.md "Tables and reservations"), case by case with
 * a pinned clock: each rule alone, best fit, and the daylight-saving days of Europe/London.
 */
type Rules = Pick<RestaurantSettings, 'timeZone' | 'openingHours' | 'closedDates' | 'reservations'>;

function rules(overrides: Partial<Rules['reservations']> = {}, rest: Partial<Rules> = {}): Rules {
  return {
    timeZone: 'UTC',
    openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '11:00', close: '15:00' })),
    closedDates: [],
    reservations: {
      slotMinutes: 30,
      leadMinutes: 0,
      horizonDays: 30,
      maxPartySize: 12,
      cancelCutoffMinutes: 120,
      coversPerSlot: 100,
      lastSeatingMinutes: 60,
      turnMinutes: [
        { maxParty: 2, minutes: 90 },
        { maxParty: 12, minutes: 120 },
      ],
      ...overrides,
    },
    ...rest,
  };
}

const room = (over: Partial<DiningRoom> = {}): DiningRoom => ({
  tables: [
    { id: 1, name: 'T1', minCovers: 1, maxCovers: 2, active: true },
    { id: 2, name: 'T2', minCovers: 2, maxCovers: 4, active: true },
    { id: 3, name: 'T3', minCovers: 2, maxCovers: 4, active: true },
  ],
  combinations: [{ id: 1, tableIds: [2, 3], minCovers: 5, maxCovers: 8 }],
  holds: [],
  covers: [],
  ...over,
});

const NOW = '2026-06-01T08:00:00.000Z';
const summary = (slots: ReturnType<typeof slotsFor>) =>
  slots.map((s) => `${s.time}${s.available ? '' : ` ${s.reason}`}`);

describe('slotsFor', () => {
  it('lists every slot of the spans on the grid, up to close − last seating', () => {
    expect(summary(slotsFor(rules(), room(), '2026-06-02', 2, NOW))).toEqual([
      '11:00',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
    ]);
    const twoSpans = rules(
      {},
      {
        openingHours: [2].flatMap((day) => [
          { day, open: '18:00', close: '20:00' },
          { day, open: '11:00', close: '12:30' },
        ]),
      },
    );
    expect(summary(slotsFor(twoSpans, room(), '2026-06-02', 2, NOW))).toEqual([
      '11:00',
      '11:30',
      '18:00',
      '18:30',
      '19:00',
    ]);
  });

  it('says past and too soon from the clock and the lead time', () => {
    const slots = slotsFor(rules({ leadMinutes: 60 }), room(), '2026-06-01', 2, '2026-06-01T11:40:00.000Z');
    expect(summary(slots)).toEqual([
      '11:00 past',
      '11:30 past',
      '12:00 too soon',
      '12:30 too soon',
      '13:00',
      '13:30',
      '14:00',
    ]);
  });

  it('says full when the covers starting in a slot would pass coversPerSlot', () => {
    const at = instantOf('2026-06-02', 12 * 60, 'UTC') as string;
    const slots = slotsFor(
      rules({ coversPerSlot: 4 }),
      room({ covers: [{ reservationId: 9, startsAt: at, partySize: 3 }] }),
      '2026-06-02',
      2,
      NOW,
    );
    expect(slots.find((s) => s.time === '12:00')).toMatchObject({ available: false, reason: 'full' });
    expect(slots.find((s) => s.time === '12:30')?.available).toBe(true);
    expect(
      slotsFor(
        rules({ coversPerSlot: 4 }),
        room({ covers: [{ reservationId: 9, startsAt: at, partySize: 3 }] }),
        '2026-06-02',
        2,
        NOW,
        { ignorePacing: true },
      ).find((s) => s.time === '12:00')?.available,
    ).toBe(true);
  });

  it('works out only the time a booking asks for, as the whole day says it (none for a time not on the grid)', () => {
    const at = instantOf('2026-06-02', 12 * 60, 'UTC') as string;
    const busy = room({
      covers: [{ reservationId: 9, startsAt: at, partySize: 3 }],
      holds: [1, 2].map((tableId) => ({ reservationId: 9, tableId, startsAt: at, endsAt: '2026-06-02T13:30:00.000Z' })),
    });
    const day = slotsFor(rules({ coversPerSlot: 4 }), busy, '2026-06-02', 2, NOW);
    for (const slot of day)
      expect(slotsFor(rules({ coversPerSlot: 4 }), busy, '2026-06-02', 2, NOW, { only: slot.time })).toEqual([slot]);
    expect(slotsFor(rules(), busy, '2026-06-02', 2, NOW, { only: '12:15' })).toEqual([]);
    expect(slotsFor(rules(), busy, '2026-06-02', 2, NOW, { only: '12:00', ignorePacing: true })).toEqual([
      { time: '12:00', startsAt: at, available: true },
    ]);
  });

  it('says no table when every fitting table is held for part of the turn', () => {
    const holds = [1, 2, 3].map((tableId) => ({
      reservationId: tableId,
      tableId,
      startsAt: '2026-06-02T12:00:00.000Z',
      endsAt: '2026-06-02T13:30:00.000Z',
    }));
    const slots = slotsFor(rules(), room({ holds }), '2026-06-02', 2, NOW);
    // 11:00's 90-minute turn runs into 12:00; 13:30 starts as the holds end.
    expect(summary(slots)).toEqual([
      '11:00 no table',
      '11:30 no table',
      '12:00 no table',
      '12:30 no table',
      '13:00 no table',
      '13:30',
      '14:00',
    ]);
    // A move ignores the reservation's own hold.
    expect(
      slotsFor(rules(), room({ holds: holds.slice(0, 1) }), '2026-06-02', 2, NOW, { ignoreReservationId: 1 }).every(
        (s) => s.available,
      ),
    ).toBe(true);
  });

  it('answers nothing for a closed day, a closed date, a past date or one beyond the horizon', () => {
    const closedSundays = rules(
      {},
      { openingHours: [1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '11:00', close: '15:00' })) },
    );
    expect(slotsFor(closedSundays, room(), '2026-06-07', 2, NOW)).toEqual([]);
    expect(slotsFor(rules({}, { closedDates: ['2026-06-02'] }), room(), '2026-06-02', 2, NOW)).toEqual([]);
    expect(slotsFor(rules(), room(), '2026-05-31', 2, NOW)).toEqual([]);
    expect(slotsFor(rules({ horizonDays: 30 }), room(), '2026-07-01', 2, NOW)).toHaveLength(7);
    expect(slotsFor(rules({ horizonDays: 30 }), room(), '2026-07-02', 2, NOW)).toEqual([]);
  });

  it('skips the hour the clocks spring forward, and offers the repeated hour once (Europe/London)', () => {
    const night = () =>
      rules(
        { lastSeatingMinutes: 0, horizonDays: 400 },
        { timeZone: 'Europe/London', openingHours: [{ day: 0, open: '00:00', close: '04:00' }] },
      );
    const spring = slotsFor(night(), room(), '2026-03-29', 2, '2026-03-01T00:00:00.000Z');
    expect(spring.map((s) => `${s.time}=${s.startsAt}`)).toEqual([
      '00:00=2026-03-29T00:00:00.000Z',
      '00:30=2026-03-29T00:30:00.000Z',
      '02:00=2026-03-29T01:00:00.000Z',
      '02:30=2026-03-29T01:30:00.000Z',
      '03:00=2026-03-29T02:00:00.000Z',
      '03:30=2026-03-29T02:30:00.000Z',
    ]);
    const autumn = slotsFor(night(), room(), '2026-10-25', 2, '2026-10-01T00:00:00.000Z');
    expect(autumn.map((s) => s.time)).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);
    expect(new Set(autumn.map((s) => s.startsAt)).size).toBe(autumn.length);
    expect(autumn.find((s) => s.time === '01:00')?.startsAt).toBe('2026-10-25T00:00:00.000Z');
    expect(autumn.find((s) => s.time === '02:00')?.startsAt).toBe('2026-10-25T02:00:00.000Z');
  });

  it('works in a half-hour zone (Asia/Kolkata)', () => {
    const slots = slotsFor(rules({}, { timeZone: 'Asia/Kolkata' }), room(), '2026-06-02', 2, NOW);
    expect(slots[0]).toMatchObject({ time: '11:00', startsAt: '2026-06-02T05:30:00.000Z' });
  });
});

describe('bestFit', () => {
  const start = '2026-06-02T12:00:00.000Z';
  const end = '2026-06-02T13:30:00.000Z';
  it('picks the fewest empty seats, single tables before combinations', () => {
    expect(bestFit(room(), 2, start, end)).toEqual({ tableIds: [1] });
    expect(bestFit(room(), 3, start, end)).toEqual({ tableIds: [2] });
    expect(bestFit(room(), 7, start, end)).toEqual({ tableIds: [2, 3] });
    expect(bestFit(room(), 9, start, end)).toBeNull();
  });
  it('skips held and inactive tables, and combinations with one of them', () => {
    const held = room({
      holds: [
        { reservationId: 5, tableId: 2, startsAt: '2026-06-02T13:00:00.000Z', endsAt: '2026-06-02T14:00:00.000Z' },
      ],
    });
    expect(bestFit(held, 3, start, end)).toEqual({ tableIds: [3] });
    expect(bestFit(held, 6, start, end)).toBeNull();
    const inactive = room();
    (inactive.tables[1] as { active: boolean }).active = false;
    expect(bestFit(inactive, 6, start, end)).toBeNull();
  });
});
