import type { Kysely } from 'kysely';
import { serialId } from './dialect.ts';

/**
 * The kitchen's loads that leave or come back without taking room (issue 46, decision 052): a
 * ticket completed, cancelled or recalled, a promise its payment moved. Written as rows of their
 * own, one per change (`units` negative when a load leaves), instead of an update of the
 * bucket's row in `kitchen_buckets`: the bucket's row is what placings queue for (each holds it
 * to its commit), and a kitchen's completion, holding it through its bill's statements, made
 * every placing of that bucket wait behind it. A bucket's load is its row's units plus its
 * changes; a rebuild of the loads (kitchen_bucket_rules) empties both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kitchen_bucket_changes')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('bucket_start', 'text', (c) => c.notNull())
    .addColumn('units', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('kitchen_bucket_changes_bucket_idx')
    .on('kitchen_bucket_changes')
    .column('bucket_start')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('kitchen_bucket_changes').execute();
}
