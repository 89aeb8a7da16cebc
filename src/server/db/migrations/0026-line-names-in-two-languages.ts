import { type Kysely, sql } from 'kysely';

/**
 * The dish's Bangla name in the copies records keep (decision 050): an order line
 * (`orders`), a ticket's line (`ticket_lines`, which a bill's lines are), a favourite and a
 * report copy the dish's English name, category and options when made; they now copy its
 * Bangla name too (`name_bn`, and `category_bn` where the category is copied), '' where the
 * owner wrote none. The options' JSON copies gain `groupBn` and `nameBn` beside `group` and
 * `name` (no column: the copy is JSON).
 *
 * Rows written before are filled from the menu as it is now: a line whose dish (product_id)
 * has a Bangla name takes it, and an option copied by its English group and value names takes
 * the Bangla names of that dish's group and value of those names. A copy is never written again
 * after this: a later menu edit changes no record.
 */
const NAME_COLUMNS = [
  ['orders', 'name_bn'],
  ['orders', 'category_bn'],
  ['ticket_lines', 'name_bn'],
  ['favorites', 'name_bn'],
  ['favorites', 'category_bn'],
  ['reports', 'name_bn'],
  ['reports', 'category_bn'],
] as const;

interface OptionCopy {
  group?: unknown;
  name?: unknown;
  groupBn?: unknown;
  nameBn?: unknown;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of NAME_COLUMNS) {
    await sql.raw(`alter table ${table} add column ${column} text not null default ''`).execute(db);
    // Plain SQL both engines run: the dish's Bangla text, where it has one.
    await sql
      .raw(
        `update ${table} set ${column} = (select p.${column} from products p where p.id = ${table}.product_id)
         where exists (select 1 from products p where p.id = ${table}.product_id and p.${column} <> '')`,
      )
      .execute(db);
  }
  await fillOptionNames(db, 'orders');
  await fillOptionNames(db, 'ticket_lines');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of NAME_COLUMNS) await sql.raw(`alter table ${table} drop column ${column}`).execute(db);
  // The options' JSON keeps its Bangla keys: readers of the old schema ignore them.
}

/** The Bangla names of each dish's option groups and values, keyed `dish \0 group \0 value` by their English names. */
async function optionNames(db: Kysely<unknown>): Promise<Map<string, { group: string; value: string }>> {
  const rows = await sql<{
    product_id: number;
    group_name: string;
    group_bn: string;
    value_name: string;
    value_bn: string;
  }>`
    select g.product_id, g.name as group_name, g.name_bn as group_bn, v.name as value_name, v.name_bn as value_bn
    from option_values v join option_groups g on g.id = v.group_id`.execute(db);
  const names = new Map<string, { group: string; value: string }>();
  for (const row of rows.rows)
    names.set(`${Number(row.product_id)}\u0000${row.group_name}\u0000${row.value_name}`, {
      group: row.group_bn,
      value: row.value_bn,
    });
  return names;
}

/**
 * Each line's copied options with the Bangla names of their dish's group and value of the same
 * English names: one update per distinct copy of a dish's options (lines mostly repeat a few),
 * not per line.
 */
async function fillOptionNames(db: Kysely<unknown>, table: 'orders' | 'ticket_lines'): Promise<void> {
  const names = await optionNames(db);
  if (names.size === 0) return;
  const copies = await sql<{
    product_id: number;
    options: string;
  }>`select distinct product_id, options from ${sql.table(table)} where options <> '[]'`.execute(db);
  for (const row of copies.rows) {
    const filled = withBanglaNames(row.options, Number(row.product_id), names);
    if (filled !== undefined)
      await sql`update ${sql.table(table)} set options = ${filled} where product_id = ${row.product_id} and options = ${row.options}`.execute(
        db,
      );
  }
}

/** A copy of options (JSON) with its Bangla names, or undefined when none is known (or it is not a list). */
function withBanglaNames(
  json: string,
  productId: number,
  names: Map<string, { group: string; value: string }>,
): string | undefined {
  let copies: unknown;
  try {
    copies = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!Array.isArray(copies)) return undefined;
  let changed = false;
  const filled = (copies as OptionCopy[]).map((copy) => {
    const bangla = names.get(`${productId}\u0000${String(copy.group)}\u0000${String(copy.name)}`);
    if (!bangla || (!bangla.group && !bangla.value)) return copy;
    changed = true;
    return { ...copy, groupBn: bangla.group, nameBn: bangla.value };
  });
  return changed ? JSON.stringify(filled) : undefined;
}
