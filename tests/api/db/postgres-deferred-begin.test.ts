import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/database.ts';
import type { AppDatabase } from '../../../src/server/db/schema.ts';
import { lockForWriting } from '../../../src/server/db/write-lock.ts';
import { usePreparedDatabase } from '../../support/prepared-database.ts';

/**
 * A transaction's `begin` rides with its first statement when that statement has no values
 * (src/server/db/deferred-begin.ts, decision 076). Told from PostgreSQL's own clocks: `now()` is
 * when the transaction began, `statement_timestamp()` when the message carrying the statement
 * arrived, so the two are equal in the first statement exactly when `begin` came in the same
 * message. Runs with TEST_DATABASE_URL.
 */
describe('a transaction begun with its first statement', () => {
  const prepared = usePreparedDatabase();
  let database: Database;
  let db: Kysely<AppDatabase>;

  beforeAll(async () => {
    database = prepared();
    db = database.db;
    await sql`create table deferred_begin_rows (id int primary key, note text)`.execute(db);
  });

  const sameMessage = sql<{ same: boolean }>`select now() = statement_timestamp() as same`;
  const rows = async () =>
    (await sql<{ id: number }>`select id from deferred_begin_rows order by id`.execute(db)).rows.map((r) => r.id);

  it('sends begin with a first statement without values, and alone before one with values', async () => {
    expect(database.engine).toBe('postgres');
    const riding = await db.transaction().execute(async (trx) => {
      const first = (await sameMessage.execute(trx)).rows[0]?.same;
      // A later statement of the same transaction arrives later: the transaction is one.
      const later = (await sameMessage.execute(trx)).rows[0]?.same;
      return { first, later };
    });
    expect(riding).toEqual({ first: true, later: false });
    const alone = await db
      .transaction()
      .execute(
        async (trx) =>
          (await sql<{ same: boolean }>`select now() = statement_timestamp() and ${1}::int = 1 as same`.execute(trx))
            .rows[0]?.same,
      );
    expect(alone).toBe(false);
  });

  it('answers the first statement its own rows, and takes the lock inside the transaction', async () => {
    await db.transaction().execute(async (trx) => {
      await lockForWriting(trx, 'postgres', 'deferred-begin:test');
      const held = await sql<{ n: number }>`select count(*)::int as n from pg_locks
        where locktype = 'advisory' and pid = pg_backend_pid() and granted`.execute(trx);
      expect(held.rows[0]?.n).toBe(1);
    });
    await db.transaction().execute(async (trx) => {
      expect((await sql<{ n: number }>`select 41 as n`.execute(trx)).rows).toEqual([{ n: 41 }]);
      const inserted = await sql`insert into deferred_begin_rows values (100, 'first')`.execute(trx);
      expect(inserted.numAffectedRows).toBe(1n);
    });
    // The lock went with the commit: another transaction takes it at once.
    await db.transaction().execute(async (trx) => {
      await sql`set local lock_timeout = '1s'`.execute(trx);
      await lockForWriting(trx, 'postgres', 'deferred-begin:test');
    });
    await sql`delete from deferred_begin_rows`.execute(db);
  });

  it('rolls back what a first statement wrote, and a failing first statement leaves the connection usable', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into deferred_begin_rows values (1, 'first')`.execute(trx);
        await sql`insert into deferred_begin_rows values (${2}, 'second')`.execute(trx);
        throw new Error('taken back');
      }),
    ).rejects.toThrow('taken back');
    expect(await rows()).toEqual([]);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`select 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    await db.connection().execute(async (connection) => {
      await expect(
        connection.transaction().execute(async (trx) => {
          await sql`insert into deferred_begin_rows values (3, 'kept')`.execute(trx);
          await sql`select 1 / 0`.execute(trx);
        }),
      ).rejects.toThrow(/division by zero/);
      await connection.transaction().execute(async (trx) => {
        await sql`insert into deferred_begin_rows values (4, 'kept')`.execute(trx);
      });
    });
    expect(await rows()).toEqual([4]);
    await sql`delete from deferred_begin_rows`.execute(db);
  });

  it('a transaction that sent nothing leaves its connection out of any transaction', async () => {
    await db.connection().execute(async (connection) => {
      await connection.transaction().execute(async () => {});
      await expect(
        connection.transaction().execute(async () => {
          throw new Error('nothing sent');
        }),
      ).rejects.toThrow('nothing sent');
      // Not in a transaction: this insert is committed on its own, seen from another connection at once.
      await sql`insert into deferred_begin_rows values (${5}, 'autocommitted')`.execute(connection);
      if (database.engine !== 'postgres') throw new Error('PostgreSQL only');
      const seen = await database.native.query('select id from deferred_begin_rows');
      expect(seen.rows).toEqual([{ id: 5 }]);
      // And a transaction after it begins afresh, with its first statement.
      const same = await connection
        .transaction()
        .execute(async (trx) => (await sameMessage.execute(trx)).rows[0]?.same);
      expect(same).toBe(true);
    });
    await sql`delete from deferred_begin_rows`.execute(db);
  });
});
