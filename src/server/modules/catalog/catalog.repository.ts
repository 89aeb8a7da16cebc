import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Engine } from '../../db/database.ts';
import type { Dish } from '../../db/dish-copy.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { PRODUCT_COLUMNS, type ProductSelection } from './catalog.mappers.ts';

/** All SQL of the catalogue. Returns rows, or undefined for an unknown id. */

/** How many matches each group of a search takes from the index at most (see `search`). */
const SEARCH_CANDIDATES = 200;
/**
 * How many dishes a search answers. A literal in the SQL: with the limit as a parameter,
 * SQLite plans the query without flattening it and runs it 3.5 times slower.
 */
const SEARCH_RESULTS = 60;

/** Turns free text into the engine's full-text query: every word must match, each as a prefix. */
export function searchTerms(text: string): string[] {
  return (text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/**
 * The search's SQL, with three parameters: the match of each group (name; name and category;
 * anywhere). Best matches first, served by the full-text index (FTS5 on SQLite,
 * the GIN-indexed tsvector on PostgreSQL); every word must match, each as a prefix; the same
 * order on both engines:
 *   1. dishes whose name holds every word,
 *   2. then those whose name and category together hold them,
 *   3. then the rest (ingredients);
 * within a group shorter names first (the words are more of the name), then menu order.
 *
 * Each group takes at most SEARCH_CANDIDATES matches from the index, so the work per
 * search is bounded however common the word ("chicken" in a tenth of a 100,000-dish
 * menu). bm25 is not used on SQLite: it counts every match of each word to weigh it,
 * which made a common word's search grow linearly with the menu (13 ms at 100,000
 * dishes), and with every word required that weighing changes little.
 */
function compileSearch(db: Kysely<AppDatabase>, engine: Engine): string {
  const group = (match: string) =>
    engine === 'postgres'
      ? sql`select id from products where search @@ to_tsquery('simple', ${match}) limit ${sql.lit(SEARCH_CANDIDATES)}`
      : sql`select rowid as id from products_fts where products_fts match ${match} limit ${sql.lit(SEARCH_CANDIDATES)}`;
  return sql`
    with in_name as (${group('')}),
    in_name_or_category as (${group('')}),
    anywhere as (${group('')}),
    hits as (
      select id, min(tier) as tier from (
        select id, 0 as tier from in_name
        union all select id, 1 as tier from in_name_or_category
        union all select id, 2 as tier from anywhere
      ) as tiers
      group by id
    )
    select p.id, p.name, p.img, p.price, p.reatings, p.items, p.category, p.populler
    from hits h join products p on p.id = h.id
    order by h.tier, length(p.name), p.id
    limit ${sql.lit(SEARCH_RESULTS)}`.compile(db).sql;
}

export function createCatalogRepository(db: Kysely<AppDatabase>, engine: Engine) {
  // The two hottest queries are built and compiled once; each call only binds its values
  // (building and compiling the search's SQL cost three times more than running it).
  const productById = db.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', 0).compile();
  const searchSql = compileSearch(db, engine);
  return {
    listCategories() {
      return db.selectFrom('categories').select(['id', 'name']).orderBy('id').execute();
    },

    listProducts(category?: string): Promise<ProductSelection[]> {
      // No category holds a NUL character, and PostgreSQL refuses to compare text with one.
      if (category?.includes('\u0000')) return Promise.resolve([]);
      let query = db.selectFrom('products').select(PRODUCT_COLUMNS).orderBy('id');
      if (category !== undefined) query = query.where('category', '=', category);
      return query.execute();
    },

    listPopular(): Promise<ProductSelection[]> {
      return db.selectFrom('products').select(PRODUCT_COLUMNS).where('populler', '=', 1).orderBy('id').execute();
    },

    async findProduct(id: number): Promise<ProductSelection | undefined> {
      const { rows } = await db.executeQuery<ProductSelection>(CompiledQuery.raw(productById.sql, [id]));
      return rows[0];
    },

    /** What an order, favourite or report copies from the catalogue; `executor` is a transaction of the caller's. */
    findDish(id: number, executor: Kysely<AppDatabase> = db): Promise<Dish | undefined> {
      return executor.selectFrom('products').select(['id', 'name', 'img', 'category', 'price']).where('id', '=', id).executeTakeFirst();
    },

    /**
     * Best matches first, served by the full-text index (FTS5 on SQLite, the GIN-indexed
     * tsvector on PostgreSQL); every word must match, each as a prefix; the same order on
     * both engines:
     *   1. dishes whose name holds every word,
     *   2. then those whose name and category together hold them,
     *   3. then the rest (ingredients);
     * within a group shorter names first (the words are more of the name), then menu order.
     *
     * Each group takes at most SEARCH_CANDIDATES matches from the index, so the work per
     * search is bounded however common the word ("chicken" in a tenth of a 100,000-dish
     * menu). bm25 is not used on SQLite: it counts every match of each word to weigh it,
     * which made a common word's search grow linearly with the menu (13 ms at 100,000
     * dishes), and with every word required that weighing changes little.
     */
    async search(text: string): Promise<ProductSelection[]> {
      const terms = searchTerms(text);
      if (terms.length === 0) return [];
      const matches =
        engine === 'postgres'
          ? // Terms are letters and digits only, so they cannot carry tsquery syntax. Weights:
            // A name, B category, C ingredients (migration 0001).
            ['A', 'AB', ''].map((weights) => terms.map((t) => `${t}:*${weights}`).join(' & '))
          : // Each term is quoted, so FTS5 syntax in the input ("OR", "*", "NEAR", quotes) is plain text.
            ['name : ', '{name category} : ', ''].map((columns) => terms.map((t) => `${columns}"${t}"*`).join(' '));
      const { rows } = await db.executeQuery<ProductSelection>(CompiledQuery.raw(searchSql, matches));
      return rows;
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
