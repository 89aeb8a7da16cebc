import { type Kysely, sql } from 'kysely';
import { isPostgres, serialId } from './dialect.ts';

/**
 * Dish options (docs/reference/ordering.md "Dish options", issue 37): each dish's option groups in order, each
 * with its values in order. A value's price is kept in minor units (cents), its prep units in
 * tenths (0.5 → 5), its allergens as a JSON list. Booking orders and ticket lines keep a copy of
 * the values chosen (`options`, JSON `[{ group, name, price }]`), which no menu edit changes.
 * Prices may now carry cents: on PostgreSQL the money columns of orders, favourites and tickets
 * become numeric(12,2) (SQLite keeps whatever number it is given).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('option_groups')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('min', 'integer', (c) => c.notNull().check(sql`min >= 0`))
    .addColumn('max', 'integer', (c) => c.notNull().check(sql`max >= min`))
    .execute();
  await db.schema
    .createIndex('option_groups_product_idx')
    .on('option_groups')
    .columns(['product_id', 'position'])
    .execute();

  await db.schema
    .createTable('option_values')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('group_id', 'integer', (c) => c.notNull().references('option_groups.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents between 0 and 1000000`))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('available', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('prep_tenths', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`prep_tenths >= 0`),
    )
    .addColumn('allergens', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .createIndex('option_values_group_idx')
    .on('option_values')
    .columns(['group_id', 'position'])
    .execute();
  await db.schema.createIndex('option_values_product_idx').on('option_values').column('product_id').execute();

  await sql`alter table orders add column options text not null default '[]'`.execute(db);
  await sql`alter table ticket_lines add column options text not null default '[]'`.execute(db);

  if (isPostgres(db)) {
    for (const [table, columns] of [
      ['orders', ['unit_price', 'total_price']],
      ['favorites', ['unit_price']],
      ['ticket_lines', ['price']],
      ['tickets', ['subtotal', 'delivery_fee', 'total']],
    ] as const) {
      for (const column of columns) {
        await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type numeric(12, 2)`.execute(db);
      }
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ticket_lines drop column options`.execute(db);
  await sql`alter table orders drop column options`.execute(db);
  await db.schema.dropTable('option_values').ifExists().execute();
  await db.schema.dropTable('option_groups').ifExists().execute();
}
