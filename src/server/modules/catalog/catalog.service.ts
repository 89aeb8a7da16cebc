import type { Kysely } from 'kysely';
import type { Category, Product } from '../../../shared/contract/catalog.ts';
import type { Dish } from '../../db/dish-copy.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { notFound } from '../../http-errors.ts';
import { toCategory, toProduct } from './catalog.mappers.ts';
import type { CatalogRepository } from './catalog.repository.ts';

/**
 * The catalogue's rules: what the storefront reads, and the dish another module copies
 * into an order, favourite or report (the only way other modules reach the menu).
 */

/**
 * Dishes change only when the menu is edited, and browsers already cache menu reads for a
 * minute: a few seconds of staleness per app server is within that, and spares the
 * database the storefront's most frequent query.
 */
const PRODUCT_CACHE_MS = 10_000;
const PRODUCT_CACHE_SIZE = 20_000;

export function createCatalogService(catalog: CatalogRepository) {
  const productCache = new Map<number, { product: Product; expires: number }>();

  return {
    async listCategories(): Promise<Category[]> {
      return (await catalog.listCategories()).map(toCategory);
    },

    /** Every dish, or those of one category. */
    async listProducts(category?: string): Promise<Product[]> {
      return (await catalog.listProducts(category)).map(toProduct);
    },

    async listPopular(): Promise<Product[]> {
      return (await catalog.listPopular()).map(toProduct);
    },

    /** One dish, from a short-lived cache: the hottest read of the storefront. Null when unknown. */
    async findProduct(id: number): Promise<Product | null> {
      const cached = productCache.get(id);
      if (cached && cached.expires > Date.now()) return cached.product;
      const row = await catalog.findProduct(id);
      const product = row ? toProduct(row) : null;
      if (product) {
        if (productCache.size >= PRODUCT_CACHE_SIZE) productCache.delete(productCache.keys().next().value as number);
        productCache.set(id, { product, expires: Date.now() + PRODUCT_CACHE_MS });
      }
      return product;
    },

    async search(text: string): Promise<Product[]> {
      return (await catalog.search(text)).map(toProduct);
    },

    /**
     * The dish a record copies (name, picture, category, price now); 404 when the menu has no
     * such dish. Inside a transaction, pass it: on SQLite a read outside it would wait for it.
     */
    async dishOrThrow(id: number, transaction?: Kysely<AppDatabase>): Promise<Dish> {
      const dish = await catalog.findDish(id, transaction);
      if (!dish) throw notFound('No dish with this id');
      return dish;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
