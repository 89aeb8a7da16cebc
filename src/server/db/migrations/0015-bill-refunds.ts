import { type Kysely, sql } from 'kysely';
import { serialId } from './dialect.ts';

/**
 * Each refund on a bill payment is a row of its own with the local day it went through
 * (docs/reference/ordering.md "The bill": the day report's `refunds` are "the refunds made that day"). Before,
 * a bill payment kept only the sum of its refunds and the day of the latest, so two partial
 * refunds made on different days both counted on the later day. The sums already kept move over
 * as one refund each, on the day they were written with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bill_refunds')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('bill_payment_id', 'integer', (c) => c.notNull().references('bill_payments.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bill_refunds_date_idx').on('bill_refunds').column('date').execute();
  await db.schema.createIndex('bill_refunds_payment_idx').on('bill_refunds').column('bill_payment_id').execute();
  await sql`insert into bill_refunds (bill_payment_id, amount, at, date)
    select id, refunded, refunded_at, refunded_date from bill_payments
    where refunded > 0 and refunded_at is not null and refunded_date is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bill_refunds').execute();
}
