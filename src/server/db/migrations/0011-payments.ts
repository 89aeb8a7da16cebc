import { type Kysely, sql } from 'kysely';
import { changeStatusCheck, serialId } from './dialect.ts';

/**
 * Payments (docs/reference/ordering.md "Payments", issue 39): one row per payment asked of a provider, created
 * with its idempotency `key` (unique); amounts in minor units. A payment pays a checkout ticket
 * today (`ticket_id`); `bill_id` is there for the bill it will pay once bills exist (no foreign
 * key yet: the bills table comes with another migration). Refunds are rows of their own, each
 * with its key; the webhook events processed are kept by id, so each counts once. A lease row
 * lets one server at a time run the payments' scheduler. Tickets gain the status
 * `awaiting_payment` (placed, holding the kitchen's room, not on the board until paid).
 */
const TICKET_STATUSES_BEFORE = `'received', 'preparing', 'ready', 'completed', 'cancelled'`;
const TICKET_STATUSES_AFTER = `'received', 'preparing', 'ready', 'completed', 'cancelled', 'awaiting_payment'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('demo', 'stripe', 'bkash')`))
    .addColumn('provider_ref', 'text')
    .addColumn('capture_ref', 'text')
    .addColumn('redirect_url', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'succeeded', 'failed', 'expired', 'refunded', 'partially_refunded')`),
    )
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('refunded', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`refunded >= 0`),
    )
    .addColumn('ticket_id', 'integer', (c) => c.references('tickets.id').onDelete('set null'))
    .addColumn('bill_id', 'integer')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('failure', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .addColumn('next_check_at', 'text')
    .addColumn('checks', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('payments_refunded_at_most_paid', sql`refunded <= amount`)
    .execute();
  await db.schema.createIndex('payments_ticket_idx').on('payments').column('ticket_id').execute();
  await db.schema.createIndex('payments_bill_idx').on('payments').column('bill_id').execute();
  await db.schema.createIndex('payments_pending_idx').on('payments').columns(['status', 'next_check_at']).execute();
  await sql`create unique index payments_provider_ref_unique on payments (provider, provider_ref) where provider_ref is not null`.execute(
    db,
  );

  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`))
    .addColumn('provider_ref', 'text')
    .addColumn('by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('failure', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();
  await db.schema.createIndex('payment_refunds_payment_idx').on('payment_refunds').column('payment_id').execute();
  await db.schema.createIndex('payment_refunds_status_idx').on('payment_refunds').column('status').execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'integer')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('scheduler_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('until', 'text', (c) => c.notNull())
    .execute();

  await changeStatusCheck(db, 'tickets', TICKET_STATUSES_BEFORE, TICKET_STATUSES_AFTER);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update tickets set status = 'cancelled' where status = 'awaiting_payment'`.execute(db);
  await changeStatusCheck(db, 'tickets', TICKET_STATUSES_AFTER, TICKET_STATUSES_BEFORE);
  await db.schema.dropTable('scheduler_leases').ifExists().execute();
  await db.schema.dropTable('payment_events').ifExists().execute();
  await db.schema.dropTable('payment_refunds').ifExists().execute();
  await sql`drop index if exists payments_provider_ref_unique`.execute(db);
  await db.schema.dropTable('payments').ifExists().execute();
}
