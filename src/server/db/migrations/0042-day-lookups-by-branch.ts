import type { Kysely } from 'kysely';

/**
 * The day's and the status's lookups led by the branch (issue 57, docs/reference/branches.md
 * "Scale and isolation": every branch-scoped table's reads are indexed by branch first), now that
 * every one of these queries names its branch (decision 062's phase 2b): a branch's book of a day,
 * its open tickets by readiness, its bills of a day and paid that day, its kept deposits and
 * refunds of a day. Among a hundred branches a read of one walks its own rows only. Each index
 * replaces the one its query used before, which led with the day or the status.
 */
const INDEXES: { table: string; old: string; oldColumns: string[]; name: string; columns: string[] }[] = [
  {
    table: 'reservations',
    old: 'reservations_date_idx',
    oldColumns: ['date', 'starts_at'],
    name: 'reservations_branch_date_idx',
    columns: ['branch_id', 'date', 'starts_at'],
  },
  {
    table: 'tickets',
    old: 'tickets_ready_idx',
    oldColumns: ['status', 'ready_at'],
    name: 'tickets_branch_ready_idx',
    columns: ['branch_id', 'status', 'ready_at'],
  },
  {
    table: 'bills',
    old: 'bills_day_idx',
    oldColumns: ['local_date', 'status'],
    name: 'bills_branch_day_idx',
    columns: ['branch_id', 'local_date', 'status'],
  },
  {
    table: 'bills',
    old: 'bills_paid_day_idx',
    oldColumns: ['paid_date'],
    name: 'bills_branch_paid_day_idx',
    columns: ['branch_id', 'paid_date'],
  },
  {
    table: 'bill_refunds',
    old: 'bill_refunds_date_idx',
    oldColumns: ['date'],
    name: 'bill_refunds_branch_date_idx',
    columns: ['branch_id', 'date'],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) {
    await db.schema.createIndex(index.name).on(index.table).columns(index.columns).execute();
    await db.schema.dropIndex(index.old).ifExists().execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of INDEXES) {
    await db.schema.createIndex(index.old).ifNotExists().on(index.table).columns(index.oldColumns).execute();
    await db.schema.dropIndex(index.name).ifExists().execute();
  }
}
