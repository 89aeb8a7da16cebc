import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Product } from '../../../shared/catalog-contract.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase, ProductRow } from '../../db/schema.ts';

/** All SQL of the catalogue. Returns contract-shaped dishes, or null for an unknown id. */

const productColumns = ['id', 'name', 'img', 'price', 'reatings', 'items', 'category', 'populler'] as const;
type ProductSelection = Pick<ProductRow, (typeof productColumns)[number]>;

export function toProduct(row: ProductSelection): Product {
  return {
    _id: String(row.id),
    name: row.name,
    img: row.img,
    price: Number(row.price),
    reatings: Number(row.reatings),
    items: JSON.parse(row.items) as string[],
    category: row.category,
    populler: Boolean(row.populler),
  };
}

/** How many matches each group of a search takes from the index at most (see `search`). */
export const SEARCH_CANDIDATES = 200;

/** Turns free text into the engine's full-text query: every word must match, each as a prefix. */
export function searchTerms(text: string): string[] {
  return (text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/**
 * Dishes change only when the menu is edited (by hand or a future admin screen), and browsers
 * already cache menu reads for a minute: a few seconds of staleness per app server is within
 * that, and spares the database the storefront's most frequent query.
 */
const PRODUCT_CACHE_MS = 10_000;
const PRODUCT_CACHE_SIZE = 20_000;

export function createCatalogRepository(db: Kysely<AppDatabase>, engine: Engine) {
  const productCache = new Map<number, { product: Product; expires: number }>();
  // The dish-by-id query is built and compiled once; each call only binds the id.
  const productById = db.selectFrom('products').select(productColumns).where('id', '=', 0).compile();
  return {
    async listCategories() {
      const rows = await db.selectFrom('categories').select(['id', 'name']).orderBy('id').execute();
      return rows.map((r) => ({ _id: String(r.id), category: r.name }));
    },

    async listProducts(category?: string): Promise<Product[]> {
      // No category holds a NUL character, and PostgreSQL refuses to compare text with one.
      if (category?.includes('\u0000')) return [];
      let query = db.selectFrom('products').select(productColumns).orderBy('id');
      if (category !== undefined) query = query.where('category', '=', category);
      return (await query.execute()).map(toProduct);
    },

    async listPopular(): Promise<Product[]> {
      const rows = await db.selectFrom('products').select(productColumns).where('populler', '=', 1).orderBy('id').execute();
      return rows.map(toProduct);
    },

    /** One dish; served from a short-lived cache, the hottest read of the storefront. */
    async findProduct(id: number): Promise<Product | null> {
      const cached = productCache.get(id);
      if (cached && cached.expires > Date.now()) return cached.product;
      const { rows } = await db.executeQuery<ProductSelection>(CompiledQuery.raw(productById.sql, [id]));
      const product = rows[0] ? toProduct(rows[0]) : null;
      if (product) {
        if (productCache.size >= PRODUCT_CACHE_SIZE) productCache.delete(productCache.keys().next().value as number);
        productCache.set(id, { product, expires: Date.now() + PRODUCT_CACHE_MS });
      }
      return product;
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
    async search(text: string, limit = 60): Promise<Product[]> {
      const terms = searchTerms(text);
      if (terms.length === 0) return [];
      const matching =
        engine === 'postgres'
          ? // Terms are letters and digits only, so they cannot carry tsquery syntax. Weights:
            // A name, B category, C ingredients (migration 0001).
            (weights: string) => {
              const query = terms.map((t) => `${t}:*${weights}`).join(' & ');
              return sql`select id from products where search @@ to_tsquery('simple', ${query}) limit ${SEARCH_CANDIDATES}`;
            }
          : // Each term is quoted, so FTS5 syntax in the input ("OR", "*", "NEAR", quotes) is plain text.
            (columns: string) => {
              const match = terms.map((t) => `${columns}"${t}"*`).join(' ');
              return sql`select rowid as id from products_fts where products_fts match ${match} limit ${SEARCH_CANDIDATES}`;
            };
      const [inName, inNameOrCategory, anywhere] =
        engine === 'postgres' ? [matching('A'), matching('AB'), matching('')] : [matching('name : '), matching('{name category} : '), matching('')];
      const rows = await sql<ProductSelection>`
        with in_name as (${inName}),
        in_name_or_category as (${inNameOrCategory}),
        anywhere as (${anywhere}),
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
        limit ${limit}`.execute(db);
      return rows.rows.map(toProduct);
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
