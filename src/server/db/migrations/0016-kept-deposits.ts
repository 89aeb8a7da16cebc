import { type Kysely, sql } from 'kysely';

/**
 * Deposits the restaurant keeps (decision 032, addendum): a deposit cancelled after its cut-off,
 * or a no-show's, stays `succeeded` and is on no bill. `payments.kept_at` is the moment it was
 * kept and `payments.kept_date` that moment's local day on the restaurant's clock, set in the
 * transaction that moved the reservation, so the owner's day report can show them
 * (`depositsKept`). Deposits kept before this migration were never marked: they stay unmarked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments add column kept_at text`.execute(db);
  await sql`alter table payments add column kept_date text`.execute(db);
  await sql`create index payments_kept_date_idx on payments (kept_date) where kept_date is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists payments_kept_date_idx`.execute(db);
  await sql`alter table payments drop column kept_date`.execute(db);
  await sql`alter table payments drop column kept_at`.execute(db);
}
