import type { Kysely } from 'kysely';
import { categoryListResponse, productListResponse, productResponse } from '../../../shared/contract/catalog.ts';
import type { Dish } from '../../db/dish-copy.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { type CachedJson, createAnswerCache, toCachedJson } from '../../http/cached-json.ts';
import { notFound } from '../../http/errors.ts';
import { compileSerializer } from '../../plugins/serializer.ts';
import { toCategory, toProduct } from './catalog.mappers.ts';
import type { CatalogRepository } from './catalog.repository.ts';

/**
 * The catalogue's rules: what the storefront reads, and the dish another module copies
 * into an order, favourite or report (the only way other modules reach the menu).
 *
 * The menu is read far more often than it changes, so its answers are serialized once (by
 * the same compiled serializers as every answer) and kept until `invalidate()` says the menu
 * changed; a minute at most, in case it was changed behind the server's back.
 */
const serializeProduct = compileSerializer(productResponse);
const serializeProducts = compileSerializer(productListResponse);
const serializeCategories = compileSerializer(categoryListResponse);

export function createCatalogService(catalog: CatalogRepository) {
  const answers = createAnswerCache({ maxEntries: 20_000, ttlMs: 60_000 });

  return {
    /** GET /api/v1/categorys */
    categories(): Promise<CachedJson | null> {
      return answers.get('categories', async () => toCachedJson(serializeCategories({ data: (await catalog.listCategories()).map(toCategory) })));
    },

    /** GET /api/v1/allProductsData: every dish, or those of one category. */
    products(category?: string): Promise<CachedJson | null> {
      return answers.get(`products:${category ?? ''}`, async () => toCachedJson(serializeProducts({ data: (await catalog.listProducts(category)).map(toProduct) })));
    },

    popular(): Promise<CachedJson | null> {
      return answers.get('popular', async () => toCachedJson(serializeProducts({ data: (await catalog.listPopular()).map(toProduct) })));
    },

    /** One dish; null when the menu has none with this id. */
    product(id: number): Promise<CachedJson | null> {
      return answers.get(`product:${id}`, async () => {
        const row = await catalog.findProduct(id);
        return row ? toCachedJson(serializeProduct({ data: toProduct(row) })) : null;
      });
    },

    async search(text: string) {
      return (await catalog.search(text)).map(toProduct);
    },

    /** The menu changed: every cached answer goes. */
    invalidate(): void {
      answers.clear();
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
