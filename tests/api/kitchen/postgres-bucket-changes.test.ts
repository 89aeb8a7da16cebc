import pg from 'pg';
import { describe, expect } from 'vitest';
import type { RestaurantSettings } from '../../../src/shared/contract/restaurant.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { OPEN_TICKET_STATUSES } from '../../../src/shared/domain/workflows.ts';
import { ticketBuckets } from '../../../src/shared/domain/capacity.ts';
import { bearer } from '../../support/factories.ts';
import { call, storedBucketLoads } from '../../support/records.ts';
import { named, order, post, useStaffOrderWorld } from '../../support/staff-orders.ts';

/**
 * A load that leaves the kitchen is written as a row of its own (decision 052), not as an update
 * of its bucket's row: so a kitchen's completion in flight, still at its bill's statements,
 * holds no bucket's row, and a placing in the same bucket goes through meanwhile. The completion
 * is made to wait at its receipt by a transaction of the test holding the receipt counter; on
 * the old code it held the bucket's row from its first write to its commit, and the placing
 * waited for it until its request's 20 s abort. Nothing here measures time.
 * Runs with TEST_DATABASE_URL (vitest.config.ts leaves postgres-* files out without it).
 */

const ADMIN = { email: 'bucket-changes@example.com', password: 'bucket-changes-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const test = useStaffOrderWorld(ADMIN, () => NOW);

describe('loads leaving the kitchen on PostgreSQL', () => {
  test(
    'a completion waiting at its receipt does not hold up a placing in the bucket its load left',
    { timeout: 90_000 },
    async ({ t, staff, dishes, base }) => {
      expect(t.database.engine).toBe('postgres');
      const tacos = named(dishes, 'Beef Tacos');
      const first = (await post(t, staff, order(tacos))).json().data as Ticket;
      for (const status of ['preparing', 'ready'])
        expect(
          (await call(t, 'POST', `/api/v1/kitchen/tickets/${first._id}/status`, staff, { status })).statusCode,
        ).toBe(200);
      const settings = (await call(t, 'GET', '/api/v1/restaurant')).json().data as RestaurantSettings;
      const bucketsOf = (readyAt: string) => ticketBuckets(settings, readyAt, 1).map((part) => part.bucket);

      const receipts = new pg.Client({ connectionString: t.config.databaseUrl });
      await receipts.connect();
      let completion: Promise<Response> | undefined;
      try {
        // Another bill being paid: the receipt counter held to its commit.
        await receipts.query('begin');
        await receipts.query('select last_number from receipt_counter for update');
        // The kitchen hands the pick-up over: its cash is taken and its bill paid, so it waits at the receipt.
        completion = fetch(`${base}/api/v1/kitchen/tickets/${first._id}/status`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(staff) },
          body: JSON.stringify({ status: 'completed' }),
        });
        await expect
          .poll(
            async () =>
              (
                await receipts.query(
                  `select count(*)::int as n from pg_locks where not granted and pid <> pg_backend_pid()`,
                )
              ).rows[0].n,
            { timeout: 20_000 },
          )
          .toBe(1);

        const second = await fetch(`${base}/api/v1/tickets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(staff) },
          body: JSON.stringify(order(tacos)),
          signal: AbortSignal.timeout(20_000),
        });
        expect(second.status).toBe(201);
        const placed = ((await second.json()) as { data: Ticket }).data;
        // The same bucket the completing ticket's load is leaving: the row the old code held.
        expect(bucketsOf(placed.readyAt)).toEqual(bucketsOf(first.readyAt));
      } finally {
        await receipts.query('rollback');
        await receipts.end();
      }
      expect((await completion)?.status).toBe(200);
      // The loads as stored are the open tickets' (the second one's alone).
      const open = await t.database.db
        .selectFrom('tickets')
        .select(['ready_at', 'units'])
        .where('status', 'in', OPEN_TICKET_STATUSES)
        .execute();
      expect(open).toHaveLength(1);
      expect(await storedBucketLoads(t)).toEqual(
        ticketBuckets(settings, open[0]?.ready_at as string, Number(open[0]?.units)).map((part) => [
          part.bucket,
          part.units,
        ]),
      );
    },
  );
});
