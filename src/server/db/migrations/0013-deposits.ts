import { type Kysely, sql } from 'kysely';
import { changeStatusCheck } from './dialect.ts';

/**
 * Deposits for large parties (docs/reference/ordering.md "Payments", decision 032): reservations gain the
 * status `pending_deposit` (booked online by a party that pays a deposit first, its tables held
 * meanwhile), and a payment may be the deposit of a reservation (`payments.reservation_id`, at
 * most one per reservation: the database refuses a second), refunded when cancelled before
 * `payments.refundable_until`.
 */
const STATUSES_BEFORE = `'booked', 'seated', 'completed', 'cancelled', 'no_show'`;
const STATUSES_AFTER = `'pending_deposit', 'booked', 'seated', 'completed', 'cancelled', 'no_show'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await changeStatusCheck(db, 'reservations', STATUSES_BEFORE, STATUSES_AFTER);
  await sql`alter table payments add column reservation_id integer references reservations(id) on delete set null`.execute(
    db,
  );
  await sql`create unique index payments_reservation_unique on payments (reservation_id) where reservation_id is not null`.execute(
    db,
  );
  // Until when a cancel refunds the deposit: fixed when it is asked, as the guest was told.
  await sql`alter table payments add column refundable_until text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments drop column refundable_until`.execute(db);
  await sql`drop index if exists payments_reservation_unique`.execute(db);
  await sql`alter table payments drop column reservation_id`.execute(db);
  await sql`update reservations set status = 'cancelled' where status = 'pending_deposit'`.execute(db);
  await changeStatusCheck(db, 'reservations', STATUSES_AFTER, STATUSES_BEFORE);
}
