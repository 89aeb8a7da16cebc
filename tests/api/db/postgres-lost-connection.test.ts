import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../../src/server/db/database.ts';

/**
 * A pooled connection that loses its server while checked out, between two statements of a
 * transaction (PostgreSQL restarted, the connection ended by an administrator), must not end the
 * process: the pool listens for a client's errors only while it is idle, so the client's 'error'
 * had no listener and Node threw it (a two-server run saw a server stop answering when its
 * PostgreSQL paused). The transaction's next statement fails instead, and the next one on the
 * pool gets a fresh connection. Runs with TEST_DATABASE_URL.
 */
describe('a connection lost in the middle of a transaction', () => {
  it('fails that transaction, not the process, and the pool answers the next query', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-lost-'));
    const database = createDatabase({ dataDir, databaseUrl: process.env.TEST_DATABASE_URL });
    const killer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await killer.connect();
    try {
      const transaction = database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await killer.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        // The server's goodbye arrives while no statement is running on the connection.
        await sleep(500);
        await sql`select 1`.execute(trx);
      });
      await expect(transaction).rejects.toThrow();
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(rows[0]?.one).toBe(1);
    } finally {
      await killer.end();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
