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

  it("makes a named statement's rows as node-postgres makes them, run after run (decision 079)", async () => {
    const row = (n: number, trx: Kysely<AppDatabase>) =>
      sql<
        Record<string, unknown>
      >`select ${n}::int as n, 'x' || ${n}::text as t, (${n}::int + 0.25)::numeric(12,2) as money,
        ${n}::int > 1 as more, null::int as nothing, ${n}::int8 as big, jsonb_build_object('n', ${n}::int) as doc,
        timestamptz '2026-12-03 10:00:00+00' + make_interval(mins => ${n}::int) as at, array[${n}::int, 2] as pair,
        1 as twice, 2 as twice`.execute(trx);
    const expected = (n: number) => ({
      n,
      t: `x${n}`,
      money: n + 0.25,
      more: n > 1,
      nothing: null,
      big: String(n),
      doc: { n },
      at: new Date(Date.UTC(2026, 11, 3, 10, n)),
      pair: [n, 2],
      twice: 2,
    });
    await db.transaction().execute(async (trx) => {
      for (const n of [1, 2, 3]) {
        const { rows } = await row(n, trx);
        expect(rows).toEqual([expected(n)]);
        expect(Object.keys(rows[0] ?? {})).toEqual([
          'n',
          't',
          'money',
          'more',
          'nothing',
          'big',
          'doc',
          'at',
          'pair',
          'twice',
        ]);
        expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
      }
      // Sent by name (so by its kept shape), once prepared on this connection.
      expect((await preparedOn(trx)).filter((p) => p.statement.includes('as twice'))).toHaveLength(1);
    });
    // Several rows, and none.
    const many = await sql<{
      id: number;
      name: string;
    }>`select id, name from products where id <= ${3} order by id`.execute(db);
    expect(many.rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(many.rows.every((r) => typeof r.name === 'string' && r.name.length > 0)).toBe(true);
    const none = await sql`select id from products where id < ${0}`.execute(db);
    expect(none.rows).toEqual([]);
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
