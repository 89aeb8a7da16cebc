import type { Kysely } from 'kysely';
import { AVAILABILITY_FIELDS, MENU_KEY_REUSED, optionsInput, type CreateProductBody, type UpdateProductBody, categoryListResponse, productListResponse, productResponse } from '../../../shared/contract/catalog.ts';
import type { Category, OptionGroup, Product } from '../../../shared/contract/catalog.ts';
import { toMinorUnits } from '../../../shared/contract/common.ts';
import { type DishStatus, type Role, roleAtLeast } from '../../../shared/constants.ts';
import type { Database } from '../../db/database.ts';
import type { Dish } from '../../db/dish-copy.ts';
import { isRepeat } from '../../db/request-keys.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { type CachedJson, type CachedAnswer, createAnswerCache, toCachedJson } from '../../http/cached-json.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { compileSerializer } from '../../plugins/serializer.ts';
import { type ProductSelection, isAvailable, toCategory, toOptionGroups, toProduct } from './catalog.mappers.ts';
import { type ProductValues, SEARCH_RESULTS, createCatalogRepository, createMenuWriter, searchTerms } from './catalog.repository.ts';
import { type SearchIndex, buildSearchIndex } from './search-index.ts';
import { type Vocabulary, buildVocabulary, firstNotBefore } from './spelling.ts';

/**
 * The catalogue's rules: what the storefront reads, what admins and staff change (OPERATIONS.md
 * "Menu management"), and the dish another module copies into an order, favourite or report
 * (the only way other modules reach the menu).
 *
 * The menu is read far more often than it changes, so its answers are serialized once (by
 * the same compiled serializers as every answer) and kept until the menu changes: every write
 * here empties them after its commit, so the next read anywhere shows the change; a sold-out
 * dish's comeback time empties them too, when it comes; and a minute at most bounds a change
 * made behind the server's back.
 */
const serializeProduct = compileSerializer(productResponse);
const serializeProducts = compileSerializer(productListResponse);
const serializeCategories = compileSerializer(categoryListResponse);
/** One dish as an item of a list answer: a search's answer is its found dishes' items joined. */
const serializeListedProduct = compileSerializer(productListResponse.shape.data.element);

export const MENU_MESSAGES = {
  dishAdded: 'The dish has been added to the menu',
  dishUpdated: 'The dish has been updated',
  dishRemoved: 'The dish has been removed from the menu',
  categoryAdded: 'The category has been added',
  categoryRenamed: 'The category has been renamed',
  categoryRemoved: 'The category has been removed',
} as const;

/** A chosen option value as an order line keeps it: a copy no menu edit changes (its price in minor units, as stored). */
export interface ChosenOption {
  group: string;
  name: string;
  /** Minor units. */
  price: number;
  /**
   * Kept with the copy for the kitchen, not answered (the contract's copy is group, name,
   * price): the prep units the value adds per portion, and the allergens it adds to the line.
   */
  prepUnits: number;
  allergens: string[];
}

/** A dish as an order line takes it: its copy, priced with its chosen options (ORDERING.md "Dish options"). */
export interface OrderedDish extends Dish {
  /** The unit price in minor units: the dish's plus its chosen values'. */
  unitCents: number;
  options: ChosenOption[];
}

/** Whether the options come from the guest (the order call) or are the defaults of a favourite confirmed. */
export type OptionSource = { chosen: readonly number[] | undefined } | { favourite: true };

/** Why a dish is wanted: an order must be able to cook it; a favourite or report only names it. */
export type DishPurpose = 'order' | 'record';

export interface CatalogOptions {
  /** Whether a picture URL is one the server stores (images module). */
  imageExists: (url: string) => Promise<boolean>;
  /** After a change has committed and this server's answers are gone: tell the other servers (awaited). */
  onChanged?: () => Promise<void>;
  /** The restaurant's clock (epoch ms; tests pin it): when a sold-out dish comes back. */
  now?: () => number;
}

/**
 * Up to how many dishes the search runs on the index held in memory (search-index.ts): a
 * restaurant's menu, read again in a few milliseconds after a change. A larger menu is
 * searched by the SQL, whose work per search is bounded (the 100,000-dish benchmark).
 */
const MEMORY_SEARCH_MAX_DISHES = 2_000;

/** At most this many searches answer one text with corrected words (the closest combinations). */
const MAX_CORRECTED_QUERIES = 9;

/**
 * The searches for words given as tiers of alternatives (spelling.ts `tiers`), closest first:
 * every combination of one tier per word, by the sum of the tiers' ranks (then the first
 * word's rank first), at most MAX_CORRECTED_QUERIES. Words as typed have one tier: one search.
 */
export function closestFirst(tiersPerWord: readonly (readonly string[][])[]): string[][][] {
  let combos: { ranks: number[]; terms: string[][] }[] = [{ ranks: [], terms: [] }];
  for (const tiers of tiersPerWord) {
    const next: { ranks: number[]; terms: string[][] }[] = [];
    for (const combo of combos) tiers.forEach((tier, rank) => next.push({ ranks: [...combo.ranks, rank], terms: [...combo.terms, tier] }));
    const sum = (ranks: number[]) => ranks.reduce((a, b) => a + b, 0);
    next.sort((a, b) => sum(a.ranks) - sum(b.ranks) || compareRanks(a.ranks, b.ranks));
    combos = next.slice(0, MAX_CORRECTED_QUERIES);
  }
  return combos.map((combo) => combo.terms);
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}

/** What a search needs of the menu, built on the first search after a change. */
interface SearchTools {
  vocabulary: Vocabulary;
  /** The index in memory; none for a menu larger than MEMORY_SEARCH_MAX_DISHES. */
  index: SearchIndex | undefined;
  /** Without the index in memory: the words of the option values' names, sorted (see `inOptions`). */
  optionWords: readonly string[];
}

/**
 * Whether some term may match through an option value's name: one of its alternatives starts
 * one of `optionWords` (the index's words, as the alternatives are). When none does, the SQL
 * leaves out its last group, which would find only what the group before it finds.
 */
export function inOptions(optionWords: readonly string[], terms: readonly (readonly string[])[]): boolean {
  return terms.some((alternatives) =>
    alternatives.some((prefix) => {
      const at = firstNotBefore(optionWords, prefix);
      return at < optionWords.length && (optionWords[at] as string).startsWith(prefix);
    }),
  );
}

/** How many dishes the searches keep serialized (a large menu's most found ones). */
const MAX_LISTED_DISHES = 20_000;
/** How long a serialized answer is kept at most, for a change made behind the server's back. */
const ANSWER_TTL_MS = 60_000;

export function createCatalogService(database: Database, options: CatalogOptions) {
  const { db, engine } = database;
  const clock = options.now ?? Date.now;
  const catalog = createCatalogRepository(db, engine, database.engine === 'sqlite' ? database.native : undefined);
  const answers = createAnswerCache({ maxEntries: 20_000, ttlMs: ANSWER_TTL_MS });
  let comeback: NodeJS.Timeout | undefined;
  let comebackPlanned = false;
  /** When the planned comeback is due on the restaurant's clock (a clock moved on passes it before the timer fires). */
  let comebackAt: number | undefined;
  /** The menu's words for the forgiving search and its index, built on the first search after a change. */
  let searchTools: Promise<SearchTools> | undefined;
  /** The same once built: a search then runs without waiting for anything. */
  let searchToolsBuilt: SearchTools | undefined;

  /** Counts the menu's changes as this server heard of them: pages made from the menu keep it (modules/pages). */
  let version = 0;
  /** Each dish serialized as a list item (by its id), for the searches' answers; emptied with the answers. */
  const listedDishes = createAnswerCache<string>({ maxEntries: MAX_LISTED_DISHES, ttlMs: ANSWER_TTL_MS });

  function invalidate(): void {
    version += 1;
    answers.clear();
    listedDishes.clear();
    searchTools = undefined;
    searchToolsBuilt = undefined;
    clearTimeout(comeback);
    comebackPlanned = false;
    comebackAt = undefined;
  }

  /** The answers go when the restaurant's clock has reached the planned comeback (the timer may not have fired yet). */
  function comeBackIfDue(): void {
    if (comebackAt !== undefined && clock() >= comebackAt) invalidate();
  }

  /** Once per menu version: empty the answers when the next sold-out dish comes back by itself. */
  function planComeback(): void {
    comeBackIfDue();
    if (comebackPlanned) return;
    comebackPlanned = true;
    catalog
      .nextComeback(new Date(clock()).toISOString())
      .then((at) => {
        if (!at || !comebackPlanned) return;
        comebackAt = Date.parse(at);
        // setTimeout holds at most 24.8 days; the answers' own lifetime covers anything later.
        const wait = Math.min(Math.max(comebackAt - clock(), 0) + 5, 2 ** 31 - 1);
        comeback = setTimeout(invalidate, wait).unref();
      })
      .catch(() => {
        comebackPlanned = false;
      });
  }

  function cached(key: string, load: () => Promise<CachedJson | null>): CachedAnswer {
    planComeback();
    return answers.get(key, load);
  }

  /**
   * A search's answer, at once when the index answers at once (in memory, or SQLite) and its
   * dishes are serialized already, as they mostly are (searches keep finding the same dishes);
   * only the others are read, and kept unless the menu changed meanwhile. A sold-out dish's
   * comeback empties them, as it empties the other answers.
   */
  function searchWith(words: string[], { vocabulary, index, optionWords }: SearchTools): string | Promise<string> {
    const run = (terms: readonly (readonly string[])[]) => (index ? index.search(terms, SEARCH_RESULTS) : catalog.search(terms, inOptions(optionWords, terms)));
    const queries = closestFirst(words.map((word) => vocabulary.tiers(word)));
    // The usual case: every word as typed (or its singular), one search.
    if (queries.length === 1) {
      const ids = run(queries[0] as string[][]);
      return Array.isArray(ids) ? answerWith(ids) : ids.then(answerWith);
    }
    // A corrected word: the dishes of its closest correction first, each query in the usual
    // order (name, then category, then ingredients), then those of the next ("chiken": every
    // chicken dish before "Chips and Guacamole"). Issue 41.
    const found: number[] = [];
    const seen = new Set<number>();
    const add = (ids: number[]) => {
      for (const id of ids) {
        if (seen.has(id)) continue;
        seen.add(id);
        found.push(id);
      }
    };
    const from = (at: number): number[] | Promise<number[]> => {
      for (let i = at; i < queries.length && found.length < SEARCH_RESULTS; i += 1) {
        const ids = run(queries[i] as string[][]);
        if (!Array.isArray(ids)) {
          return ids.then((list) => {
            add(list);
            return from(i + 1);
          });
        }
        add(ids);
      }
      return found.slice(0, SEARCH_RESULTS);
    };
    const ids = from(0);
    return Array.isArray(ids) ? answerWith(ids) : ids.then(answerWith);
  }

  async function buildSearchTools(): Promise<SearchTools> {
    const [words, indexed] = await Promise.all([catalog.menuWords(), catalog.menuIndex(MEMORY_SEARCH_MAX_DISHES)]);
    return { vocabulary: buildVocabulary(words), index: indexed && buildSearchIndex(indexed), optionWords: indexed ? [] : await catalog.optionWords() };
  }

  /** The option groups of `rows` (every dish's when `all`), by dish id. */
  async function optionsOf(rows: readonly ProductSelection[], all = false, executor?: Kysely<AppDatabase>): Promise<Map<number, OptionGroup[]>> {
    const { groups, values } = await catalog.optionRows(all ? undefined : rows.map((row) => row.id), executor);
    return toOptionGroups(groups, values);
  }

  async function productsWithOptions(rows: ProductSelection[], all = false): Promise<Product[]> {
    const options = await optionsOf(rows, all);
    const now = clock();
    return rows.map((row) => toProduct(row, now, options.get(row.id)));
  }

  async function dishOrThrow(id: number, purpose: DishPurpose, transaction?: Kysely<AppDatabase>): Promise<Dish> {
    const dish = await catalog.findDish(id, transaction);
    if (!dish || (dish.removed_at !== null && purpose === 'record')) throw notFound('No dish with this id');
    if (purpose === 'order') {
      if (dish.removed_at !== null) throw conflict(`${dish.name} is no longer on the menu`);
      if (!isAvailable(dish, clock())) throw conflict(`Sold out: ${dish.name}`);
    }
    return { id: dish.id, name: dish.name, img: dish.img, category: dish.category, price: dish.price };
  }

  function answerWith(ids: number[]): string | Promise<string> {
    planComeback();
    const since = listedDishes.mark();
    const missing = ids.filter((id) => listedDishes.peek(String(id)) === undefined);
    // A dish taken off the menu between the two reads is left out.
    const answer = (read: Map<number, string>) => `{"data":[${ids.flatMap((id) => read.get(id) ?? listedDishes.peek(String(id)) ?? []).join(',')}]}`;
    if (missing.length === 0) return answer(new Map());
    return catalog.findProducts(missing).then(async (rows) => {
      const read = new Map<number, string>();
      const options = await optionsOf(rows);
      for (const row of rows) {
        const item = serializeListedProduct(toProduct(row, clock(), options.get(row.id)));
        read.set(row.id, item);
        listedDishes.keep(String(row.id), item, since);
      }
      return answer(read);
    });
  }

  /** Runs a menu change in one transaction, then empties the cached answers (after the commit). */
  async function change<T>(work: (writer: ReturnType<typeof createMenuWriter>, now: string) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute((trx) => work(createMenuWriter(trx, engine), new Date(clock()).toISOString()));
    invalidate();
    await options.onChanged?.();
    return result;
  }

  async function checkImage(img: string | undefined): Promise<void> {
    if (img !== undefined && !(await options.imageExists(img))) throw badRequest('img must be a picture uploaded with POST /api/v1/images');
  }

  function productValues(body: UpdateProductBody): Partial<ProductValues> {
    const values: Partial<ProductValues> = {};
    if (body.name !== undefined) values.name = body.name;
    if (body.category !== undefined) values.category = body.category;
    if (body.price !== undefined) values.price = toMinorUnits(body.price);
    if (body.items !== undefined) values.items = JSON.stringify(body.items);
    if (body.img !== undefined) values.img = body.img;
    if (body.prepUnits !== undefined) values.prep_units = body.prepUnits;
    if (body.description !== undefined) values.description = body.description;
    if (body.allergens !== undefined) values.allergens = JSON.stringify(body.allergens);
    if (body.diet !== undefined) values.diet = JSON.stringify(body.diet);
    if (body.spicy !== undefined) values.spicy = body.spicy;
    if (body.populler !== undefined) values.populler = body.populler ? 1 : 0;
    if (body.available !== undefined) {
      values.available = body.available ? 1 : 0;
      // Back on the menu: no comeback time left over; sold out: until the time given, if any.
      values.sold_out_until = body.available ? null : (body.soldOutUntil ?? null);
    }
    return values;
  }

  /** The dish as it is now, for a repeated key's answer. */
  async function productNow(menu: ReturnType<typeof createMenuWriter>, id: number): Promise<Product> {
    const row = await menu.liveProduct(id);
    if (!row) throw notFound('No dish with this id');
    return toProduct(row, clock(), (await optionsOf([row], false, menu.trx)).get(row.id));
  }

  function checkComeback(body: UpdateProductBody): void {
    if (body.soldOutUntil && Date.parse(body.soldOutUntil) <= clock()) throw badRequest('soldOutUntil must be in the future');
  }

  return {
    /** GET /api/v1/categorys */
    categories(): CachedAnswer {
      return cached('categories', async () => toCachedJson(serializeCategories({ data: (await catalog.listCategories()).map(toCategory) })));
    },

    /** GET /api/v1/allProductsData: every dish, or those of one category. */
    products(category?: string): CachedAnswer {
      return cached(`products:${category ?? ''}`, async () => toCachedJson(serializeProducts({ data: await productsWithOptions(await catalog.listProducts(category), category === undefined) })));
    },

    popular(): CachedAnswer {
      return cached('popular', async () => toCachedJson(serializeProducts({ data: await productsWithOptions(await catalog.listPopular()) })));
    },

    /** One dish; null when the menu has none with this id. */
    product(id: number): CachedAnswer {
      return cached(`product:${id}`, async () => {
        const row = await catalog.findProduct(id);
        return row ? toCachedJson(serializeProduct({ data: (await productsWithOptions([row]))[0] as Product })) : null;
      });
    },

    /**
     * Dishes matching a text, best matches first. A word no dish word starts with is replaced
     * by the menu words it most likely means (its singular, or a similar spelling), so
     * "burgr", "pizzas" and "Mexican" find what a guest means; exact words are searched as typed.
     * Answers the JSON of `{ data: [...] }`, written by the list's own item serializer.
     */
    search(text: string): string | Promise<string> {
      const words = searchTerms(text);
      if (words.length === 0) return '{"data":[]}';
      if (searchToolsBuilt) return searchWith(words, searchToolsBuilt);
      const building = (searchTools ??= buildSearchTools());
      return building.then(
        (tools) => {
          if (searchTools === building) searchToolsBuilt = tools;
          return searchWith(words, tools);
        },
        (error: unknown) => {
          if (searchTools === building) searchTools = undefined; // the next search tries again
          throw error;
        },
      );
    },

    /** The menu changed: every cached answer goes. */
    invalidate,

    /** The menu's version on this server: changes whenever the cached answers are emptied. */
    version: () => {
      comeBackIfDue();
      return version;
    },

    /** Stops the comeback timer (server shutdown). */
    close(): void {
      clearTimeout(comeback);
      comebackPlanned = true;
    },

    /** POST /api/v1/allProductsData (admin) */
    async createProduct(body: CreateProductBody): Promise<Product> {
      checkComeback(body);
      await checkImage(body.img);
      const values = productValues(body);
      return change(async (menu, now) => {
        if (!(await menu.liveCategory(body.category, 'share'))) throw badRequest(`category must be one of the menu's categories: there is no "${body.category}"`);
        const row = await menu.insertProduct(
          {
            name: body.name,
            category: body.category,
            price: toMinorUnits(body.price),
            items: JSON.stringify(body.items),
            img: body.img,
            populler: 0,
            description: '',
            allergens: '[]',
            diet: '[]',
            spicy: 0,
            available: 1,
            sold_out_until: null,
            prep_units: 1,
            ...values,
          },
          now,
        );
        if (body.options !== undefined) await menu.replaceOptions(row.id, optionsInput.parse(body.options), badRequest);
        return toProduct(row, clock(), (await optionsOf([row], false, menu.trx)).get(row.id));
      });
    },

    /** PATCH /api/v1/allProductsData/{id}: admins change anything; staff only the availability. */
    async updateProduct(id: number, body: UpdateProductBody, role: Role): Promise<Product> {
      if (!roleAtLeast(role, 'admin')) {
        const others = Object.entries(body).filter(([field, value]) => value !== undefined && !(AVAILABILITY_FIELDS as readonly string[]).includes(field));
        if (others.length > 0) throw forbidden(`Staff may only change a dish's availability, not ${others.map(([field]) => field).join(', ')}`);
      }
      checkComeback(body);
      await checkImage(body.img);
      const values = productValues(body);
      const { key, ...request } = body;
      return change(async (menu, now) => {
        // A sold-out switch queued offline and sent again (its key) changes nothing more: the dish as it is.
        if (await isRepeat(menu.trx, 'dish-availability', key, JSON.stringify({ productId: id, ...request }), now, () => conflict(MENU_KEY_REUSED))) return productNow(menu, id);
        if (body.category !== undefined && !(await menu.liveCategory(body.category, 'share'))) {
          throw badRequest(`category must be one of the menu's categories: there is no "${body.category}"`);
        }
        if (!(await menu.liveProduct(id))) throw notFound('No dish with this id');
        const row = await menu.updateProduct(id, values, now);
        if (!row) throw notFound('No dish with this id');
        if (body.options !== undefined) await menu.replaceOptions(id, optionsInput.parse(body.options), badRequest);
        return toProduct(row, clock(), (await optionsOf([row], false, menu.trx)).get(row.id));
      });
    },

    /** PATCH /api/v1/allProductsData/{id}/options/{valueId} (staff): one option value on or off. */
    async setOptionAvailable(id: number, valueId: number, available: boolean, key?: string): Promise<Product> {
      return change(async (menu, now) => {
        if (await isRepeat(menu.trx, 'option-availability', key, JSON.stringify({ productId: id, valueId, available }), now, () => conflict(MENU_KEY_REUSED))) return productNow(menu, id);
        const row = await menu.liveProduct(id);
        if (!row) throw notFound('No dish with this id');
        if (!(await menu.setOptionAvailable(id, valueId, available))) throw notFound('This dish has no option value with this id');
        return toProduct(row, clock(), (await optionsOf([row], false, menu.trx)).get(row.id));
      });
    },

    /** DELETE /api/v1/allProductsData/{id} (admin): off the menu; records keep their copy. */
    async removeProduct(id: number): Promise<Product> {
      return change(async (menu, now) => {
        const row = await menu.removeProduct(id, now);
        if (!row) throw notFound('No dish with this id');
        return toProduct(row, clock());
      });
    },

    /** POST /api/v1/categorys (admin) */
    async createCategory(name: string): Promise<Category> {
      return change(async (menu) => {
        const same = await menu.categoryNamed(name);
        if (same) throw conflict(`There is already a category named "${same.name}"`);
        return toCategory(await menu.insertCategory(name));
      });
    },

    /** PATCH /api/v1/categorys/{id} (admin): its dishes follow the new name. */
    async renameCategory(id: number, name: string): Promise<Category> {
      return change(async (menu) => {
        const category = await menu.categoryById(id, true);
        if (!category) throw notFound('No category with this id');
        const same = await menu.categoryNamed(name, id);
        if (same) throw conflict(`There is already a category named "${same.name}"`);
        return toCategory(await menu.renameCategory(id, name));
      });
    },

    /** DELETE /api/v1/categorys/{id} (admin): only an empty category. */
    async removeCategory(id: number): Promise<Category> {
      return change(async (menu, now) => {
        const category = await menu.categoryById(id, true);
        if (!category) throw notFound('No category with this id');
        const dishes = await menu.countLiveDishes(category.name);
        if (dishes > 0) {
          throw conflict(`"${category.name}" still holds ${dishes} ${dishes === 1 ? 'dish' : 'dishes'}: move or remove them first`);
        }
        await menu.removeCategory(category.id, category.name, now);
        return toCategory(category);
      });
    },

    /** What the kitchen needs of each dish: its name, whether it can be cooked now, and its prep units. */
    /**
     * The option values sold out now, by dish, keyed `group\u0000value` (a bag line keeps a copy
     * of its options by name): the checkout refuses a line whose chosen value sold out after it
     * went into the bag. Inside a transaction, pass it.
     */
    async soldOutOptions(ids: number[], transaction?: Kysely<AppDatabase>): Promise<Map<number, Set<string>>> {
      const { groups, values } = await catalog.optionRows([...new Set(ids)], transaction);
      const out = new Map<number, Set<string>>();
      for (const [dishId, list] of toOptionGroups(groups, values)) {
        for (const group of list) for (const value of group.values) if (!value.available) out.set(dishId, (out.get(dishId) ?? new Set()).add(`${group.name}\u0000${value.name}`));
      }
      return out;
    },

    async dishesForKitchen(ids: number[], transaction?: Kysely<AppDatabase>): Promise<Map<number, { name: string; removed: boolean; available: boolean; prepUnits: number }>> {
      const rows = await catalog.findDishes([...new Set(ids)], transaction);
      return new Map(rows.map((row) => [row.id, { name: row.name, removed: row.removed_at !== null, available: isAvailable(row, clock()), prepUnits: Number(row.prep_units) }]));
    },

    /** Where each dish stands on the menu now (a missing id is absent from the map). */
    async dishStatuses(ids: number[], transaction?: Kysely<AppDatabase>): Promise<Map<number, DishStatus>> {
      const rows = await catalog.findDishes([...new Set(ids)], transaction);
      return new Map(rows.map((row) => [row.id, row.removed_at !== null ? 'removed' : isAvailable(row, clock()) ? 'available' : 'sold_out']));
    },

    /**
     * The dish a record copies (name, picture, category, price now). An unknown dish is 404;
     * one removed from the menu is 404 for a favourite or report, and 409 for an order, as is
     * one sold out ("Sold out: Beef Tehari"). Inside a transaction, pass it: on SQLite a read
     * outside it would wait for it.
     */
    dishOrThrow,

    /**
     * The dish an order line takes with its options (ORDERING.md "Dish options"): the values
     * chosen (`chosen`), or the defaults when none are given or a favourite is confirmed. A value
     * of another dish, or more of a group than its `max`, is 400; a group below its `min` is 400
     * "Choose Size for Classic Cheeseburger" (409 "… on its page" for a favourite, whose guest
     * chose nothing); a value sold out is 409 "Sold out: Large (Classic Cheeseburger)". The unit
     * price is computed in minor units. Inside a transaction, pass it.
     */
    async orderedDish(id: number, source: OptionSource, transaction?: Kysely<AppDatabase>): Promise<OrderedDish> {
      const dish = await dishOrThrow(id, 'order', transaction);
      const { groups: groupRows, values: valueRows } = await catalog.optionRows([id], transaction);
      const groups = toOptionGroups(groupRows, valueRows).get(id) ?? [];
      // Prices as stored, in minor units: the groups' are the contract's.
      const centsOf = new Map(valueRows.map((row) => [row.id, Number(row.price_cents)]));
      const chosen = 'chosen' in source ? source.chosen : undefined;
      const picked = new Set<number>();
      if (chosen === undefined) {
        for (const group of groups) for (const value of group.values) if (value.default) picked.add(value._id);
      } else {
        const known = new Set(groups.flatMap((group) => group.values.map((value) => value._id)));
        for (const valueId of chosen) {
          if (!known.has(valueId)) throw badRequest(`Option ${valueId} is not one of ${dish.name}'s`);
          picked.add(valueId);
        }
      }
      const options: ChosenOption[] = [];
      let unitCents = Number(dish.price);
      const soldOut: string[] = [];
      for (const group of groups) {
        const values = group.values.filter((value) => picked.has(value._id));
        if (values.length > group.max) throw badRequest(`Choose at most ${group.max} ${group.name} for ${dish.name}`);
        if (values.length < group.min) {
          if ('favourite' in source) throw conflict(`Choose ${group.name} for ${dish.name} on its page`);
          throw badRequest(`Choose ${group.name} for ${dish.name}`);
        }
        for (const value of values) {
          if (!value.available) soldOut.push(value.name);
          const cents = centsOf.get(value._id) ?? 0;
          unitCents += cents;
          options.push({ group: group.name, name: value.name, price: cents, prepUnits: value.prepUnits, allergens: value.allergens });
        }
      }
      if (soldOut.length > 0) throw conflict(`Sold out: ${soldOut.join(', ')} (${dish.name})`);
      return { ...dish, unitCents, options };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
