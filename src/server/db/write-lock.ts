import { type Kysely, sql } from 'kysely';
import type { Engine } from './database.ts';
import type { AppDatabase } from './schema.ts';

/**
 * Holds `key` until the transaction `trx` ends, so that what it reads stays true until it
 * commits: a transaction-scoped advisory lock on PostgreSQL (whatever the app server), and on
 * SQLite the write lock itself, taken before the first read (what BEGIN IMMEDIATE does). The key
 * is a literal, not a value: a statement without values rides with the transaction's `begin`
 * (deferred-begin.ts).
 */
export async function lockForWriting(trx: Kysely<AppDatabase>, engine: Engine, key: string): Promise<void> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${sql.lit(key)}))`.execute(trx);
  else await sql`update restaurant_settings set id = id where id = 1`.execute(trx);
}

/**
 * Holds every key of `keys` (lockForWriting) in the order given, in one statement on
 * PostgreSQL: PostgreSQL takes them one after another as its select list is evaluated, in
 * the same order for every writer that names the same keys in the same order (so two writers
 * never wait for each other in a cycle), and a transaction waiting for its second key is not
 * holding its first one round trip longer to ask for it.
 */
export async function lockAllForWriting(trx: Kysely<AppDatabase>, engine: Engine, keys: string[]): Promise<void> {
  if (engine !== 'postgres') return lockForWriting(trx, engine, 'all');
  if (keys.length === 0) return;
  const locks = keys.map((key) => sql`pg_advisory_xact_lock(hashtext(${sql.lit(key)}))`);
  await sql`select ${sql.join(locks)}`.execute(trx);
}

/** The advisory lock under which a starting server prepares the database (and creates the first administrator). */
export const STARTUP_LOCK = 'storefront:startup';

/**
 * Runs `work` while holding a session-level advisory lock named `key` on PostgreSQL, so that
 * several app servers starting at the same instant do it one after the other (migrations, the
 * demo seed, the first administrator): the second finds it done. The lock lives on one
 * connection of its own, held for the whole of `work`, and goes with it if the process dies.
 * On SQLite (one server) `work` simply runs.
 */
export async function whileHoldingStartupLock<T>(
  db: Kysely<AppDatabase>,
  engine: Engine,
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  if (engine !== 'postgres') return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(hashtext(${key}))`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${key}))`.execute(connection);
    }
  });
}
