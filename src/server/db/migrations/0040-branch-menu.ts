import { type Kysely, sql } from 'kysely';

/**
 * What a branch sells (issue 57, docs/reference/branches.md "What belongs to whom", decision 068):
 * the brand's dishes as one branch offers them. A branch with no row for a dish offers it at the
 * brand's price; a row says otherwise:
 *   - `branch_menu`: whether the branch offers the dish (`offered`), its own price (`price`, minor
 *     units; null: the brand's), and its own sold-out (`available`, `sold_out_until`; null: as
 *     `products` says for the first branch, available elsewhere; see decision 068).
 *   - `branch_option_values`: an option value's own price at the branch (null: the brand's) and
 *     its own sold-out (null: as for the dish).
 * Both are keyed by the branch first, so a branch's whole menu is one index range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('branch_menu')
    .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('offered', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('price', 'integer')
    .addColumn('available', 'integer')
    .addColumn('sold_out_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('branch_menu_pk', ['branch_id', 'product_id'])
    .addCheckConstraint('branch_menu_price_check', sqlCheck('price'))
    .execute();
  await db.schema
    .createTable('branch_option_values')
    .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
    .addColumn('value_id', 'integer', (c) => c.notNull().references('option_values.id'))
    .addColumn('price', 'integer')
    .addColumn('available', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('branch_option_values_pk', ['branch_id', 'value_id'])
    .addCheckConstraint('branch_option_values_price_check', sqlCheck('price'))
    .execute();
}

/** A price of its own is never negative (null: the brand's). */
function sqlCheck(column: string) {
  return sql.raw(`${column} is null or ${column} >= 0`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('branch_option_values').ifExists().execute();
  await db.schema.dropTable('branch_menu').ifExists().execute();
}
