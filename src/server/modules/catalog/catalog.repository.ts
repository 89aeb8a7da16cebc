import type SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Engine } from '../../db/database.ts';
import { type BranchId, MAIN_BRANCH_ID } from '../../db/branch.ts';
import type { AppDatabase, ProductsTable } from '../../db/schema.ts';
import { type OptionGroupRow, type OptionValueRow, PRODUCT_COLUMNS, type ProductSelection } from './catalog.mappers.ts';
import { createSearchReads } from './search-reads.ts';
import { precompiled, precompiledIn } from '../../db/precompiled.ts';

/** All SQL of the catalogue's reads (its writes: menu-writer.ts). Returns rows, or undefined for an unknown id. */

/** What a record copies from the catalogue, with what decides whether it may be ordered. */
export type DishState = Pick<ProductsTable, 'name' | 'img' | 'category' | 'price' | 'sold_out_until' | 'removed_at'> & {
  id: number;
  name_bn: string;
  available: number;
  prep_units: number;
};

/** Option groups and values (all of them, or some dishes'), by dish and position; dishes by id: compiled once (decision 075). */
const groupRows = (db: Kysely<AppDatabase>) =>
  db.selectFrom('option_groups').selectAll().orderBy('product_id').orderBy('position');
const valueRows = (db: Kysely<AppDatabase>) =>
  db.selectFrom('option_values').selectAll().orderBy('product_id').orderBy('group_id').orderBy('position');
const allGroups = precompiled(0, groupRows);
const allValues = precompiled(0, valueRows);
const someGroups = precompiledIn(1, (db, ids: number[]) => groupRows(db).where('product_id', 'in', ids));
const someValues = precompiledIn(1, (db, ids: number[]) => valueRows(db).where('product_id', 'in', ids));

/** What an order, favourite or report copies of a dish, with what decides whether it may be ordered. */
const DISH_STATE_COLUMNS = [
  'id',
  'name',
  'name_bn',
  'img',
  'category',
  'category_bn',
  'price',
  'available',
  'sold_out_until',
  'removed_at',
  'prep_units',
] as const;
const dishStates = precompiledIn(1, (db, ids: number[]) =>
  db.selectFrom('products').select(DISH_STATE_COLUMNS).where('id', 'in', ids),
);

/**
 * `sqlite` is the driver handle under `db` on SQLite: the search runs on it synchronously
 * (see `search`).
 */
export function createCatalogRepository(db: Kysely<AppDatabase>, engine: Engine, sqlite?: SqliteDatabase.Database) {
  // The two hottest queries are built and compiled once; each call only binds its values
  // (building and compiling the search's SQL cost three times more than running it).
  const productById = db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('id', '=', 0)
    .where('removed_at', 'is', null)
    .compile();
  // Dishes by a list of ids in one statement whatever the list's length (one parameter: a
  // JSON array on SQLite, an array on PostgreSQL), so it is prepared once.
  const productsByIds = sql`select ${sql.join(PRODUCT_COLUMNS.map((column) => sql.ref(column)))} from products
    where ${engine === 'postgres' ? sql`id = any(${''}::int[])` : sql`id in (select value from json_each(${''}))`} and removed_at is null`.compile(
    db,
  ).sql;
  const onMenu = db.selectFrom('products').select(PRODUCT_COLUMNS).where('removed_at', 'is', null);
  return {
    ...createSearchReads(db, engine, sqlite),
    /**
     * The option groups and values of the dishes `ids` (every dish's when undefined), each list
     * ordered by dish and position. `executor` is a transaction of the caller's.
     */
    async optionRows(
      executor: Kysely<AppDatabase>,
      ids?: readonly number[],
    ): Promise<{ groups: OptionGroupRow[]; values: OptionValueRow[] }> {
      if (ids !== undefined && ids.length === 0) return { groups: [], values: [] };
      const [{ rows: g }, { rows: v }] = await Promise.all(
        ids === undefined
          ? [allGroups(executor), allValues(executor)]
          : [someGroups(executor, [...ids]), someValues(executor, [...ids])],
      );
      return { groups: g, values: v };
    },

    listCategories() {
      return db
        .selectFrom('categories')
        .select(['id', 'name', 'name_bn'])
        .where('removed_at', 'is', null)
        .orderBy('id')
        .execute();
    },

    listProducts(category?: string): Promise<ProductSelection[]> {
      // No category holds a NUL character, and PostgreSQL refuses to compare text with one.
      if (category?.includes('\u0000')) return Promise.resolve([]);
      let query = onMenu.orderBy('id');
      // A category by its name in either language (the menu in Bangla names them in Bangla).
      if (category !== undefined)
        query = query.where((eb) => eb.or([eb('category', '=', category), eb('category_bn', '=', category)]));
      return query.execute();
    },

    listPopular(): Promise<ProductSelection[]> {
      return onMenu.where('populler', '=', 1).orderBy('id').execute();
    },

    /** The earliest instant after `now` at which a sold-out dish comes back by itself. */
    async nextComeback(now: string): Promise<string | null> {
      const row = await db
        .selectFrom('products')
        .select((eb) => eb.fn.min('sold_out_until').as('at'))
        .where('removed_at', 'is', null)
        .where('available', '=', 0)
        .where('sold_out_until', '>', now)
        .executeTakeFirst();
      return row?.at ?? null;
    },

    /** The dishes on the menu among `ids`, in no particular order. */
    async findProducts(ids: readonly number[]): Promise<ProductSelection[]> {
      if (ids.length === 0) return [];
      const { rows } = await db.executeQuery<ProductSelection>(
        CompiledQuery.raw(productsByIds, [engine === 'postgres' ? ids : JSON.stringify(ids)]),
      );
      return rows;
    },

    async findProduct(id: number): Promise<ProductSelection | undefined> {
      const { rows } = await db.executeQuery<ProductSelection>(CompiledQuery.raw(productById.sql, [id]));
      return rows[0];
    },

    /** Each dish's category and allergens (JSON), removed ones too. */
    facts(
      executor: Kysely<AppDatabase>,
      ids: number[],
    ): Promise<{ id: number; category: string; allergens: string }[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return executor.selectFrom('products').select(['id', 'category', 'allergens']).where('id', 'in', ids).execute();
    },

    /** The dishes `ids` as orders and the kitchen read them, removed or not; `executor` is a transaction of the caller's. */
    findDishes(executor: Kysely<AppDatabase>, ids: number[]): Promise<(DishState & { category_bn: string })[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return dishStates(executor, ids).then(({ rows }) => rows);
    },

    /**
     * The option values of the dishes `ids` sold out at `branch`, with their group's name (one
     * statement): the first branch's on the values' rows, another's on its own (decision 068).
     */
    soldOutValues(
      executor: Kysely<AppDatabase>,
      ids: number[],
      branch: BranchId,
    ): Promise<{ product_id: number; group_name: string; name: string }[]> {
      if (ids.length === 0) return Promise.resolve([]);
      const values = executor
        .selectFrom('option_values as v')
        .innerJoin('option_groups as g', 'g.id', 'v.group_id')
        .select(['v.product_id', 'g.name as group_name', 'v.name'])
        .where('v.product_id', 'in', ids);
      if (branch === MAIN_BRANCH_ID) return values.where('v.available', '<>', 1).execute();
      return values
        .innerJoin('branch_option_values as b', 'b.value_id', 'v.id')
        .where('b.branch_id', '=', branch)
        .where('b.available', '=', 0)
        .execute();
    },

    /** What an order, favourite or report copies from the catalogue, removed or not; `executor` is a transaction of the caller's. */
    findDish(executor: Kysely<AppDatabase>, id: number): Promise<(DishState & { category_bn: string }) | undefined> {
      return executor.selectFrom('products').select(DISH_STATE_COLUMNS).where('id', '=', id).executeTakeFirst();
    },
  };
}
