import { type Kysely, sql } from 'kysely';
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

/** How many matches per tier a search ranks at most (see `search`). */
export const SEARCH_CANDIDATES = 500;

/** Turns free text into the engine's full-text query: every word must match, each as a prefix. */
export function searchTerms(text: string): string[] {
  return (text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

export function createCatalogRepository(db: Kysely<AppDatabase>, engine: Engine) {
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

    async findProduct(id: number): Promise<Product | null> {
      const row = await db.selectFrom('products').select(productColumns).where('id', '=', id).executeTakeFirst();
      return row ? toProduct(row) : null;
    },

    /**
     * Best matches first, served by the full-text index (FTS5 on SQLite, the GIN-indexed
     * tsvector on PostgreSQL); every word must match, each as a prefix.
     *
     * Two tiers: dishes whose name holds every word come first, then dishes that match
     * elsewhere (category, ingredients); within a tier the engine's relevance (bm25 with
     * name > category > ingredients, or ts_rank with weights A > B > C) orders them.
     * Each tier ranks at most SEARCH_CANDIDATES matches, taken in id order from the index:
     * ranking every match of a common word ("chicken" in a tenth of a 100,000-dish menu)
     * would make search grow linearly with the menu. The ranking is exact while a tier has
     * no more matches than that, which covers any real restaurant's menu.
     */
    async search(text: string, limit = 60): Promise<Product[]> {
      const terms = searchTerms(text);
      if (terms.length === 0) return [];
      if (engine === 'postgres') {
        // Terms are letters and digits only, so they cannot carry tsquery syntax.
        const anyQuery = terms.map((t) => `${t}:*`).join(' & ');
        const nameQuery = terms.map((t) => `${t}:*A`).join(' & ');
        // The tsqueries are inlined (not in a CTE) so that the planner sees them: it reads a
        // rare word's few matches through the GIN index, and a very common word's first
        // matches by a short scan that stops at the candidate limit.
        const rows = await sql<ProductSelection>`
          with name_hits as (
            select id, ts_rank(search, to_tsquery('simple', ${nameQuery})) as score
            from products where search @@ to_tsquery('simple', ${nameQuery})
            limit ${SEARCH_CANDIDATES}
          ),
          any_hits as (
            select id, ts_rank(search, to_tsquery('simple', ${anyQuery})) as score
            from products where search @@ to_tsquery('simple', ${anyQuery})
            limit ${SEARCH_CANDIDATES}
          ),
          hits as (
            select id, 0 as tier, score from name_hits
            union all
            select id, 1 as tier, score from any_hits where id not in (select id from name_hits)
          ),
          best as (select id, tier, score from hits order by tier, score desc, id limit ${limit})
          select p.id, p.name, p.img, p.price, p.reatings, p.items, p.category, p.populler
          from best b join products p on p.id = b.id
          order by b.tier, b.score desc, b.id`.execute(db);
        return rows.rows.map(toProduct);
      }
      // Each term is quoted, so FTS5 syntax in the input ("OR", "*", "NEAR", quotes) is plain text.
      const anyMatch = terms.map((t) => `"${t}"*`).join(' ');
      const nameMatch = terms.map((t) => `name : "${t}"*`).join(' ');
      const rows = await sql<ProductSelection>`
        with name_hits as materialized (
          select rowid as id, bm25(products_fts, 10.0, 4.0, 1.0) as score
          from products_fts where products_fts match ${nameMatch}
          limit ${SEARCH_CANDIDATES}
        ),
        any_hits as (
          select rowid as id, bm25(products_fts, 10.0, 4.0, 1.0) as score
          from products_fts where products_fts match ${anyMatch}
          limit ${SEARCH_CANDIDATES}
        ),
        hits as (
          select id, 0 as tier, score from name_hits
          union all
          select id, 1 as tier, score from any_hits where id not in (select id from name_hits)
        ),
        best as (select id, tier, score from hits order by tier, score, id limit ${limit})
        select p.id, p.name, p.img, p.price, p.reatings, p.items, p.category, p.populler
        from best b join products p on p.id = b.id
        order by b.tier, b.score, b.id`.execute(db);
      return rows.rows.map(toProduct);
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
