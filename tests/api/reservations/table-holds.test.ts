import { describe, expect } from 'vitest';
import type { Reservation } from '../../../src/shared/contract/reservations.ts';
import { createStaff } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import type { TestApp } from '../../support/test-app.ts';
import { call as send } from '../../support/records.ts';
import { BOOKING_TEST_SETTINGS } from '../../support/booking-settings.ts';

/**
 * The tables module owns the holds (docs/decisions/022): a reservation's holds follow its
 * status through every change, and a table is deleted only when no active hold of it is still to
 * come. Through the HTTP API, on this file's database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */
const ADMIN = { email: 'holds-owner@example.com', password: 'holds-owner-password' };
let clock = Date.parse('2026-06-01T08:00:00.000Z');
const test = useRecordsWorld(ADMIN, { clock: () => clock });

async function holdsOf(t: TestApp, id: string) {
  const rows = await t.database.db
    .selectFrom('table_holds')
    .select(['table_id', 'starts_at', 'ends_at', 'active'])
    .where('reservation_id', '=', Number(id))
    .execute();
  return rows.map((h) => ({
    tableId: String(h.table_id),
    endsAt: new Date(h.ends_at).toISOString(),
    active: Number(h.active) === 1,
  }));
}

describe('table holds', () => {
  test('follow the status: released by a no-show, taken again when booked again, ended at an early completion, moved with the booking', async ({
    t,
    admin,
  }) => {
    const users = (await send(t, 'GET', '/api/v1/users/users', admin)).json().data as { _id: string; email: string }[];
    const staff = await createStaff(t.app, admin, { name: 'Holds Host' });
    const usersNow = (await send(t, 'GET', '/api/v1/users/users', admin)).json().data as {
      _id: string;
      email: string;
    }[];
    expect(usersNow.length).toBe(users.length + 1);
    expect((await send(t, 'PATCH', '/api/v1/restaurant', admin, BOOKING_TEST_SETTINGS)).statusCode).toBe(200);
    const phone = (time: string, name: string) =>
      send(t, 'POST', '/api/v1/reservations', staff, {
        date: '2026-06-01',
        time,
        partySize: 2,
        name,
        phone: '+880 1711-000000',
        source: 'phone',
      });
    const status = (id: string, value: string) =>
      send(t, 'POST', `/api/v1/reservations/${id}/status`, staff, { status: value });

    const late = (await phone('12:00', 'Late Lena')).json().data as Reservation;
    expect(await holdsOf(t, late._id)).toEqual([{ tableId: late.tables[0]?._id, endsAt: late.endsAt, active: true }]);
    clock = Date.parse('2026-06-01T12:20:00.000Z');
    try {
      expect((await status(late._id, 'no_show')).statusCode).toBe(200);
      expect((await holdsOf(t, late._id)).map((h) => h.active)).toEqual([false]);
      expect((await status(late._id, 'booked')).statusCode).toBe(200);
      expect((await holdsOf(t, late._id)).map((h) => h.active)).toEqual([true]);
      expect((await status(late._id, 'seated')).statusCode).toBe(200);
      clock = Date.parse('2026-06-01T13:00:00.000Z');
      expect((await status(late._id, 'completed')).statusCode).toBe(200);
      expect(await holdsOf(t, late._id)).toEqual([
        { tableId: late.tables[0]?._id, endsAt: '2026-06-01T13:00:00.000Z', active: true },
      ]);

      // A move holds its new time only.
      const mover = (await phone('18:00', 'Moving Max')).json().data as Reservation;
      const moved = await send(t, 'PATCH', `/api/v1/reservations/${mover._id}`, staff, { time: '20:00' });
      expect(moved.statusCode).toBe(200);
      expect(await holdsOf(t, mover._id)).toEqual(
        (moved.json().data as Reservation).tables.map((table) => ({
          tableId: table._id,
          endsAt: '2026-06-01T21:30:00.000Z',
          active: true,
        })),
      );
    } finally {
      clock = Date.parse('2026-06-01T08:00:00.000Z');
    }
  });

  test('a table is deleted only when none of its active holds is still to come', async ({ t, admin }) => {
    // The tables service reads the real clock (app.ts gives it none): book on the real calendar.
    clock = Date.now();
    const date = new Date(clock + 3 * 86_400_000).toISOString().slice(0, 10);
    try {
      const table = (
        await send(t, 'POST', '/api/v1/tables', admin, { name: 'Hold Test', minCovers: 1, maxCovers: 12 })
      ).json().data as { _id: string };
      // A party of 12 fits this table alone.
      const big = await send(t, 'POST', '/api/v1/reservations', admin, {
        date,
        time: '19:00',
        partySize: 12,
        name: 'Big Party',
        phone: '+880 1711-000000',
        source: 'phone',
      });
      expect(big.statusCode).toBe(201);
      const booking = big.json().data as Reservation;
      expect(booking.tables.map((x) => x._id)).toEqual([table._id]);
      const refused = await send(t, 'DELETE', `/api/v1/tables/${table._id}`, admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Hold Test has upcoming bookings: deactivate it instead');
      expect((await send(t, 'POST', `/api/v1/reservations/${booking._id}/cancel`, admin)).statusCode).toBe(200);
      expect((await send(t, 'DELETE', `/api/v1/tables/${table._id}`, admin)).statusCode).toBe(200);
      expect(await holdsOf(t, booking._id)).toEqual([]);
    } finally {
      clock = Date.parse('2026-06-01T08:00:00.000Z');
    }
  });
});
