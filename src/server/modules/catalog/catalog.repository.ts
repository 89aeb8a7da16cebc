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

    /** Best matches first: name beats category beats ingredients. Served by the full-text index. */
    async search(text: string, limit = 60): Promise<Product[]> {
      const terms = searchTerms(text);
      if (terms.length === 0) return [];
      if (engine === 'postgres') {
        const tsquery = terms.map((t) => `${t}:*`).join(' & ');
        const rows = await db
          .selectFrom('products')
          .select(productColumns)
          .where(sql<boolean>`search @@ to_tsquery('simple', ${tsquery})`)
          .orderBy(sql`ts_rank(search, to_tsquery('simple', ${tsquery}))`, 'desc')
          .orderBy('id')
          .limit(limit)
          .execute();
        return rows.map(toProduct);
      }
      // Each term is quoted, so FTS5 syntax in the input ("OR", "*", "NEAR", quotes) is plain text.
      const match = terms.map((t) => `"${t}"*`).join(' ');
      const rows = await sql<ProductSelection>`
        select p.id, p.name, p.img, p.price, p.reatings, p.items, p.category, p.populler
        from products_fts f join products p on p.id = f.rowid
        where products_fts match ${match}
        order by bm25(products_fts, 10.0, 4.0, 1.0), p.id
        limit ${limit}`.execute(db);
      return rows.rows.map(toProduct);
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
