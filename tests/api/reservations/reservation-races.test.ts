import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import { createAccount, createStaff } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { createRaces, summary } from '../../support/reservation-races.ts';
import { call as send } from '../../support/records.ts';
import { BOOKING_TEST_SETTINGS } from '../../support/booking-settings.ts';

/**
 * Issue 40 point 1: every reservation write is a compare-and-set on what it read, in one
 * transaction with its table holds, so that of racing changes exactly one wins and the holds
 * follow the status. The four races, 20 concurrent HTTP requests a round, against this
 * file's server on its database (SQLite, or PostgreSQL when TEST_DATABASE_URL is set); the
 * same races across two app servers are in postgres-reservation-races.test.ts.
 */
const ADMIN = { email: 'race-owner@example.com', password: 'race-owner-password' };
/** 2026-06-01 08:00 UTC; the rounds book the days after. */
const clock = Date.parse('2026-06-01T08:00:00.000Z');
const ROUNDS = 5;

const test = useRecordsWorld(ADMIN, { clock: () => clock });

describe('reservation races (issue 40)', () => {
  test(
    'the four races: one winner where one must win, and the holds follow the status',
    { timeout: 180_000 },
    async ({ t, admin }) => {
      const staff = await createStaff(t.app, admin, { name: 'Race Host' });
      const settings = await send(t, 'PATCH', '/api/v1/restaurant', admin, BOOKING_TEST_SETTINGS);
      expect(settings.statusCode).toBe(200);
      const guest = await createAccount(t.app, { name: 'Race Guest' });
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

      const races = createRaces({
        servers: [base],
        staffToken: staff.accessToken,
        guestToken: guest.accessToken,
        dateFor: (round) => `2026-06-${String(5 + round).padStart(2, '0')}`,
        async holdsOf(id) {
          const rows = await t.database.db
            .selectFrom('table_holds')
            .select(['table_id', 'starts_at', 'ends_at', 'active'])
            .where('reservation_id', '=', Number(id))
            .execute();
          return rows.map((h) => ({
            tableId: h.table_id,
            startsAt: new Date(h.starts_at).toISOString(),
            endsAt: new Date(h.ends_at).toISOString(),
            active: Number(h.active) === 1,
          }));
        },
      });
      const results = await races.run(ROUNDS);
      const report = summary(`[${t.database.engine}, one server]`, results);
      console.log(report);
      expect(
        results.filter((r) => r.faults.length > 0).map((r) => `${r.race} #${r.round}: ${r.faults.join('; ')}`),
      ).toEqual([]);
      expect(results).toHaveLength(4 * ROUNDS);
    },
  );
});
