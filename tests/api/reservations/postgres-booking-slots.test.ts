import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { describe, expect } from 'vitest';
import { createStaff } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { untilSomeoneWaits } from '../../support/pg-waits.ts';
import { call as send } from '../../support/records.ts';

/**
 * A booking holds its slot, not its date (decision 046), on PostgreSQL: a booking in flight at
 * 19:00 (here one that waits to hold its table, which the test's own transaction holds
 * uncommitted) does not hold up a booking at 12:00 the same day. Until then a booking held its
 * date's lock for its whole transaction, and the second waited for the first and ended at its
 * 20 s abort. Runs with TEST_DATABASE_URL (vitest.config.ts leaves postgres-* files out without it).
 */
const ADMIN = { email: 'slot-pg-owner@example.com', password: 'slot-pg-owner-password' };
const clock = Date.parse('2026-06-01T08:00:00.000Z');
const test = useRecordsWorld(ADMIN, { clock: () => clock });

describe('bookings per slot on PostgreSQL', () => {
  test(
    'a booking at 12:00 does not wait for a booking in flight at 19:00 the same day',
    { timeout: 60_000 },
    async ({ t, admin }) => {
      expect(t.database.engine).toBe('postgres');
      const staff = await createStaff(t.app, admin, { name: 'Slot Host' });
      const settings = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
        timeZone: 'UTC',
        openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '11:00', close: '23:00' })),
        reservations: {
          slotMinutes: 30,
          leadMinutes: 0,
          horizonDays: 60,
          coversPerSlot: 40,
          lastSeatingMinutes: 60,
          cancelCutoffMinutes: 120,
        },
      });
      expect(settings.statusCode).toBe(200);
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const book = (time: string) =>
        fetch(`${base}/api/v1/reservations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.accessToken}` },
          body: JSON.stringify({
            date: '2026-06-10',
            time,
            partySize: 2,
            name: `Caller ${time}`,
            phone: '+1 555 0100',
            source: 'phone',
          }),
          signal: AbortSignal.timeout(20_000),
        }).then((r) => r.status);
      // A reservation of another day for the test's own holds to belong to.
      const owner = await send(t, 'POST', '/api/v1/reservations', staff, {
        date: '2026-06-20',
        time: '12:00',
        partySize: 2,
        name: 'Owner',
        phone: '+1 555 0100',
        source: 'phone',
      });
      expect(owner.statusCode).toBe(201);
      await t.database.db
        .deleteFrom('table_holds')
        .where('reservation_id', '=', Number(owner.json().data._id))
        .execute();
      const tables = await t.database.db.selectFrom('dining_tables').select('id').execute();

      const tableHolder = new pg.Client({ connectionString: t.config.databaseUrl });
      await tableHolder.connect();
      let inFlight: Promise<number> | undefined;
      try {
        // Every table held, uncommitted, over the evening: a 19:00 booking picks one and waits at its hold.
        await tableHolder.query('begin');
        for (const table of tables) {
          await tableHolder.query(
            `insert into table_holds (reservation_id, table_id, starts_at, ends_at, active) values ($1, $2, '2026-06-10T18:00:00.000Z', '2026-06-10T23:00:00.000Z', 1)`,
            [Number(owner.json().data._id), table.id],
          );
        }
        inFlight = book('19:00');
        inFlight.catch(() => undefined);
        await untilSomeoneWaits(tableHolder, 'the 19:00 booking never came to wait for its table');
        expect(await book('12:00')).toBe(201);
      } finally {
        await tableHolder.query('rollback');
        await tableHolder.end();
      }
      expect(await inFlight).toBe(201);
    },
  );
});
