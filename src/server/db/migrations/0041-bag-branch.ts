import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * The bag belongs to one branch (issue 57, docs/reference/branches.md "Guests", decision 062):
 * each of a guest's booking orders (`orders`, the bag's lines until a ticket takes them) keeps
 * the branch it was put in at, `branch_id integer not null default 1 references branches(id)`
 * as 0037 gave every branch-scoped row. Existing lines take branch 1, the install that exists.
 * `orders_branch_idx` (branch_id, user_id, id) is led by it: a branch's lines are found by it
 * (whether a branch has rows, before it is deleted), and a guest's at a branch.
 * On SQLite a column with a reference and a default is added with foreign keys off (as 0037
 * does), and dropped by building the table again from its stored definition (a column in a
 * foreign key cannot be dropped). The migration is frozen: it never imports application code.
 */

const COLUMN = 'branch_id integer not null default 1 references branches(id)';
const INDEX = 'create index orders_branch_idx on orders (branch_id, user_id, id)';

async function run(db: Kysely<unknown>, text: string): Promise<void> {
  await sql.raw(text).execute(db);
}

/** SQLite: foreign keys off meanwhile (they cannot change inside a transaction), one transaction, checked before the commit. */
async function withoutForeignKeys(db: Kysely<unknown>, work: () => Promise<void>): Promise<void> {
  await run(db, 'pragma foreign_keys = off');
  try {
    await run(db, 'begin');
    try {
      await work();
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0)
        throw new Error(`migration 0041 would leave ${broken.rows.length} dangling references`);
      await run(db, 'commit');
    } catch (error) {
      await run(db, 'rollback');
      throw error;
    }
  } finally {
    await run(db, 'pragma foreign_keys = on');
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await run(db, `alter table orders add column ${COLUMN}`);
    await run(db, INDEX);
    return;
  }
  await withoutForeignKeys(db, async () => {
    await run(db, `alter table "orders" add column ${COLUMN}`);
    await run(db, INDEX);
  });
}

/** Back to one bag for the brand: refused while a line of a branch other than 1 waits (it would move to branch 1). */
export async function down(db: Kysely<unknown>): Promise<void> {
  const other = await sql<{ n: number }>`select count(*) as n from orders where branch_id <> 1`.execute(db);
  if (Number(other.rows[0]?.n ?? 0) > 0) throw new Error('orders holds lines of branches other than 1');
  await run(db, 'drop index orders_branch_idx');
  if (isPostgres(db)) {
    await run(db, 'alter table orders drop column branch_id');
    return;
  }
  await withoutForeignKeys(db, async () => {
    const stored = await sql<{
      sql: string;
    }>`select sql from sqlite_master where type = 'table' and name = 'orders'`.execute(db);
    const definition = stored.rows[0]?.sql ?? '';
    const without = definition.replace(`, ${COLUMN}`, '');
    if (without === definition || without.includes('branch_id'))
      throw new Error('orders has not the expected branch_id');
    const dependants = await sql<{ sql: string }>`
      select sql from sqlite_master where type in ('index', 'trigger') and tbl_name = 'orders' and sql is not null`.execute(
      db,
    );
    const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'orders'`.execute(db);
    const columns = (await sql<{ name: string }>`select name from pragma_table_info('orders')`.execute(db)).rows
      .map((row) => `"${row.name}"`)
      .filter((name) => name !== '"branch_id"')
      .join(', ');
    await run(db, without.replace(/^create table\s+("?)orders\1/i, 'create table "orders_0041"'));
    await run(db, `insert into "orders_0041" (${columns}) select ${columns} from "orders"`);
    await run(db, 'drop table "orders"');
    await run(db, 'alter table "orders_0041" rename to "orders"');
    for (const dependant of dependants.rows) await run(db, dependant.sql);
    const seq = sequence.rows[0]?.seq;
    if (seq !== undefined)
      await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = 'orders'`.execute(db);
  });
}
