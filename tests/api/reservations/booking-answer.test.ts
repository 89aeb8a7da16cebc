import { describe, expect } from 'vitest';
import type { Reservation } from '../../../src/shared/contract/reservations.ts';
import { createStaff } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { call } from '../../support/records.ts';
import { BOOKING_TEST_SETTINGS } from '../../support/booking-settings.ts';

/**
 * A booking answers the reservation as it will be read back (decision 081): the view made in its
 * transaction from what the booking chose (its tables, named as the room was read, by id) is
 * the one a later read builds from the database, for a guest's booking on two tables put
 * together, a phone booking and a walk-in. On this file's database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */
const ADMIN = { email: 'booking-answer@example.com', password: 'booking-answer-password' };
const clock = Date.parse('2026-06-01T08:00:00.000Z');
const test = useRecordsWorld(ADMIN, { clock: () => clock });

describe('a booking’s answer', () => {
  test('is the reservation as read back: on a combination, by phone, and a walk-in', async ({ t, admin, alice }) => {
    expect(
      (
        await call(t, 'PATCH', '/api/v1/restaurant', admin, {
          ...BOOKING_TEST_SETTINGS,
          reservations: { ...BOOKING_TEST_SETTINGS.reservations, maxPartySize: 50 },
        })
      ).statusCode,
    ).toBe(200);
    const staff = await createStaff(t.app, admin, { name: 'Answer Host' });
    const seats = async (path: string) =>
      ((await call(t, 'GET', path, admin)).json().data as { maxCovers: number }[]).map((place) => place.maxCovers);
    const largest = Math.max(...(await seats('/api/v1/tables')), ...(await seats('/api/v1/table-combinations')));
    // Two tables each as large as the largest table or combination, made South then North and
    // put together North first: a party one larger sits only at the two, named by id in the answer.
    const made: { _id: string; name: string }[] = [];
    for (const name of ['Answer South', 'Answer North']) {
      const created = await call(t, 'POST', '/api/v1/tables', admin, { name, minCovers: 1, maxCovers: largest });
      expect(created.statusCode).toBe(201);
      made.push(created.json().data as { _id: string; name: string });
    }
    const combination = await call(t, 'POST', '/api/v1/table-combinations', admin, {
      tableIds: made.map((table) => table._id).reverse(),
      minCovers: largest + 1,
      maxCovers: 2 * largest,
    });
    expect(combination.statusCode).toBe(201);

    const online = await call(t, 'POST', '/api/v1/reservations', alice, {
      date: '2026-06-02',
      time: '19:00',
      partySize: largest + 1,
      name: 'Alice Answer',
      phone: '+880 1711-000001',
      notes: 'by the window',
    });
    expect(online.statusCode).toBe(201);
    const booked = online.json().data as Reservation;
    expect(booked.tables).toEqual(made.map((table) => ({ _id: table._id, name: table.name })));
    const mine = (await call(t, 'GET', '/api/v1/reservations/mine', alice)).json().data as Reservation[];
    expect(mine.find((r) => r._id === booked._id)).toEqual(booked);

    const phone = await call(t, 'POST', '/api/v1/reservations', staff, {
      date: '2026-06-02',
      time: '12:00',
      partySize: 2,
      name: 'Phone Answer',
      phone: '+880 1711-000002',
      source: 'phone',
    });
    const walkIn = await call(t, 'POST', '/api/v1/reservations', staff, {
      partySize: 2,
      name: 'Walk-in Answer',
      source: 'walk_in',
    });
    expect([phone.statusCode, walkIn.statusCode]).toEqual([201, 201]);
    for (const [answer, date] of [
      [phone, '2026-06-02'],
      [walkIn, '2026-06-01'],
    ] as const) {
      const made = answer.json().data as Reservation;
      expect(made.tables.length).toBeGreaterThan(0);
      const book = (await call(t, 'GET', `/api/v1/reservations?date=${date}`, staff)).json().data as Reservation[];
      expect(book.find((r) => r._id === made._id)).toEqual(made);
    }
  });
});
