import { type Kysely, sql } from 'kysely';
import type { Engine } from './database.ts';
import type { AppDatabase } from './schema.ts';

/**
 * Holds `key` until the transaction `trx` ends, so that what it reads stays true until it
 * commits: a transaction-scoped advisory lock on PostgreSQL (whatever the app server), and on
 * SQLite the write lock itself, taken before the first read (what BEGIN IMMEDIATE does).
 */
export async function lockForWriting(trx: Kysely<AppDatabase>, engine: Engine, key: string): Promise<void> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
  else await sql`update restaurant_settings set id = id where id = 1`.execute(trx);
}
