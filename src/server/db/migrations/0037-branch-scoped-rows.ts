import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * Several branches under one brand, phase 2a (issue 57, decision 062): every branch-scoped row
 * carries its branch, and every uniqueness of a branch's own is per branch. Existing rows take
 * branch 1 (the install that exists, migration 0036), so nothing is renumbered.
 *   - `branch_id integer not null default 1 references branches(id)` on each table of SCOPED.
 *     The default keeps every write of today's code on branch 1 until the repositories are made
 *     per branch (phase 2b).
 *   - Per branch: ticket and bill numbers per day (`tickets`/`bills` unique (branch_id,
 *     local_date, seq)), the day counters (`day_numbers` keyed (branch_id, local_date)), the
 *     receipt numbers (one `receipt_counter` row per branch, keyed branch_id; `bills` unique
 *     (branch_id, receipt_number)), the kitchen's buckets (keyed (branch_id, bucket_start)) and
 *     the rules they were spread under (one row per branch, keyed branch_id), table names
 *     (unique (branch_id, lower(name))).
 *   - Led by branch_id as well: the lookups the per-branch writes above read by (the bucket
 *     changes by bucket, the cash counts and the audit entries by day).
 *   - Kept as they are: keys of identifiers made for the whole install (ids, idempotency keys,
 *     providers' references, a printer's secret, a print job's dedupe, an audit entry's (kind,
 *     ref)), whose uniqueness per branch would be weaker, not stronger; and the lookups by a
 *     parent row's id (a ticket's lines, a bill's payments), already within one branch. The other
 *     lookups by day or status are led by branch_id in phase 2b with the queries that name the
 *     branch: an index led by a column no query names yet would serve no read of today's.
 * On SQLite a primary key or table constraint cannot be altered: those tables are built again
 * from their stored definition (foreign keys off meanwhile and checked before the commit, their
 * indexes and triggers made again, the AUTOINCREMENT high-water mark kept), in one transaction.
 * The migration is frozen: it never imports application code.
 */

export const BRANCH_COLUMN_0037 = 'branch_id integer not null default 1 references branches(id)';

const SCOPED = [
  'dining_tables',
  'table_combinations',
  'reservations',
  'table_holds',
  'tickets',
  'ticket_lines',
  'ticket_keys',
  'bills',
  'bill_discounts',
  'bill_payments',
  'bill_refunds',
  'payments',
  'payment_refunds',
  'cash_counts',
  'kitchen_buckets',
  'kitchen_bucket_changes',
  'kitchen_bucket_rules',
  'day_numbers',
  'receipt_counter',
  'printers',
  'print_jobs',
  'audit_entries',
] as const;

/** Indexes made again with branch_id first: [name, its SQL after, its SQL before]. */
const INDEXES: [string, string, string][] = [
  [
    'dining_tables_name_folded_idx',
    'create unique index dining_tables_name_folded_idx on dining_tables (branch_id, lower(name))',
    'create unique index dining_tables_name_folded_idx on dining_tables (lower(name))',
  ],
  [
    'bills_receipt_unique',
    'create unique index bills_receipt_unique on bills (branch_id, receipt_number) where receipt_number is not null',
    'create unique index bills_receipt_unique on bills (receipt_number) where receipt_number is not null',
  ],
  [
    'kitchen_bucket_changes_bucket_idx',
    'create index kitchen_bucket_changes_bucket_idx on kitchen_bucket_changes (branch_id, bucket_start)',
    'create index kitchen_bucket_changes_bucket_idx on kitchen_bucket_changes (bucket_start)',
  ],
  [
    'cash_counts_day_idx',
    'create index cash_counts_day_idx on cash_counts (branch_id, local_date)',
    'create index cash_counts_day_idx on cash_counts (local_date)',
  ],
  [
    'audit_entries_date_idx',
    'create index audit_entries_date_idx on audit_entries (branch_id, local_date, staff_id)',
    'create index audit_entries_date_idx on audit_entries (local_date, staff_id)',
  ],
];

/** The day's numbers, per branch. */
const DAY_SEQ = {
  before: (table: string) => `constraint "${table}_day_seq_unique" unique ("local_date", "seq")`,
  after: (table: string) => `constraint "${table}_day_seq_unique" unique ("branch_id", "local_date", "seq")`,
};

/** The small tables whose key is the branch's, as SQLite builds them after (and before, for `down`). */
const SQLITE_TABLES = {
  day_numbers: {
    after: `create table "day_numbers" ("local_date" text not null, "tickets" integer default 0 not null, "bills" integer default 0 not null, ${BRANCH_COLUMN_0037}, constraint "day_numbers_pkey" primary key ("branch_id", "local_date"))`,
    before: `create table "day_numbers" ("local_date" text primary key, "tickets" integer default 0 not null, "bills" integer default 0 not null)`,
  },
  kitchen_buckets: {
    after: `create table "kitchen_buckets" ("bucket_start" text not null, "units" integer not null, ${BRANCH_COLUMN_0037}, constraint "kitchen_buckets_pkey" primary key ("branch_id", "bucket_start"))`,
    before: `create table "kitchen_buckets" ("bucket_start" text primary key, "units" integer not null)`,
  },
  kitchen_bucket_rules: {
    after: `create table "kitchen_bucket_rules" ("rules" text not null, ${BRANCH_COLUMN_0037}, constraint "kitchen_bucket_rules_pkey" primary key ("branch_id"))`,
    before: `create table "kitchen_bucket_rules" ("id" integer primary key check (id = 1), "rules" text not null)`,
  },
  receipt_counter: {
    after: `create table "receipt_counter" ("last_number" integer not null, ${BRANCH_COLUMN_0037}, constraint "receipt_counter_pkey" primary key ("branch_id"))`,
    before: `create table "receipt_counter" ("id" integer primary key check (id = 1), "last_number" integer not null)`,
  },
} as const;

async function run(db: Kysely<unknown>, text: string): Promise<void> {
  await sql.raw(text).execute(db);
}

async function storedDefinition(db: Kysely<unknown>, table: string): Promise<string> {
  const stored = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const definition = stored.rows[0]?.sql;
  if (!definition) throw new Error(`${table} is missing`);
  return definition;
}

async function columnsOf(db: Kysely<unknown>, table: string): Promise<string[]> {
  return (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map(
    (r) => r.name,
  );
}

/**
 * SQLite: builds `table` again as `definition` (a create table statement naming it), its rows
 * copied (columns of the same name; `fill` gives the new ones), its indexes and triggers made
 * again from their stored text, its AUTOINCREMENT high-water mark kept. Within the caller's
 * transaction, foreign keys off.
 */
async function rebuildSqlite(
  db: Kysely<unknown>,
  table: string,
  definition: string,
  fill: Record<string, string> = {},
): Promise<void> {
  const dependants = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type in ('index', 'trigger') and tbl_name = ${table} and sql is not null`.execute(
    db,
  );
  const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`
    .execute(db)
    .catch(() => ({ rows: [] as { seq: number }[] }));
  const old = await columnsOf(db, table);
  const rebuilt = `${table}_0037`;
  const renamed = definition.replace(new RegExp(`^create table\\s+("?)${table}\\1`, 'i'), `create table "${rebuilt}"`);
  if (renamed === definition) throw new Error(`the definition of ${table} does not name it`);
  await run(db, renamed);
  const fresh = await columnsOf(db, rebuilt);
  const target = fresh.filter((c) => old.includes(c) || c in fill);
  const source = target.map((c) => (old.includes(c) ? `"${c}"` : fill[c]));
  await run(
    db,
    `insert into "${rebuilt}" (${target.map((c) => `"${c}"`).join(', ')}) select ${source.join(', ')} from "${table}"`,
  );
  await run(db, `drop table "${table}"`);
  await run(db, `alter table "${rebuilt}" rename to "${table}"`);
  for (const dependant of dependants.rows) await run(db, dependant.sql);
  const seq = sequence.rows[0]?.seq;
  if (seq !== undefined) await sql`update sqlite_sequence set seq = max(seq, ${seq}) where name = ${table}`.execute(db);
}

/** SQLite: foreign keys off, one transaction, the foreign keys checked before the commit. */
async function inSqliteTransaction(db: Kysely<unknown>, work: () => Promise<void>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await work();
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0)
        throw new Error(`migration 0037 would leave ${broken.rows.length} dangling references`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of SCOPED) await run(db, `alter table ${table} add column ${BRANCH_COLUMN_0037}`);
    for (const table of ['tickets', 'bills'])
      await run(
        db,
        `alter table ${table} drop constraint ${table}_day_seq_unique, add constraint ${table}_day_seq_unique unique (branch_id, local_date, seq)`,
      );
    await run(
      db,
      'alter table day_numbers drop constraint day_numbers_pkey, add constraint day_numbers_pkey primary key (branch_id, local_date)',
    );
    await run(
      db,
      'alter table kitchen_buckets drop constraint kitchen_buckets_pkey, add constraint kitchen_buckets_pkey primary key (branch_id, bucket_start)',
    );
    // The single row's id (check id = 1) gives way to the branch's: one row per branch.
    for (const table of ['kitchen_bucket_rules', 'receipt_counter'])
      await run(db, `alter table ${table} drop column id, add constraint ${table}_pkey primary key (branch_id)`);
    for (const [name, after] of INDEXES) {
      await run(db, `drop index ${name}`);
      await run(db, after);
    }
    return;
  }
  await inSqliteTransaction(db, async () => {
    // Foreign keys are off: SQLite then lets a column with a reference and a default be added.
    for (const table of SCOPED)
      if (!(table in SQLITE_TABLES)) await run(db, `alter table "${table}" add column ${BRANCH_COLUMN_0037}`);
    for (const table of ['tickets', 'bills']) {
      const definition = await storedDefinition(db, table);
      const changed = definition.replace(DAY_SEQ.before(table), DAY_SEQ.after(table));
      if (changed === definition) throw new Error(`${table} has not the expected unique (local_date, seq)`);
      await rebuildSqlite(db, table, changed);
    }
    for (const [table, { after }] of Object.entries(SQLITE_TABLES))
      await rebuildSqlite(db, table, after, { branch_id: '1' });
    for (const [name, after] of INDEXES) {
      await run(db, `drop index ${name}`);
      await run(db, after);
    }
  });
}

/** Back to one restaurant: refused while any branch but 1 holds a row (its rows would merge into branch 1's). */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of SCOPED) {
    const other = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where branch_id <> 1`.execute(
      db,
    );
    if (Number(other.rows[0]?.n ?? 0) > 0) throw new Error(`${table} holds rows of branches other than 1`);
  }
  if (isPostgres(db)) {
    for (const [name, , before] of INDEXES) {
      await run(db, `drop index ${name}`);
      await run(db, before);
    }
    for (const table of ['tickets', 'bills'])
      await run(
        db,
        `alter table ${table} drop constraint ${table}_day_seq_unique, add constraint ${table}_day_seq_unique unique (local_date, seq)`,
      );
    await run(
      db,
      'alter table day_numbers drop constraint day_numbers_pkey, add constraint day_numbers_pkey primary key (local_date)',
    );
    await run(
      db,
      'alter table kitchen_buckets drop constraint kitchen_buckets_pkey, add constraint kitchen_buckets_pkey primary key (bucket_start)',
    );
    for (const table of ['kitchen_bucket_rules', 'receipt_counter']) {
      await run(db, `alter table ${table} add column id integer`);
      await run(db, `update ${table} set id = 1`);
      await run(
        db,
        `alter table ${table} alter column id set not null, drop constraint ${table}_pkey, add constraint ${table}_pkey primary key (id), add constraint ${table}_id_check check (id = 1)`,
      );
    }
    for (const table of SCOPED) await run(db, `alter table ${table} drop column branch_id`);
    return;
  }
  await inSqliteTransaction(db, async () => {
    for (const [name, , before] of INDEXES) {
      await run(db, `drop index ${name}`);
      await run(db, before);
    }
    for (const table of SCOPED) {
      if (table in SQLITE_TABLES) {
        await rebuildSqlite(db, table, SQLITE_TABLES[table as keyof typeof SQLITE_TABLES].before, { id: '1' });
        continue;
      }
      const definition = await storedDefinition(db, table);
      let changed = definition.replace(`, ${BRANCH_COLUMN_0037}`, '');
      if (table === 'tickets' || table === 'bills')
        changed = changed.replace(DAY_SEQ.after(table), DAY_SEQ.before(table));
      if (changed.includes('branch_id')) throw new Error(`${table} has not the expected branch_id column`);
      await rebuildSqlite(db, table, changed);
    }
  });
}
