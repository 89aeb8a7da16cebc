import pg from 'pg';
import { describe, expect } from 'vitest';
import type { RestaurantSettings } from '../../../src/shared/contract/restaurant.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { ticketBuckets } from '../../../src/shared/domain/capacity.ts';
import { bearer } from '../../support/factories.ts';
import { untilSomeoneWaits } from '../../support/pg-waits.ts';
import { call } from '../../support/records.ts';
import { named, order, post, useStaffOrderWorld } from '../../support/staff-orders.ts';

/**
 * The day's numbers held for one statement (decision 046) on PostgreSQL: a placing takes its
 * ticket's and bill's numbers by its last statement, so a placing still in flight (here one
 * that waits for its kitchen bucket's row, which the test holds) holds nothing that another
 * placing of the same day needs to be numbered. Until then the day's numbers were a lock of the
 * day held from the ticket's number to the commit: the second placing waited for the first and
 * ended at its 20 s abort. Runs with TEST_DATABASE_URL (vitest.config.ts leaves postgres-*
 * files out without it).
 */

const ADMIN = { email: 'day-numbers-pg@example.com', password: 'day-numbers-pg-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const test = useStaffOrderWorld(ADMIN, () => NOW);

const send = (base: string, staff: Parameters<typeof bearer>[0], body: unknown) =>
  fetch(`${base}/api/v1/tickets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(staff) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  }).then(async (r) => ({ status: r.status, ticket: ((await r.json()) as { data: Ticket }).data }));

describe('the day numbers on PostgreSQL', () => {
  test(
    'a placing waiting for its bucket does not hold up the numbers of another placing of the day',
    { timeout: 60_000 },
    async ({ t, staff, dishes, base }) => {
      expect(t.database.engine).toBe('postgres');
      const tacos = named(dishes, 'Beef Tacos');
      expect((await post(t, staff, order(tacos))).statusCode).toBe(201);
      const held = (
        await t.database.db.selectFrom('kitchen_buckets').select('bucket_start').where('units', '>', 0).execute()
      ).map((r) => r.bucket_start);
      expect(held).toHaveLength(1);
      const settings = (await call(t, 'GET', '/api/v1/restaurant')).json().data as RestaurantSettings;
      const times = (
        await call(t, 'POST', '/api/v1/tickets/quote', staff, {
          fulfilment: 'pickup',
          lines: [{ productId: tacos._id, quantity: 1 }],
        })
      ).json().data.times as { readyAt: string }[];
      const elsewhere = times.find((time) =>
        ticketBuckets(settings, time.readyAt, 1).every((part) => part.bucket !== held[0]),
      );
      expect(elsewhere).toBeDefined();

      const bucketHolder = new pg.Client({ connectionString: t.config.databaseUrl });
      await bucketHolder.connect();
      let waiting: Promise<{ status: number; ticket: Ticket }> | undefined;
      try {
        await bucketHolder.query('begin');
        await bucketHolder.query('select units from kitchen_buckets where bucket_start = $1 for update', [held[0]]);
        // A placing for as soon as possible goes to the held bucket and waits there for its row.
        waiting = send(base, staff, order(tacos));
        waiting.catch(() => undefined);
        await untilSomeoneWaits(bucketHolder, 'the first placing never came to wait for its bucket');
        const other = await send(base, staff, order(tacos, { when: elsewhere?.readyAt }));
        expect(other.status).toBe(201);
        expect(other.ticket.number).toBe('A-002');
      } finally {
        await bucketHolder.query('rollback');
        await bucketHolder.end();
      }
      const first = await waiting;
      expect(first.status).toBe(201);
      expect(first.ticket.number).toBe('A-003');
      const bills = await t.database.db.selectFrom('bills').select('number').orderBy('seq').execute();
      expect(bills.map((b) => b.number)).toEqual(['B-001', 'B-002', 'B-003']);
    },
  );
});
