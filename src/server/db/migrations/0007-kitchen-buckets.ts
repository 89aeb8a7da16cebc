import { type Kysely, sql } from 'kysely';

/**
 * The kitchen's load per bucket (issue 35 point 7): each open ticket's units in the buckets it
 * loads, kept in the transaction that places the ticket or moves it out of (or back into) the
 * open statuses, so a checkout reads only the buckets it may use instead of every ticket of the
 * day. `kitchen_bucket_rules` holds the rules the loads were spread under (time zone, bucket
 * length, prep time, units per bucket); when they differ from the settings, or no row is there
 * (as after this migration), the server builds the loads again from the open tickets. Bucket
 * starts are ISO instants (…T…Z, milliseconds), as ready times are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kitchen_buckets')
    .addColumn('bucket_start', 'text', (c) => c.primaryKey())
    .addColumn('units', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('kitchen_bucket_rules')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('rules', 'text', (c) => c.notNull())
    .execute();
  // Which open dine-in tickets carry a reservation's food: looked up by the reservations of the window.
  await db.schema.createIndex('tickets_reservation_idx').on('tickets').columns(['reservation_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tickets_reservation_idx').ifExists().execute();
  await db.schema.dropTable('kitchen_bucket_rules').ifExists().execute();
  await db.schema.dropTable('kitchen_buckets').ifExists().execute();
}
