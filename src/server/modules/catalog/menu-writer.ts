import { type Kysely, sql } from 'kysely';
import type { OptionGroupInput } from '../../../shared/contract/catalog.ts';
import { toMinorUnits } from '../../../shared/contract/common.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase, ProductsTable } from '../../db/schema.ts';
import { PRODUCT_COLUMNS, type ProductSelection } from './catalog.mappers.ts';

/** A dish's columns as the service writes them. */
export type ProductValues = Omit<
  ProductsTable,
  | 'id'
  | 'created_at'
  | 'removed_at'
  | 'reatings'
  | 'updated_at'
  | 'description'
  | 'allergens'
  | 'diet'
  | 'spicy'
  | 'available'
  | 'prep_units'
  | 'option_names'
  | 'name_bn'
  | 'description_bn'
  | 'category_bn'
  | 'items_bn'
> & {
  name_bn?: string;
  description_bn?: string;
  items_bn?: string;
  category_bn: string;
  description: string;
  allergens: string;
  diet: string;
  spicy: number;
  available: number;
  prep_units: number;
};

/**
 * The menu's writes, each run inside the caller's transaction (`trx`). On PostgreSQL the
 * category row is locked (shared by dish writes, exclusive by category writes), so a dish
 * is never filed under a category being removed at the same moment; SQLite runs one write
 * transaction at a time anyway.
 */
/** The `name_bn` column of an option group or value as sent: '' for a new row without one, absent (kept) for a row sent with its `_id`. */
function bangla(row: {
  _id?: number | undefined;
  translations?: { bn?: { name?: string | undefined } | undefined } | undefined;
}): { name_bn?: string } {
  const name = row.translations?.bn?.name;
  if (name !== undefined) return { name_bn: name.trim() };
  return row._id === undefined ? { name_bn: '' } : {};
}

export function createMenuWriter(trx: Kysely<AppDatabase>, engine: Engine) {
  const lockable = engine === 'postgres';
  return {
    /** The transaction itself, for the reads that go with a change. */
    trx,

    /** The live category named `name` in either language. */
    async liveCategory(name: string, lock: 'share' | 'update' | 'none' = 'none') {
      let query = trx
        .selectFrom('categories')
        .select(['id', 'name', 'name_bn'])
        .where((eb) => eb.or([eb('name', '=', name), eb('name_bn', '=', name)]))
        .where('removed_at', 'is', null);
      if (lockable && lock === 'share') query = query.forShare();
      if (lockable && lock === 'update') query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async categoryById(id: number, lock = false) {
      let query = trx
        .selectFrom('categories')
        .select(['id', 'name', 'name_bn'])
        .where('id', '=', id)
        .where('removed_at', 'is', null);
      if (lockable && lock) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /** Another category whose name in either language differs from `name` only in letter case (or not at all). */
    async categoryNamed(name: string, exceptId?: number) {
      const lower = name.toLowerCase();
      let query = trx
        .selectFrom('categories')
        .select(['id', 'name', 'name_bn'])
        .where((eb) => eb.or([eb(sql<string>`lower(name)`, '=', lower), eb(sql<string>`lower(name_bn)`, '=', lower)]));
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return query.executeTakeFirst();
    },

    async insertCategory(name: string, nameBn: string) {
      return trx
        .insertInto('categories')
        .values({ name, name_bn: nameBn, removed_at: null })
        .returning(['id', 'name', 'name_bn'])
        .executeTakeFirstOrThrow();
    },

    /**
     * Renames a category; its dishes follow (products.category references it ON UPDATE CASCADE,
     * and their `category_bn` is written here).
     */
    async renameCategory(id: number, name: string, nameBn: string) {
      const row = await trx
        .updateTable('categories')
        .set({ name, name_bn: nameBn })
        .where('id', '=', id)
        .returning(['id', 'name', 'name_bn'])
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('products')
        .set({ category_bn: nameBn })
        .where('category', '=', row.name)
        .where('category_bn', '!=', nameBn)
        .execute();
      return row;
    },

    async countLiveDishes(category: string): Promise<number> {
      const row = await trx
        .selectFrom('products')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('category', '=', category)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Removes a category. Removed dishes may still name it, so the row stays, marked removed
     * and renamed with its id (its removed dishes follow), which frees the name for a new one.
     */
    async removeCategory(id: number, name: string, now: string): Promise<void> {
      await trx
        .updateTable('categories')
        .set({ name: `${name} (removed #${id})`, removed_at: now })
        .where('id', '=', id)
        .execute();
    },

    async insertProduct(values: ProductValues, now: string): Promise<ProductSelection> {
      return trx
        .insertInto('products')
        .values({ ...values, reatings: 0, created_at: now, updated_at: now })
        .returning(PRODUCT_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    async updateProduct(
      id: number,
      changes: Partial<ProductValues>,
      now: string,
    ): Promise<ProductSelection | undefined> {
      return trx
        .updateTable('products')
        .set({ ...changes, updated_at: now })
        .where('id', '=', id)
        .where('removed_at', 'is', null)
        .returning(PRODUCT_COLUMNS)
        .executeTakeFirst();
    },

    /**
     * Replaces a dish's option groups with `groups`, in order: a group or value sent with its
     * `_id` keeps it (its row is updated), the others are new rows, and those not sent are
     * deleted (placed orders keep their own copy). An `_id` that is not one of this dish's is 400
     * (`unknown` names it).
     */
    async replaceOptions(
      productId: number,
      groups: OptionGroupInput[],
      unknown: (code: 'noOptionGroupWithId' | 'noOptionValueWithId', id: number) => Error,
    ): Promise<void> {
      const oldGroups = new Set(
        (await trx.selectFrom('option_groups').select('id').where('product_id', '=', productId).execute()).map(
          (r) => r.id,
        ),
      );
      const oldValues = new Set(
        (await trx.selectFrom('option_values').select('id').where('product_id', '=', productId).execute()).map(
          (r) => r.id,
        ),
      );
      for (const group of groups) {
        if (group._id !== undefined && !oldGroups.has(group._id)) throw unknown('noOptionGroupWithId', group._id);
        for (const value of group.values) {
          if (value._id !== undefined && !oldValues.has(value._id)) throw unknown('noOptionValueWithId', value._id);
        }
      }
      const keptGroups: number[] = [];
      const keptValues = groups.flatMap((g) => g.values.flatMap((v) => (v._id === undefined ? [] : [v._id])));
      // Values not sent go first; a kept value may move to another group (its row follows below),
      // so the groups not sent are deleted last (all but those written), when none of their values is kept any more.
      // A dropped value's word at the branches (its price or sold-out there, decision 068) goes with it.
      const dropped = [...oldValues].filter((id) => !keptValues.includes(id));
      if (dropped.length > 0) await trx.deleteFrom('branch_option_values').where('value_id', 'in', dropped).execute();
      let dropValues = trx.deleteFrom('option_values').where('product_id', '=', productId);
      if (keptValues.length > 0) dropValues = dropValues.where('id', 'not in', keptValues);
      await dropValues.execute();
      for (const [g, group] of groups.entries()) {
        // A Bangla name left out: a new row has none, a kept one keeps its own.
        const columns = {
          product_id: productId,
          position: g,
          name: group.name,
          min: group.min,
          max: group.max,
          ...bangla(group),
        };
        const groupId =
          group._id === undefined
            ? (await trx.insertInto('option_groups').values(columns).returning('id').executeTakeFirstOrThrow()).id
            : (
                await trx
                  .updateTable('option_groups')
                  .set(columns)
                  .where('id', '=', group._id)
                  .returning('id')
                  .executeTakeFirstOrThrow()
              ).id;
        keptGroups.push(groupId);
        for (const [v, value] of group.values.entries()) {
          const valueColumns = {
            group_id: groupId,
            product_id: productId,
            position: v,
            name: value.name,
            ...bangla(value),
            price_cents: toMinorUnits(value.price),
            is_default: value.default ? 1 : 0,
            available: value.available === false ? 0 : 1,
            prep_tenths: Math.round((value.prepUnits ?? 0) * 10),
            allergens: JSON.stringify(value.allergens ?? []),
          };
          if (value._id === undefined) await trx.insertInto('option_values').values(valueColumns).execute();
          else await trx.updateTable('option_values').set(valueColumns).where('id', '=', value._id).execute();
        }
      }
      let dropGroups = trx.deleteFrom('option_groups').where('product_id', '=', productId);
      if (keptGroups.length > 0) dropGroups = dropGroups.where('id', 'not in', keptGroups);
      await dropGroups.execute();
    },

    /** Switches one of a dish's option values on or off; false when the dish has no such value. */
    async setOptionAvailable(productId: number, valueId: number, available: boolean): Promise<boolean> {
      const row = await trx
        .updateTable('option_values')
        .set({ available: available ? 1 : 0 })
        .where('id', '=', valueId)
        .where('product_id', '=', productId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async liveProduct(id: number): Promise<ProductSelection | undefined> {
      return trx
        .selectFrom('products')
        .select(PRODUCT_COLUMNS)
        .where('id', '=', id)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
    },

    /** Soft delete: the dish leaves the menu; orders, favourites and reports keep their copy. */
    async removeProduct(id: number, now: string): Promise<ProductSelection | undefined> {
      return trx
        .updateTable('products')
        .set({ removed_at: now, updated_at: now })
        .where('id', '=', id)
        .where('removed_at', 'is', null)
        .returning(PRODUCT_COLUMNS)
        .executeTakeFirst();
    },
  };
}
