import type { Kysely } from 'kysely';

/**
 * The day's numbers as counters (issue 46, decision 046): one row per local day with the last
 * ticket number (A-…) and the last bill number (B-…) given that day. A placing moves its day's
 * row on with one statement (an upsert that answers the new numbers) as the last write of its
 * transaction, so the row lock that orders the numbers is held from that statement to the
 * commit only. The unique (local_date, seq) of tickets and bills still refuse a repeat.
 *
 * No row is copied here: a day's first number is worked out from the highest already given
 * that day (`max(seq)`, the unique index's last entry), so days numbered before this migration,
 * or rows written by other means, go on without a repeat.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('day_numbers')
    .addColumn('local_date', 'text', (c) => c.primaryKey())
    .addColumn('tickets', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bills', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('day_numbers').execute();
}
