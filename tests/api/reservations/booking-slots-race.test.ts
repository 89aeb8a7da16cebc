import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import { createAccount, createStaff } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { call as send } from '../../support/records.ts';

/**
 * Bookings under a race, per slot (decision 046): a booking holds its slot (the covers paced per
 * slot) and, online, its guest, no longer its whole date; no table is held twice because the
 * holds' exclusion constraint (a trigger on SQLite) refuses an overlap, and a booking that lost
 * a table to a racer in another slot is worked out again. Concurrent HTTP requests against this
 * file's server, on SQLite or on PostgreSQL (TEST_DATABASE_URL).
 */
const ADMIN = { email: 'slot-race-owner@example.com', password: 'slot-race-owner-password' };
const clock = Date.parse('2026-06-01T08:00:00.000Z');
const test = useRecordsWorld(ADMIN, { clock: () => clock });

type Answer = { status: number; body: { message?: string; data?: { _id: string } } };

describe('bookings racing across slots', () => {
  test(
    '24 phone bookings in two overlapping slots at once hold as many tables as one at a time, none twice; 8 guests for 4 parties’ covers: 4 booked',
    { timeout: 120_000 },
    async ({ t, admin }) => {
      // Two hosts: each sends 24 (a caller's writes are limited to 30 a minute).
      const staff = await createStaff(t.app, admin, { name: 'Slot Host' });
      const other = await createStaff(t.app, admin, { name: 'Slot Host Two' });
      const settings = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
        timeZone: 'UTC',
        openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '11:00', close: '23:00' })),
        reservations: {
          slotMinutes: 30,
          leadMinutes: 0,
          horizonDays: 60,
          coversPerSlot: 8,
          lastSeatingMinutes: 60,
          cancelCutoffMinutes: 120,
        },
      });
      expect(settings.statusCode).toBe(200);
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const post = (token: string, body: object): Promise<Answer> =>
        fetch(`${base}/api/v1/reservations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as Answer['body'] }));
      const phone = (date: string, i: number) => ({
        date,
        time: i % 2 === 0 ? '19:00' : '19:30',
        partySize: 2 + (i % 3),
        name: `Caller ${i}`,
        phone: '+1 555 0100',
        source: 'phone',
      });

      // One at a time: what the room holds.
      const serial: Answer[] = [];
      for (let i = 0; i < 24; i += 1) serial.push(await post(staff.accessToken, phone('2026-06-10', i)));
      const held = serial.filter((a) => a.status === 201).length;
      expect(held).toBeGreaterThan(5);
      expect(held).toBeLessThan(24);

      const racing = await Promise.all(
        Array.from({ length: 24 }, (_, i) => post(other.accessToken, phone('2026-06-11', i))),
      );
      expect(
        racing.map((a) => a.status).filter((s) => s !== 409 && s !== 201),
        JSON.stringify(racing.slice(0, 3)),
      ).toEqual([]);
      expect(racing.filter((a) => a.status === 201)).toHaveLength(held);
      expect(racing.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body.message}`)).toEqual(
        Array.from({ length: 24 - held }, () => '409 That time is no longer available'),
      );

      const overlaps = await t.database.db
        .selectFrom('table_holds as a')
        .innerJoin('table_holds as b', (join) =>
          join
            .onRef('a.table_id', '=', 'b.table_id')
            .onRef('a.reservation_id', '<', 'b.reservation_id')
            .onRef('a.starts_at', '<', 'b.ends_at')
            .onRef('b.starts_at', '<', 'a.ends_at'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('a.active', '=', 1)
        .where('b.active', '=', 1)
        .executeTakeFirstOrThrow();
      expect(Number(overlaps.n)).toBe(0);

      // Pacing per slot: 8 covers; 8 guests ask for 2 each at once, each with their own key.
      const guests = [];
      for (let i = 0; i < 8; i += 1) guests.push(await createAccount(t.app, { name: `Slot Guest ${i}` }));
      const online = await Promise.all(
        guests.map((g, i) =>
          post(g.accessToken, {
            date: '2026-06-12',
            time: '20:00',
            partySize: 2,
            name: `Guest ${i}`,
            phone: '+1 555 0101',
          }),
        ),
      );
      expect(online.filter((a) => a.status === 201)).toHaveLength(4);
      expect(online.filter((a) => a.status === 409)).toHaveLength(4);
    },
  );
});
