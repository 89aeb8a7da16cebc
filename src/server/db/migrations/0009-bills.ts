import { type Kysely, sql } from 'kysely';
import { serialId } from './dialect.ts';

/**
 * The bill (docs/reference/ordering.md "The bill", issue 38). Every ticket belongs to exactly one bill
 * (`tickets.bill_id`): a pick-up or delivery ticket has its own, dine-in tickets of a table or of
 * a reservation share its open one (at most one open bill per table and per reservation, which
 * two partial unique indexes enforce). Amounts are integer minor units. An open bill's money is
 * computed from its lines and the settings of the moment; when it is paid its figures are
 * written on it (`subtotal` … `line_rates`, discounts' `amount`) and never change again.
 *
 * Receipt numbers run per restaurant from 1 with no gap and no repeat: one counter row
 * (`receipt_counter`) is moved on in the transaction that pays a bill, and a unique index on
 * `bills.receipt_number` refuses a repeat whatever happens.
 *
 * Payments: `key` is unique per bill (a repeated key answers the payment already taken);
 * `request` keeps what that key was sent with, so the same key with another body is refused.
 *
 * Existing tickets get bills here: each ticket its own bill, except open dine-in tickets of one
 * table or reservation, which share one. A ticket already paid (the spec's PAY, a card at
 * checkout) makes its bill paid with one `demo` payment of its total, its figures those of the
 * ticket (no tax: the ticket was paid without one), and a receipt number in the order of the
 * tickets; a cancelled ticket's bill is `void`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bills')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'paid', 'void')`))
    .addColumn('fulfilment', 'text', (c) => c.notNull().check(sql`fulfilment in ('pickup', 'delivery', 'dine_in')`))
    .addColumn('table_id', 'integer', (c) => c.references('dining_tables.id').onDelete('set null'))
    .addColumn('reservation_id', 'integer', (c) => c.references('reservations.id').onDelete('set null'))
    .addColumn('covers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('paid_date', 'text')
    .addColumn('receipt_number', 'integer')
    // The figures the bill was paid at (minor units), written once when it is paid.
    .addColumn('subtotal', 'integer')
    .addColumn('discount', 'integer')
    .addColumn('service_charge', 'integer')
    .addColumn('delivery_fee', 'integer')
    .addColumn('tax', 'integer')
    .addColumn('total', 'integer')
    .addColumn('tax_inclusive', 'integer')
    .addColumn('taxes', 'text')
    .addColumn('line_rates', 'text')
    .addUniqueConstraint('bills_day_seq_unique', ['local_date', 'seq'])
    .execute();
  await sql`create unique index bills_receipt_unique on bills (receipt_number) where receipt_number is not null`.execute(
    db,
  );
  await sql`create unique index bills_open_table_unique on bills (table_id) where status = 'open' and table_id is not null`.execute(
    db,
  );
  await sql`create unique index bills_open_reservation_unique on bills (reservation_id) where status = 'open' and reservation_id is not null`.execute(
    db,
  );
  await db.schema.createIndex('bills_day_idx').on('bills').columns(['local_date', 'status']).execute();
  await db.schema.createIndex('bills_paid_day_idx').on('bills').columns(['paid_date']).execute();

  await db.schema
    .createTable('bill_discounts')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id').onDelete('cascade'))
    // Hundredths of a percent (12.5 % → 1250), or null for an amount.
    .addColumn('percent_bp', 'integer')
    // The amount asked for (an amount discount), or, once the bill is paid, the amount it came to.
    .addColumn('amount', 'integer')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bill_discounts_bill_idx').on('bill_discounts').column('bill_id').execute();

  await db.schema
    .createTable('bill_payments')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id').onDelete('cascade'))
    .addColumn('key', 'text')
    .addColumn('request', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('tip', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`tip >= 0`),
    )
    .addColumn('tendered', 'integer')
    .addColumn('change', 'integer')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // Money given back (minor units) and when: refunds count on the day they are made.
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_at', 'text')
    .addColumn('refunded_date', 'text')
    .addUniqueConstraint('bill_payments_key_unique', ['bill_id', 'key'])
    .execute();
  await db.schema.createIndex('bill_payments_bill_idx').on('bill_payments').column('bill_id').execute();

  await db.schema
    .createTable('receipt_counter')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cash_counts')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('expected', 'integer', (c) => c.notNull())
    .addColumn('counted', 'integer', (c) => c.notNull())
    .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cash_counts_day_idx').on('cash_counts').column('local_date').execute();

  await sql`alter table tickets add column bill_id integer references bills(id) on delete set null`.execute(db);
  await db.schema.createIndex('tickets_bill_idx').on('tickets').column('bill_id').execute();

  // Existing tickets, oldest first.
  const tickets = await sql<{
    id: number;
    local_date: string;
    fulfilment: string;
    status: string;
    payment: string;
    pay_method: string | null;
    placed_at: string;
    subtotal: number | string;
    delivery_fee: number | string;
    total: number | string;
    table_id: number | null;
    reservation_id: number | null;
  }>`
    select id, local_date, fulfilment, status, payment, pay_method, placed_at, subtotal, delivery_fee, total, table_id, reservation_id from tickets order by id`.execute(
    db,
  );
  const cents = (value: number | string) => Math.round(Number(value) * 100);
  const seqByDay = new Map<string, number>();
  const openBillOf = new Map<string, number>();
  let receipt = 0;
  for (const t of tickets.rows) {
    const paid = t.payment === 'paid';
    const cancelled = t.status === 'cancelled';
    const shared =
      t.fulfilment === 'dine_in' && !paid && !cancelled
        ? t.reservation_id !== null
          ? `r${t.reservation_id}`
          : t.table_id !== null
            ? `t${t.table_id}`
            : undefined
        : undefined;
    const existing = shared ? openBillOf.get(shared) : undefined;
    if (existing !== undefined) {
      await sql`update tickets set bill_id = ${existing} where id = ${t.id}`.execute(db);
      continue;
    }
    const seq = (seqByDay.get(t.local_date) ?? 0) + 1;
    seqByDay.set(t.local_date, seq);
    const status = paid ? 'paid' : cancelled ? 'void' : 'open';
    const tableId = t.fulfilment === 'dine_in' && t.reservation_id === null ? t.table_id : null;
    const reservationId = t.fulfilment === 'dine_in' ? t.reservation_id : null;
    const bill = await sql<{ id: number }>`
      insert into bills (local_date, seq, number, status, fulfilment, table_id, reservation_id, opened_at)
      values (${t.local_date}, ${seq}, ${`B-${String(seq).padStart(3, '0')}`}, ${status}, ${t.fulfilment}, ${tableId}, ${reservationId}, ${t.placed_at})
      returning id`.execute(db);
    const billId = bill.rows[0]?.id as number;
    await sql`update tickets set bill_id = ${billId} where id = ${t.id}`.execute(db);
    if (shared) openBillOf.set(shared, billId);
    if (paid) {
      receipt += 1;
      const total = cents(t.total);
      await sql`update bills set paid_at = ${t.placed_at}, paid_date = ${t.local_date}, receipt_number = ${receipt}, subtotal = ${cents(t.subtotal)}, discount = 0, service_charge = 0,
        delivery_fee = ${cents(t.delivery_fee)}, tax = 0, total = ${total}, tax_inclusive = 1, taxes = '[]', line_rates = '{}' where id = ${billId}`.execute(
        db,
      );
      await sql`insert into bill_payments (bill_id, method, provider, amount, tip, status, at) values (${billId}, ${t.pay_method ?? 'card'}, 'demo', ${total}, 0, 'succeeded', ${t.placed_at})`.execute(
        db,
      );
    }
  }
  await sql`insert into receipt_counter (id, last_number) values (1, ${receipt})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tickets_bill_idx').ifExists().execute();
  await sql`alter table tickets drop column bill_id`.execute(db);
  await db.schema.dropTable('cash_counts').ifExists().execute();
  await db.schema.dropTable('receipt_counter').ifExists().execute();
  await db.schema.dropTable('bill_payments').ifExists().execute();
  await db.schema.dropTable('bill_discounts').ifExists().execute();
  await sql`drop index if exists bills_receipt_unique`.execute(db);
  await sql`drop index if exists bills_open_table_unique`.execute(db);
  await sql`drop index if exists bills_open_reservation_unique`.execute(db);
  await db.schema.dropTable('bills').ifExists().execute();
}
