import type { Kysely } from 'kysely';
import type { OptionGroup, Product } from '../../../shared/contract/catalog.ts';
import type { Database } from '../../db/database.ts';
import type { Dish } from '../../db/dish-copy.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { type CachedJson, type CachedAnswer, createAnswerCache, toCachedJson } from '../../http/cached-json.ts';
import {
  type ProductSelection,
  serializeCategories,
  serializeListedProduct,
  serializeProduct,
  serializeProducts,
  toCategory,
  toOptionGroups,
  toProduct,
} from './catalog.mappers.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { SEARCH_RESULTS, searchTerms } from './search-reads.ts';
import { type SearchIndex, buildSearchIndex } from './search-index.ts';
import { type Vocabulary, buildVocabulary } from './spelling.ts';
import { closestFirst, inOptions } from './search-ranking.ts';
import { checkedDish, createDishReads } from './dish-reads.ts';
import { createMenuChanges } from './menu-changes.ts';
import type { Language } from '../../../shared/i18n/languages.ts';

export { closestFirst, inOptions } from './search-ranking.ts';
export { MENU_MESSAGES } from './catalog.mappers.ts';
export type { ChosenOption, KitchenDish, OptionSource, OrderedDish, OrderedLineDish } from './dish-reads.ts';

/**
 * The catalogue's rules: what the storefront reads, what admins and staff change (docs/reference/operations.md
 * "Menu management"), and the dish another module copies into an order, favourite or report
 * (the only way other modules reach the menu).
 *
 * The menu is read far more often than it changes, so its answers are serialized once (by
 * the same compiled serializers as every answer) and kept until the menu changes: every write
 * here empties them after its commit, so the next read anywhere shows the change; a sold-out
 * dish's comeback time empties them too, when it comes; and a minute at most bounds a change
 * made behind the server's back.
 */
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

/** What a search needs of the menu, built on the first search after a change. */
interface SearchTools {
  vocabulary: Vocabulary;
  /** The index in memory; none for a menu larger than MEMORY_SEARCH_MAX_DISHES. */
  index: SearchIndex | undefined;
  /** Without the index in memory: the words of the option values' names, sorted (see `inOptions`). */
  optionWords: readonly string[];
}

/** How many dishes the searches keep serialized (a large menu's most found ones). */
const MAX_LISTED_DISHES = 20_000;
/**
 * How many searches' whole answers are kept per menu version (the oldest first out beyond it):
 * at most SEARCH_RESULTS dishes each, so a few tens of megabytes on a large menu.
 */
const MAX_SEARCH_ANSWERS = 1_000;
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
  /** Searches' answers, by language and the words as the search reads them (decision 061). */
  const searchAnswers = createAnswerCache({ maxEntries: MAX_SEARCH_ANSWERS, ttlMs: ANSWER_TTL_MS });

  function invalidate(): void {
    version += 1;
    answers.clear();
    listedDishes.clear();
    searchAnswers.clear();
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
  function searchWith(
    words: string[],
    { vocabulary, index, optionWords }: SearchTools,
    language: Language,
  ): string | Promise<string> {
    const run = (terms: readonly (readonly string[])[]) =>
      index ? index.search(terms, SEARCH_RESULTS) : catalog.search(terms, inOptions(optionWords, terms));
    const queries = closestFirst(words.map((word) => vocabulary.tiers(word)));
    // The usual case: every word as typed (or its singular), one search.
    if (queries.length === 1) {
      const ids = run(queries[0] as string[][]);
      return Array.isArray(ids) ? answerWith(ids, language) : ids.then((found) => answerWith(found, language));
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
    return Array.isArray(ids) ? answerWith(ids, language) : ids.then((list) => answerWith(list, language));
  }

  async function buildSearchTools(): Promise<SearchTools> {
    const [words, indexed] = await Promise.all([catalog.menuWords(), catalog.menuIndex(MEMORY_SEARCH_MAX_DISHES)]);
    return {
      vocabulary: buildVocabulary(words),
      index: indexed && buildSearchIndex(indexed),
      optionWords: indexed ? [] : await catalog.optionWords(),
    };
  }

  /** The option groups of `rows` (every dish's when `all`), by dish id, named in `language`. */
  async function optionsOf(
    rows: readonly ProductSelection[],
    all = false,
    executor?: Kysely<AppDatabase>,
    language: Language = 'en',
  ): Promise<Map<number, OptionGroup[]>> {
    const { groups, values } = await catalog.optionRows(all ? undefined : rows.map((row) => row.id), executor);
    return toOptionGroups(groups, values, language);
  }

  async function productsWithOptions(rows: ProductSelection[], language: Language, all = false): Promise<Product[]> {
    const options = await optionsOf(rows, all, undefined, language);
    const now = clock();
    return rows.map((row) => toProduct(row, now, options.get(row.id), language));
  }

  async function dishOrThrow(id: number, purpose: DishPurpose, transaction?: Kysely<AppDatabase>): Promise<Dish> {
    return checkedDish(await catalog.findDish(id, transaction), purpose, clock());
  }

  /** The search's answer: the dishes `ids` in `language`, each kept serialized per language. */
  function answerWith(ids: number[], language: Language): string | Promise<string> {
    planComeback();
    const since = listedDishes.mark();
    const keyOf = (id: number) => `${language}:${id}`;
    const missing = ids.filter((id) => listedDishes.peek(keyOf(id)) === undefined);
    // A dish taken off the menu between the two reads is left out.
    const answer = (read: Map<number, string>) =>
      `{"data":[${ids.flatMap((id) => read.get(id) ?? listedDishes.peek(keyOf(id)) ?? []).join(',')}]}`;
    if (missing.length === 0) return answer(new Map());
    return catalog.findProducts(missing).then(async (rows) => {
      const read = new Map<number, string>();
      const options = await optionsOf(rows, false, undefined, language);
      for (const row of rows) {
        const item = serializeListedProduct(toProduct(row, clock(), options.get(row.id), language));
        read.set(row.id, item);
        listedDishes.keep(keyOf(row.id), item, since);
      }
      return answer(read);
    });
  }

  /** A search run now, on the menu's words and index (built on the first search after a change). */
  function searchNow(words: string[], language: Language): string | Promise<string> {
    if (words.length === 0) return '{"data":[]}';
    if (searchToolsBuilt) return searchWith(words, searchToolsBuilt, language);
    const building = (searchTools ??= buildSearchTools());
    return building.then(
      (tools) => {
        if (searchTools === building) searchToolsBuilt = tools;
        return searchWith(words, tools, language);
      },
      (error: unknown) => {
        if (searchTools === building) searchTools = undefined; // the next search tries again
        throw error;
      },
    );
  }

  /** After a menu change has committed: the cached answers go, and the other servers are told. */
  async function afterChange(): Promise<void> {
    invalidate();
    await options.onChanged?.();
  }

  return {
    // Each answer in a language (the owner's texts, decision 047), kept per language.

    /** GET /api/v1/categorys */
    categories(language: Language = 'en'): CachedAnswer {
      return cached(`${language}:categories`, async () =>
        toCachedJson(
          serializeCategories({ data: (await catalog.listCategories()).map((row) => toCategory(row, language)) }),
        ),
      );
    },

    /** GET /api/v1/allProductsData: every dish, or those of one category (named in either language). */
    products(category?: string, language: Language = 'en'): CachedAnswer {
      return cached(`${language}:products:${category ?? ''}`, async () =>
        toCachedJson(
          serializeProducts({
            data: await productsWithOptions(await catalog.listProducts(category), language, category === undefined),
          }),
        ),
      );
    },

    popular(language: Language = 'en'): CachedAnswer {
      return cached(`${language}:popular`, async () =>
        toCachedJson(serializeProducts({ data: await productsWithOptions(await catalog.listPopular(), language) })),
      );
    },

    /** One dish; null when the menu has none with this id. */
    product(id: number, language: Language = 'en'): CachedAnswer {
      return cached(`${language}:product:${id}`, async () => {
        const row = await catalog.findProduct(id);
        return row
          ? toCachedJson(serializeProduct({ data: (await productsWithOptions([row], language))[0] as Product }))
          : null;
      });
    },

    /**
     * Dishes matching a text, best matches first. A word no dish word starts with is replaced
     * by the menu words it most likely means (its singular, or a similar spelling), so
     * "burgr", "pizzas" and "Mexican" find what a guest means; exact words are searched as typed.
     * Answers the JSON of `{ data: [...] }`, written by the list's own item serializer.
     */
    search(text: string, language: Language = 'en'): CachedAnswer {
      const words = searchTerms(text);
      // Kept whole per menu version (decision 061): the same words in the same language find the same dishes until the menu changes.
      planComeback();
      return searchAnswers.get(`${language}:${words.join(' ')}`, async () =>
        toCachedJson(await searchNow(words, language)),
      );
    },

    /** The search itself, every time (the answer `search` keeps): the JSON of `{ data: [...] }`. */
    searchNow,

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

    ...createMenuChanges({ db, engine, clock, imageExists: options.imageExists, optionsOf, afterChange }),

    /**
     * The dish a record copies (name, picture, category, price now). An unknown dish is 404;
     * one removed from the menu is 404 for a favourite or report, and 409 for an order, as is
     * one sold out ("Sold out: Beef Tehari"). Inside a transaction, pass it: on SQLite a read
     * outside it would wait for it.
     */
    dishOrThrow,

    ...createDishReads(catalog, clock),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
