import pg from 'pg';
import { describe, expect } from 'vitest';
import type { RestaurantSettings } from '../../../src/shared/contract/restaurant.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { ticketBuckets } from '../../../src/shared/domain/capacity.ts';
import { bearer } from '../../support/factories.ts';
import { call } from '../../support/records.ts';
import { named, order, post, useStaffOrderWorld } from '../../support/staff-orders.ts';

/**
 * The kitchen's room taken per bucket (decision 042) on PostgreSQL: a placing holds the row of
 * the bucket it takes and the kitchen only shared, so that another placing of the same day in
 * another bucket goes through while the first is still in flight. The first placing is played
 * by a transaction of the test holding exactly those locks; nothing here measures time (the
 * request's abort after 20 s only ends a placing that waits, which the old kitchen lock did).
 * Runs with TEST_DATABASE_URL (vitest.config.ts leaves postgres-* files out without it).
 */

const ADMIN = { email: 'kitchen-room@example.com', password: 'kitchen-room-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const test = useStaffOrderWorld(ADMIN, () => NOW);

describe('capacity per kitchen bucket on PostgreSQL', () => {
  test(
    'a placing in one bucket does not wait for a placing in flight in another bucket of the day',
    { timeout: 60_000 },
    async ({ t, staff, dishes, base }) => {
      expect(t.database.engine).toBe('postgres');
      const tacos = named(dishes, 'Beef Tacos');
      const first = await post(t, staff, order(tacos));
      expect(first.statusCode).toBe(201);
      const held = (
        await t.database.db.selectFrom('kitchen_buckets').select('bucket_start').where('units', '>', 0).execute()
      ).map((r) => r.bucket_start);
      expect(held).toHaveLength(1);
      const settings = (await call(t, 'GET', '/api/v1/restaurant')).json().data as RestaurantSettings;
      const quote = await call(t, 'POST', '/api/v1/tickets/quote', staff, {
        fulfilment: 'pickup',
        lines: [{ productId: tacos._id, quantity: 1 }],
      });
      const times = quote.json().data.times as { readyAt: string }[];
      const elsewhere = times.find((time) =>
        ticketBuckets(settings, time.readyAt, 1).every((part) => part.bucket !== held[0]),
      );
      expect(elsewhere).toBeDefined();

      const inFlight = new pg.Client({ connectionString: t.config.databaseUrl });
      await inFlight.connect();
      try {
        // What a placing in the first bucket holds until it commits: the kitchen shared, its bucket's row.
        await inFlight.query('begin');
        await inFlight.query(`select pg_advisory_xact_lock_shared(hashtext('kitchen'))`);
        await inFlight.query('select units from kitchen_buckets where bucket_start = $1 for update', [held[0]]);

        const answer = await fetch(`${base}/api/v1/tickets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(staff) },
          body: JSON.stringify(order(tacos, { when: elsewhere?.readyAt })),
          signal: AbortSignal.timeout(20_000),
        });
        expect(answer.status).toBe(201);
        expect(((await answer.json()) as { data: Ticket }).data.readyAt).toBe(elsewhere?.readyAt);
        // The first placing still holds its bucket: the second never needed it.
        const rowLocks = await inFlight.query(
          `select count(*)::int as n from pg_locks where pid = pg_backend_pid() and granted and locktype in ('transactionid', 'advisory')`,
        );
        expect(rowLocks.rows[0].n).toBeGreaterThanOrEqual(2);
      } finally {
        await inFlight.query('rollback');
        await inFlight.end();
      }
      // Each bucket holds what its ticket took.
      const loads = await t.database.db
        .selectFrom('kitchen_buckets')
        .select(['bucket_start', 'units'])
        .where('units', '>', 0)
        .orderBy('bucket_start')
        .execute();
      expect(loads).toHaveLength(2);
    },
  );
});
