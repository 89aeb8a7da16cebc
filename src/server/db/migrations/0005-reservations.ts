import { type Kysely, sql } from 'kysely';
import { isPostgres, serialId } from './dialect.ts';

/**
 * Table reservations (docs/reference/operations.md "Restaurant settings", "Tables and reservations"):
 *   - restaurant_settings: one row holding the settings as JSON;
 *   - dining_tables and table_combinations (a combination lists its tables as JSON);
 *   - reservations, each with its status times;
 *   - table_holds: the time each booked or seated reservation holds each of its tables. The
 *     database itself refuses two holds of one table that overlap: an exclusion constraint
 *     on PostgreSQL (gist over table and time range), a trigger on SQLite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);

  await db.schema
    .createTable('restaurant_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('dining_tables')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('min_covers', 'integer', (c) => c.notNull().check(sql`min_covers >= 1`))
    .addColumn('max_covers', 'integer', (c) => c.notNull().check(sql`max_covers >= min_covers`))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index dining_tables_name_folded_idx on dining_tables (lower(name))`.execute(db);

  await db.schema
    .createTable('table_combinations')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('table_ids', 'text', (c) => c.notNull())
    .addColumn('min_covers', 'integer', (c) => c.notNull().check(sql`min_covers >= 1`))
    .addColumn('max_covers', 'integer', (c) => c.notNull().check(sql`max_covers >= min_covers`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('reservations')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('party_size', 'integer', (c) => c.notNull().check(sql`party_size >= 1`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('booked', 'seated', 'completed', 'cancelled', 'no_show')`),
    )
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('online', 'phone', 'walk_in')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('seated_at', 'text')
    .addColumn('completed_at', 'text')
    .addColumn('cancelled_at', 'text')
    .addColumn('no_show_at', 'text')
    .execute();
  await db.schema.createIndex('reservations_date_idx').on('reservations').columns(['date', 'starts_at']).execute();
  await db.schema.createIndex('reservations_user_idx').on('reservations').columns(['user_id', 'starts_at']).execute();

  // Instants as timestamptz on PostgreSQL, so the exclusion constraint can compare ranges;
  // ISO text on SQLite, whose fixed format (…T…Z, milliseconds) compares in time order.
  const instant = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('table_holds')
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id').onDelete('cascade'))
    .addColumn('table_id', 'integer', (c) => c.notNull().references('dining_tables.id').onDelete('restrict'))
    .addColumn('starts_at', sql.raw(instant), (c) => c.notNull())
    .addColumn('ends_at', sql.raw(instant), (c) => c.notNull())
    // 0 once the reservation is cancelled or a no-show: kept for the record, holding nothing.
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('table_holds_pk', ['reservation_id', 'table_id'])
    .addCheckConstraint('table_holds_range_check', sql`ends_at > starts_at`)
    .execute();
  await db.schema.createIndex('table_holds_table_idx').on('table_holds').columns(['table_id', 'starts_at']).execute();

  // E-mail waiting to go out: written in the transaction of the change it tells about, sent
  // after it commits, retried with backoff; a mail that fails never undoes the booking.
  await db.schema
    .createTable('outbox')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('ics', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['sent_at', 'next_attempt_at']).execute();

  if (pg) {
    // btree_gist gives integers the gist "=" the constraint needs; it is a trusted extension
    // (PostgreSQL 13+), so the database's owner may create it.
    await sql`create extension if not exists btree_gist`.execute(db);
    await sql`
      alter table table_holds add constraint table_holds_no_overlap
      exclude using gist (table_id with =, tstzrange(starts_at, ends_at) with &&) where (active = 1)`.execute(db);
  } else {
    await sql`
      create trigger table_holds_no_overlap_insert before insert on table_holds
      when new.active = 1 and exists (
        select 1 from table_holds
        where active = 1 and table_id = new.table_id and starts_at < new.ends_at and ends_at > new.starts_at
      )
      begin select raise(abort, 'table_holds_no_overlap'); end`.execute(db);
    await sql`
      create trigger table_holds_no_overlap_update before update on table_holds
      when new.active = 1 and exists (
        select 1 from table_holds
        where active = 1 and table_id = new.table_id and starts_at < new.ends_at and ends_at > new.starts_at
          and not (reservation_id = old.reservation_id and table_id = old.table_id)
      )
      begin select raise(abort, 'table_holds_no_overlap'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').ifExists().execute();
  await db.schema.dropTable('table_holds').ifExists().execute();
  await db.schema.dropTable('reservations').ifExists().execute();
  await db.schema.dropTable('table_combinations').ifExists().execute();
  await db.schema.dropTable('dining_tables').ifExists().execute();
  await db.schema.dropTable('restaurant_settings').ifExists().execute();
}
