import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { buildApp } from '../../../src/server/app.ts';
import { prepareDatabase } from '../../../src/server/start.ts';
import { bearer } from '../../support/factories.ts';
import { named, order, staffTickets, useStaffOrderWorld } from '../../support/staff-orders.ts';

/**
 * Orders taken by staff on several app servers (docs/reference/ordering.md "Orders taken by staff"): two app
 * servers on one PostgreSQL database, each with its own connection pool, receive the same key
 * at once, and one ticket is placed. Runs with TEST_DATABASE_URL (vitest.config.ts leaves
 * postgres-* files out without it; SQLite is one server).
 */

const ADMIN = { email: 'two-counters@example.com', password: 'two-counters-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const test = useStaffOrderWorld(ADMIN, () => NOW);

describe('the idempotency key on two app servers', () => {
  test(
    'across two app servers on one PostgreSQL, the same key sent 10 times at once places one ticket',
    { timeout: 90_000 },
    async ({ t, staff, dishes, base }) => {
      expect(t.database.engine).toBe('postgres');
      const second = await prepareDatabase(t.config, { images: false });
      const other = await buildApp({ config: t.config, database: second, logger: false, announce: () => {} });
      try {
        await other.listen({ port: 0, host: '127.0.0.1' });
        const otherBase = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
        const tacos = named(dishes, 'Beef Tacos');
        const before = await staffTickets(t);
        const body = order(tacos, { lines: [{ productId: tacos._id, quantity: 1, note: 'Two servers' }] });
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            fetch(`${i % 2 === 0 ? base : otherBase}/api/v1/tickets`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...bearer(staff) },
              body: JSON.stringify(body),
              signal: AbortSignal.timeout(30_000),
            }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data?: Ticket } })),
          ),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
        expect(new Set(answers.map((a) => a.body.data?._id)).size).toBe(1);
        expect(await staffTickets(t)).toBe(before + 1);
      } finally {
        await other.close();
        await second.close();
      }
    },
  );

  test(
    'ten first rounds at once at a table without a bill, on two app servers: one bill opened, every round on it, no 500',
    { timeout: 90_000 },
    async ({ t, staff, dishes, base }) => {
      expect(t.database.engine).toBe('postgres');
      const second = await prepareDatabase(t.config, { images: false });
      const other = await buildApp({ config: t.config, database: second, logger: false, announce: () => {} });
      try {
        await other.listen({ port: 0, host: '127.0.0.1' });
        const otherBase = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
        const tacos = named(dishes, 'Beef Tacos');
        const table = await t.database.db
          .selectFrom('dining_tables')
          .select('id')
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('bills')
                  .select('id')
                  .whereRef('bills.table_id', '=', 'dining_tables.id')
                  .where('bills.status', '=', 'open'),
              ),
            ),
          )
          .orderBy('id')
          .executeTakeFirstOrThrow();
        // Before 2026-12-01 each racer found no bill and opened one: the one-open-bill index refused all but the first (500).
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            fetch(`${i % 2 === 0 ? base : otherBase}/api/v1/tickets`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...bearer(staff) },
              body: JSON.stringify(order(tacos, { fulfilment: 'dine_in', tableId: String(table.id) })),
              signal: AbortSignal.timeout(30_000),
            }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data?: Ticket } })),
          ),
        );
        expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 201));
        const bills = await t.database.db
          .selectFrom('bills')
          .select('id')
          .where('table_id', '=', table.id)
          .where('status', '=', 'open')
          .execute();
        expect(bills).toHaveLength(1);
        expect(new Set(answers.map((a) => a.body.data?.billId))).toEqual(new Set([String(bills[0]?.id)]));
      } finally {
        await other.close();
        await second.close();
      }
    },
  );
});
