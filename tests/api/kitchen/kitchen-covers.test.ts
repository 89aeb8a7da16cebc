import { describe, expect } from 'vitest';
import { orderDish } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { call as send } from '../../support/records.ts';

/**
 * A booked table's covers load the kitchen (docs/reference/operations.md "One kitchen, one capacity"): a quote
 * and a checkout read them from the database by their start times, bounded by dates so that the
 * read searches an index. In a zone 11 hours behind UTC, a booking of the afternoon of 1 June
 * (local) starts on 2 June in UTC: the read must still find it.
 */

const ADMIN = { email: 'covers-owner@example.com', password: 'covers-owner-password' };
/** 2026-06-01 12:00 in Pago Pago (UTC−11). */
let clock = Date.parse('2026-06-01T23:00:00.000Z');

const test = useRecordsWorld(ADMIN, { clock: () => clock });

describe('reservations in the kitchen’s load', () => {
  test('a booked party pushes the ASAP promise while it holds its table, and stops when cancelled', async ({
    t,
    admin,
    alice,
    dishes,
  }) => {
    const settings = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
      timeZone: 'Pacific/Pago_Pago',
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
      reservations: { slotMinutes: 15, leadMinutes: 0, horizonDays: 60, coversPerSlot: 1000, lastSeatingMinutes: 0 },
      // A party of 4 loads 4 × 1.5 = 6 of a bucket's 8 units, in the bucket 30 minutes after it sits down.
      kitchen: {
        bucketMinutes: 15,
        unitsPerBucket: 8,
        prepMinutes: 20,
        unitsPerCover: 1.5,
        firstCourseMinutes: 30,
        extraDelayMinutes: 0,
        acceptingOrders: true,
        pausedUntil: null,
      },
      fulfilment: { pickup: true },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const booked = await send(t, 'POST', '/api/v1/reservations', alice, {
      date: '2026-06-01',
      time: '14:00',
      partySize: 4,
      name: 'Covers Guest',
      phone: '+880 1711-000222',
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const reservation = booked.json().data as { _id: string; startsAt: string };
    expect(reservation.startsAt).toBe('2026-06-02T01:00:00.000Z');

    // 14:30 local (01:30 UTC on 2 June): a ready time of 14:50 cooks from 14:30, the bucket the party loads.
    clock = Date.parse('2026-06-02T01:30:00.000Z');
    const dish = dishes[0]?._id as string;
    const prep = Number(
      (
        await t.database.db
          .selectFrom('products')
          .select('prep_units')
          .where('id', '=', Number(dish))
          .executeTakeFirstOrThrow()
      ).prep_units,
    );
    const line = await orderDish(t.app, alice, dish, Math.ceil(3 / prep));
    expect(Math.ceil(3 / prep) * prep).toBeGreaterThan(2);
    expect(Math.ceil(3 / prep) * prep).toBeLessThanOrEqual(8);
    const quote = async () => {
      const res = await send(t, 'GET', `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${line.orderMainId}`, alice);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { asap: { readyAt: string } | null }).asap?.readyAt;
    };
    // 6 units there already: the order waits for the next bucket (cooking from 14:45, ready 15:05).
    expect(await quote()).toBe('2026-06-02T02:05:00.000Z');

    const cancelled = await send(t, 'POST', `/api/v1/reservations/${reservation._id}/status`, admin, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await quote()).toBe('2026-06-02T01:50:00.000Z');
  });
});
