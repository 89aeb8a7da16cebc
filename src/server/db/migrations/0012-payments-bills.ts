import { type Kysely, sql } from 'kysely';

/**
 * Online payments on bills (docs/reference/ordering.md "The bill", "Payments"; decision 031, addendum): a bill
 * payment made by an online payment names it (`bill_payments.payment_id`, unique: one payment
 * counts on a bill at most once, whatever code runs), so its refunds are written on it. A
 * payment asked for a bill (`POST /api/v1/payments`) keeps its tip apart from the amount the
 * bill is paid (`payments.tip`) and the body its key was first sent with (`payments.request`).
 * Existing payments of a checkout ticket get their ticket's bill.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bill_payments add column payment_id integer references payments(id) on delete set null`.execute(
    db,
  );
  await db.schema
    .createIndex('bill_payments_payment_unique')
    .on('bill_payments')
    .column('payment_id')
    .unique()
    .execute();
  await sql`alter table payments add column tip integer not null default 0 check (tip >= 0)`.execute(db);
  await sql`alter table payments add column request text`.execute(db);
  await sql`update payments set bill_id = (select t.bill_id from tickets t where t.id = payments.ticket_id) where bill_id is null and ticket_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists bill_payments_payment_unique`.execute(db);
  await sql`alter table bill_payments drop column payment_id`.execute(db);
  await sql`alter table payments drop column request`.execute(db);
  await sql`alter table payments drop column tip`.execute(db);
}
