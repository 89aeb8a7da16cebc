import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * Deposits for large parties (ORDERING.md "Payments", decision 032): reservations gain the
 * status `pending_deposit` (booked online by a party that pays a deposit first, its tables held
 * meanwhile), and a payment may be the deposit of a reservation (`payments.reservation_id`, at
 * most one per reservation: the database refuses a second), refunded when cancelled before
 * `payments.refundable_until`.
 */
const STATUSES_BEFORE = `'booked', 'seated', 'completed', 'cancelled', 'no_show'`;
const STATUSES_AFTER = `'pending_deposit', 'booked', 'seated', 'completed', 'cancelled', 'no_show'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await reservationStatuses(db, STATUSES_BEFORE, STATUSES_AFTER);
  await sql`alter table payments add column reservation_id integer references reservations(id) on delete set null`.execute(db);
  await sql`create unique index payments_reservation_unique on payments (reservation_id) where reservation_id is not null`.execute(db);
  // Until when a cancel refunds the deposit: fixed when it is asked, as the guest was told.
  await sql`alter table payments add column refundable_until text`.execute(db);
}

/**
 * Widens (or narrows) the check on reservations.status, as 0011 does for tickets: PostgreSQL
 * replaces the constraint; SQLite builds the table again from its own definition (foreign keys
 * off meanwhile, as SQLite's documentation gives the procedure), its rows and indexes kept.
 */
async function reservationStatuses(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table reservations drop constraint if exists reservations_status_check`.execute(db);
    await sql.raw(`alter table reservations add constraint reservations_status_check check (status in (${to}))`).execute(db);
    return;
  }
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'reservations'`.execute(db);
  const definition = table.rows[0]?.sql ?? '';
  if (!definition.includes(from)) throw new Error('reservations.status check is not the expected one');
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'reservations' and sql is not null`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await sql.raw(definition.replace(from, to).replace(/^create table\s+("?)reservations\1/i, 'create table "reservations_rebuilt"')).execute(db);
      await sql`insert into reservations_rebuilt select * from reservations`.execute(db);
      await sql`drop table reservations`.execute(db);
      await sql`alter table reservations_rebuilt rename to reservations`.execute(db);
      for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('foreign keys broken by rebuilding reservations');
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments drop column refundable_until`.execute(db);
  await sql`drop index if exists payments_reservation_unique`.execute(db);
  await sql`alter table payments drop column reservation_id`.execute(db);
  await sql`update reservations set status = 'cancelled' where status = 'pending_deposit'`.execute(db);
  await reservationStatuses(db, STATUSES_AFTER, STATUSES_BEFORE);
}
