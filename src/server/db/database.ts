import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  type SqliteDatabase as KyselySqliteDatabase,
  SqliteDialect,
  type SqliteStatement,
  sql,
} from 'kysely';
import pg from 'pg';
import type { AppDatabase } from './schema.ts';
import { forgetHeldBegin, preparing } from './prepared.ts';

export type Engine = 'sqlite' | 'postgres';

/**
 * One typed query layer over either engine. `native` is the driver handle, which the
 * identity layer (Better Auth) is given so that it shares the same database.
 */
export type Database =
  | {
      engine: 'sqlite';
      db: Kysely<AppDatabase>;
      native: SqliteDatabase.Database;
      close(): Promise<void>;
      oldestWaitMs(): number;
    }
  | { engine: 'postgres'; db: Kysely<AppDatabase>; native: pg.Pool; close(): Promise<void>; oldestWaitMs(): number };

/** Each server's pooled PostgreSQL connections. */
export const POOL_SIZE = 10;
/**
 * How long the oldest wait for a pooled connection may already be before a new write is
 * refused at once (plugins/busy.ts, decision 052): a line that old is not draining, and a write
 * joining it would wait seconds more while the server kept it in memory; refused, its client may
 * try again in a moment. A short line of many (twenty bills paid at once, each reading in
 * parallel) is not refused, nor a request already under way.
 */
export const POOL_WAIT_LIMIT_MS = 2_000;

/** No pooled connection for this request now: the database answers, the server is busy (503 with Retry-After, not an outage). */
export class DatabaseBusy extends Error {
  constructor() {
    super('the wait for a pooled connection is too long already');
    this.name = 'DatabaseBusy';
  }
}

/**
 * The pool as Kysely takes its connections from it, the waits for one timed (`oldestWaitMs`),
 * and a wait that timed out while every connection was open (the database up, busy: DatabaseBusy)
 * told apart from a database that cannot be reached.
 */
function timedPool(pool: pg.Pool) {
  // The waits in flight, oldest first (a Map keeps insertion order).
  const waits = new Map<object, number>();
  return {
    oldestWaitMs(): number {
      const oldest = waits.values().next();
      return oldest.done ? 0 : performance.now() - oldest.value;
    },
    async connect() {
      const wait = {};
      waits.set(wait, performance.now());
      try {
        return preparing(await pool.connect());
      } catch (error) {
        if (
          pool.totalCount >= POOL_SIZE &&
          /timeout exceeded when trying to connect/i.test(String((error as Error).message))
        )
          throw new DatabaseBusy();
        throw error;
      } finally {
        waits.delete(wait);
      }
    },
    end: () => pool.end(),
  };
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** PostgreSQL's numeric type. */
const NUMERIC_OID = 1700;
const parseNumeric = (text: string | null) => (text === null ? null : Number(text));

/**
 * Opens every pooled connection before the server takes its first request (`npm start`). Opened
 * lazily, the pool grew under the first seconds' load: each new connection's handshake and its
 * new PostgreSQL process's first reads were paid by the guests' first requests, on a server
 * whose code was not compiled yet. The pool keeps them (`min`), as a fixed-size pool does.
 */
export async function openPool(database: Database): Promise<void> {
  if (database.engine !== 'postgres') return;
  const clients = await Promise.all(Array.from({ length: POOL_SIZE }, () => database.native.connect()));
  try {
    const script = await warmUp(clients[0] as pg.PoolClient);
    await Promise.all(clients.map((client) => client.query(script)));
  } finally {
    for (const client of clients) client.release();
  }
}

/**
 * What warms a new PostgreSQL process before its first request (openPool): an empty read of
 * every table of the schema, in one round trip. A process describes a table, its columns and
 * its indexes (planning opens every index of a table it reads) the first time a statement names
 * it, from catalogues it reads itself: 13 ms for a booking's six reads on a new connection
 * against 3 ms on one used before, 7.5 ms once warmed so (what is left is each statement's own
 * planning). Paid here, once per connection, not by the evening's first guests, when every
 * process of every server is new at once.
 */
export async function warmUp(client: pg.ClientBase): Promise<string> {
  const { rows } = await client.query<{ name: string }>(
    'select tablename as name from pg_tables where schemaname = current_schema() order by tablename',
  );
  return rows.map((row) => `select * from ${client.escapeIdentifier(row.name)} limit 0`).join('; ');
}

export function createDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POOL_SIZE,
      // A fixed-size pool: connections opened are kept, never closed for being idle (openPool opens them all at start).
      min: POOL_SIZE,
      connectionTimeoutMillis: 5_000,
      // Money columns are numeric(12,2) (migration 0008): read as the JSON number they hold
      // (at most two decimals, so the number is exact to the cent).
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === NUMERIC_OID
            ? parseNumeric
            : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client losing its server (PostgreSQL restarted) must not crash the
    // process: the pool drops it and the next query gets a fresh connection.
    pool.on('error', () => {});
    // The pool listens for a client's errors only while it is idle: one checked out (a transaction
    // between its statements) that loses its server would emit 'error' to no listener and end the
    // process. Heard here, its next statement fails instead, and the pool drops it on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    pool.on('acquire', forgetHeldBegin);
    const timed = timedPool(pool);
    const db = new Kysely<AppDatabase>({ dialect: new PostgresDialect({ pool: timed }) });
    return {
      engine: 'postgres',
      db,
      native: pool,
      close: () => db.destroy(),
      oldestWaitMs: () => timed.oldestWaitMs(),
    };
  }

  mkdirSync(options.dataDir, { recursive: true });
  const file = join(options.dataDir, 'storefront.sqlite');
  const native = new SqliteDatabase(file);
  native.pragma('busy_timeout = 5000');
  try {
    // One server per SQLite file, and it keeps the file locked while it runs. Several servers
    // share PostgreSQL (DATABASE_URL): each keeps menu answers in memory, and only that
    // setup tells the others of a change. Holding the lock also spares every statement the
    // two file-lock system calls of a shared WAL index (a search: 122 µs of server CPU
    // instead of 133 under load; a dish by id read: 3 µs instead of 6.6).
    native.pragma('locking_mode = EXCLUSIVE');
    native.pragma('journal_mode = WAL');
    native.exec('begin exclusive; commit');
  } catch (error) {
    native.close();
    if ((error as { code?: unknown }).code === 'SQLITE_BUSY') {
      throw new Error(
        `${file} is in use by another server. SQLite serves one server at a time; several servers share PostgreSQL (DATABASE_URL).`,
        { cause: error },
      );
    }
    throw error;
  }
  native.pragma('foreign_keys = ON');
  native.pragma('synchronous = NORMAL');
  const db = new Kysely<AppDatabase>({ dialect: new SqliteDialect({ database: withStatementCache(native) }) });
  // One connection, no pool: a write waits for the file's lock (busy_timeout), not for a connection.
  return { engine: 'sqlite', db, native, close: () => db.destroy(), oldestWaitMs: () => 0 };
}

/**
 * Kysely prepares every query afresh on SQLite, which costs more than running a simple
 * one (a dish by id: 32 µs per call with preparing, 14 µs without, measured on 100,000
 * dishes). This reuses prepared statements by their SQL text, in a bounded LRU. Streaming (`iterate`) gets a statement of its own, because
 * better-sqlite3 refuses to reuse a statement while one of its iterators is open.
 */
export function withStatementCache(native: SqliteDatabase.Database, capacity = 500): KyselySqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => native.close(),
    prepare(sqlText) {
      const cached = cache.get(sqlText);
      if (cached) {
        cache.delete(sqlText);
        cache.set(sqlText, cached);
        return cached;
      }
      const statement = native.prepare(sqlText);
      const reusable: SqliteStatement = {
        reader: statement.reader,
        all: (parameters) => statement.all(...parameters),
        run: (parameters) => statement.run(...parameters),
        iterate: (parameters) => native.prepare(sqlText).iterate(...parameters),
      };
      cache.set(sqlText, reusable);
      if (cache.size > capacity) cache.delete(cache.keys().next().value as string);
      return reusable;
    },
  };
}

/** A cheap round trip, for /healthz and the start-up check. */
export async function pingDatabase(database: Database): Promise<void> {
  await sql`select 1`.execute(database.db);
}
