import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/database.ts';
import type { AppDatabase } from '../../../src/server/db/schema.ts';
import { usePreparedDatabase } from '../../support/prepared-database.ts';

/**
 * Statements with values are prepared once per pooled connection (src/server/db/prepared.ts,
 * decision 072): PostgreSQL keeps each under its name for the connection's life and afterwards
 * only binds and executes it. Read from PostgreSQL's own list of the connection's prepared
 * statements (`pg_prepared_statements`), on one connection (a transaction). Runs with
 * TEST_DATABASE_URL.
 */
describe('statements prepared once per connection', () => {
  const prepared = usePreparedDatabase();
  let database: Database;
  let db: Kysely<AppDatabase>;

  beforeAll(async () => {
    database = prepared();
    db = database.db;
  });

  const preparedOn = async (trx: Kysely<AppDatabase>) =>
    (
      await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(trx)
    ).rows;

  it('prepares a statement with values once, and answers each call with its own values', async () => {
    expect(database.engine).toBe('postgres');
    await db.transaction().execute(async (trx) => {
      const dish = (id: number) => trx.selectFrom('products').select(['id', 'name']).where('id', '=', id);
      const text = dish(1).compile().sql;
      const first = await dish(1).executeTakeFirstOrThrow();
      const second = await dish(2).executeTakeFirstOrThrow();
      expect([first.id, second.id]).toEqual([1, 2]);
      expect(first.name).not.toBe(second.name);
      const prepared = (await preparedOn(trx)).filter((row) => row.statement === text);
      expect(prepared).toHaveLength(1);
      // Statements without values (this one, begin and commit) are not prepared.
      expect((await preparedOn(trx)).some((row) => /pg_prepared_statements|^begin/i.test(row.statement))).toBe(false);
    });
  });

  it('a prepared statement that fails keeps answering, and one that cannot be prepared fails alike every time', async () => {
    await db.transaction().execute(async (trx) => {
      const missing = () => sql`select * from no_such_table where id = ${1}`.execute(trx);
      await trx.executeQuery(sql`savepoint before_missing`.compile(trx));
      await expect(missing()).rejects.toThrow(/no_such_table/);
      await trx.executeQuery(sql`rollback to savepoint before_missing`.compile(trx));
      await expect(missing()).rejects.toThrow(/no_such_table/);
      await trx.executeQuery(sql`rollback to savepoint before_missing`.compile(trx));
      // A statement refused at run time (a value past its column's type) stays prepared and answers the next call.
      const cast = (value: string) => sql<{ n: number }>`select ${value}::int as n`.execute(trx);
      await expect(cast('x')).rejects.toThrow(/invalid input syntax/);
      await trx.executeQuery(sql`rollback to savepoint before_missing`.compile(trx));
      expect((await cast('41')).rows[0]?.n).toBe(41);
      expect((await cast('42')).rows[0]?.n).toBe(42);
    });
  });

  it('a connection whose table changed under a prepared statement stops preparing, and answers again', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`create temp table changing (id int)`.execute(trx);
      await sql`insert into changing values (1)`.execute(trx);
      const read = () => sql`select * from changing where id = ${1}`.execute(trx);
      expect((await read()).rows).toEqual([{ id: 1 }]);
      await sql`alter table changing add column extra int`.execute(trx);
      await sql`savepoint before_changed`.execute(trx);
      await expect(read()).rejects.toThrow(/cached plan must not change result type/);
      await sql`rollback to savepoint before_changed`.execute(trx);
      expect((await read()).rows).toEqual([{ id: 1, extra: null }]);
    });
  });
});
