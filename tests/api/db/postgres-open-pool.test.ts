import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createPostgresDatabase } from '../../support/test-database.ts';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import { POOL_SIZE, createDatabase, openPool, warmUp } from '../../../src/server/db/database.ts';

/**
 * `npm start` opens every pooled connection before it listens (decision 080): the first seconds'
 * requests find them open, each its own PostgreSQL process warmed by an empty read of every
 * table, and the pool keeps them. Runs with TEST_DATABASE_URL.
 */
describe('the pool opened at start', () => {
  it('holds every connection open before the first request, and a full round of work opens none', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-pool-'));
    const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? '', 'storefront_pool');
    // The schema migrated on connections of their own: the pool's are all opened by openPool.
    const migrating = createDatabase({ dataDir, databaseUrl: url });
    await migrateToLatest(migrating.db);
    await migrating.close();
    const database = createDatabase({ dataDir, databaseUrl: url });
    try {
      if (database.engine !== 'postgres') throw new Error('this test needs TEST_DATABASE_URL');
      const pool = database.native;
      expect(pool.totalCount).toBe(0);
      await openPool(database);
      expect(pool.totalCount).toBe(POOL_SIZE);
      expect(pool.idleCount).toBe(POOL_SIZE);
      // Each warmed before the first request: the last statement each process ran is the empty read of
      // every table (pg_stat_activity keeps its first kilobyte).
      const observer = new pg.Client({ connectionString: url });
      await observer.connect();
      const script = await warmUp(observer);
      expect(script).toMatch(/^select \* from "[a-z_]+" limit 0; /);
      expect(script).toContain('select * from "reservations" limit 0');
      const warmed = (
        await observer.query<{ pid: number }>(
          "select pid from pg_stat_activity where query like 'select * from %' and starts_with($1, query)",
          [script],
        )
      ).rows.map((row) => row.pid);
      await observer.end();

      // As many statements at once as the pool holds: each on its own, already open, connection.
      const pids = await Promise.all(
        Array.from({ length: POOL_SIZE }, async () => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(
            database.db,
          );
          return rows[0]?.pid;
        }),
      );
      expect(new Set(pids).size).toBe(POOL_SIZE);
      expect(new Set(warmed)).toEqual(new Set(pids));
      expect(pool.totalCount).toBe(POOL_SIZE);
      const { rows } = await sql<{ open: string }>`
        select count(*) as open from pg_stat_activity where pid in (${sql.join(pids)})`.execute(database.db);
      expect(Number(rows[0]?.open)).toBe(POOL_SIZE);
      // Kept when idle: a fixed-size pool closes none of them (`min`).
      expect(pool.options.min).toBe(POOL_SIZE);
    } finally {
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is nothing to do on SQLite', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-pool-'));
    const database = createDatabase({ dataDir });
    try {
      await openPool(database);
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(rows[0]?.one).toBe(1);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
