import pg from 'pg';
import { describe, expect } from 'vitest';
import { POOL_SIZE, POOL_WAIT_LIMIT_MS } from '../../../src/server/db/database.ts';
import { bearer } from '../../support/factories.ts';
import { named, order, useStaffOrderWorld } from '../../support/staff-orders.ts';

/**
 * A server whose pooled connections are all busy, with a request waiting for one longer than
 * POOL_WAIT_LIMIT_MS already, refuses a new write at once (decision 052): 503 with Retry-After
 * and a message saying so, instead
 * of keeping it queued for seconds (the night bench at scale 3 saw servers queue 1.1 GB of such
 * requests). Nothing cached is forgotten meanwhile: a menu read still answers. The database is
 * made slow by a transaction of the test holding the sessions' table, which every signed-in
 * request reads on a pooled connection. Runs with TEST_DATABASE_URL.
 */

const ADMIN = { email: 'busy-pool@example.com', password: 'busy-pool-password' };
const test = useStaffOrderWorld(ADMIN, () => Date.now());

describe('a busy pool on PostgreSQL', () => {
  test(
    'refuses new writes at once while its oldest wait is past the limit, answers the rest once the database answers, and keeps its caches',
    { timeout: 90_000 },
    async ({ t, staff, base, dishes }) => {
      expect(t.database.engine).toBe('postgres');
      const menu = () => fetch(`${base}/api/v1/allProductsData`, { signal: AbortSignal.timeout(10_000) });
      expect((await menu()).status).toBe(200);
      const pool = t.database.native as pg.Pool;
      const blocker = new pg.Client({ connectionString: t.config.databaseUrl });
      await blocker.connect();
      const extra = 5;
      const waiting = 40;
      let answers: Promise<Response>[] = [];
      try {
        await blocker.query('begin');
        await blocker.query('lock table auth_session in access exclusive mode');
        const read = () =>
          fetch(`${base}/api/v1/kitchen/tickets`, { headers: bearer(staff), signal: AbortSignal.timeout(30_000) });
        // Every connection taken by a request that now waits for the lock, and forty more waiting for a connection.
        answers = Array.from({ length: POOL_SIZE + waiting }, read);
        await expect.poll(() => pool.waitingCount, { timeout: 20_000 }).toBe(waiting);
        // Not refused yet: the line is long but young.
        await new Promise((resolve) => setTimeout(resolve, POOL_WAIT_LIMIT_MS + 200));
        const tacos = named(dishes, 'Beef Tacos');
        const write = () =>
          fetch(`${base}/api/v1/tickets`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...bearer(staff) },
            body: JSON.stringify(order(tacos)),
            signal: AbortSignal.timeout(10_000),
          });
        const refused = await Promise.all(Array.from({ length: extra }, write));
        for (const answer of refused) {
          expect(answer.status).toBe(503);
          expect(answer.headers.get('retry-after')).toBe('1');
          expect(((await answer.json()) as { message: string }).message).toBe(
            'We are very busy right now: please try again in a moment',
          );
        }
        // A cached read needs no connection, and was not forgotten as if the database were down.
        const cached = await menu();
        expect(cached.status).toBe(200);
        expect(pool.waitingCount).toBe(waiting);
      } finally {
        await blocker.query('rollback');
        await blocker.end();
      }
      const statuses = await Promise.all(answers.map(async (answer) => (await answer).status));
      expect(statuses.filter((s) => s === 200)).toHaveLength(POOL_SIZE + waiting);
    },
  );
});
