import type { Kysely } from 'kysely';
import type { OptionGroup, Product } from '../../../shared/contract/catalog.ts';
import type { Database } from '../../db/database.ts';
import type { Dish } from '../../db/dish-copy.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { type CachedJson, type CachedAnswer, createAnswerCache, toCachedJson } from '../../http/cached-json.ts';
import {
  type ProductSelection,
  serializeCategories,
  serializeProduct,
  serializeProducts,
  toCategory,
  toOptionGroups,
  toProduct,
} from './catalog.mappers.ts';
import { createCatalogRepository } from './catalog.repository.ts';
import { searchTerms } from './search-reads.ts';
import { ANSWER_TTL_MS, createMenuSearch } from './menu-search.ts';
import { checkedDish, createDishReads, offeredAt } from './dish-reads.ts';
import { createMenuChanges } from './menu-changes.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import { type BranchId, MAIN_BRANCH_ID } from '../../db/branch.ts';
import { type BranchMenu, createBranchMenuReads, dishAt, valueAt } from './branch-menu.ts';
import { createBranchMenuChanges } from './branch-menu-changes.ts';

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
 * How many searches' whole answers are kept per menu version (the oldest first out beyond it):
 * at most SEARCH_RESULTS dishes each, so a few tens of megabytes on a large menu.
 */
const MAX_SEARCH_ANSWERS = 1_000;

export function createCatalogService(database: Database, options: CatalogOptions) {
  const { db, engine } = database;
  const clock = options.now ?? Date.now;
  const catalog = createCatalogRepository(db, engine, database.engine === 'sqlite' ? database.native : undefined);
  const answers = createAnswerCache({ maxEntries: 20_000, ttlMs: ANSWER_TTL_MS });
  const branchReads = createBranchMenuReads();
  const dishReads = createDishReads(catalog, clock, branchReads);
  /** Each branch's word on the menu (decision 068), read once per menu version. */
  const branchMenus = new Map<BranchId, Promise<BranchMenu>>();
  let comeback: NodeJS.Timeout | undefined;
  let comebackPlanned = false;
  /** When the planned comeback is due on the restaurant's clock (a clock moved on passes it before the timer fires). */
  let comebackAt: number | undefined;

  /** Counts the menu's changes as this server heard of them: pages made from the menu keep it (modules/pages). */
  let version = 0;
  /** Searches' answers, by language and the words as the search reads them (decision 061). */
  const searchAnswers = createAnswerCache({ maxEntries: MAX_SEARCH_ANSWERS, ttlMs: ANSWER_TTL_MS });
  /** The search run now, with the dishes it finds kept serialized: emptied with the answers. */
  const menuSearch = createMenuSearch({ db, catalog, clock, planComeback, optionsOf, menuAt });

  /** `branch`'s whole word on the menu, kept until the menu changes (a failed read is tried again). */
  function menuAt(branch: BranchId): Promise<BranchMenu> {
    let menu = branchMenus.get(branch);
    if (!menu) {
      menu = branchReads.menuAt(db, branch);
      branchMenus.set(branch, menu);
      menu.catch(() => branchMenus.delete(branch));
    }
    return menu;
  }

  function invalidate(): void {
    version += 1;
    answers.clear();
    menuSearch.clear();
    searchAnswers.clear();
    branchMenus.clear();
    dishReads.forgetFacts();
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
    const now = new Date(clock()).toISOString();
    Promise.all([catalog.nextComeback(now), branchReads.nextComeback(db, now)])
      .then((times) => {
        const at = times.filter((time) => time !== null).sort()[0];
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

  /** The option groups of `rows` (every dish's when `all`), by dish id, named in `language`, priced at `menu`'s branch. */
  async function optionsOf(
    executor: Kysely<AppDatabase>,
    rows: readonly ProductSelection[],
    all = false,
    language: Language = 'en',
    menu?: BranchMenu,
  ): Promise<Map<number, OptionGroup[]>> {
    const { groups, values } = await catalog.optionRows(executor, all ? undefined : rows.map((row) => row.id));
    return toOptionGroups(groups, menu ? values.map((value) => valueAt(value, menu)) : values, language);
  }

  /** The dishes of `rows` `branch` offers, as it sells them, with their options. */
  async function productsWithOptions(
    rows: ProductSelection[],
    language: Language,
    branch: BranchId,
    all = false,
  ): Promise<Product[]> {
    const menu = await menuAt(branch);
    const offered = rows.flatMap((row) => dishAt(row, menu) ?? []);
    const options = await optionsOf(db, offered, all, language, menu);
    const now = clock();
    return offered.map((row) => toProduct(row, now, options.get(row.id), language));
  }

  /** The dish a record copies, or an order takes at `branch` (its price there; 409 where it is not offered). */
  async function dishOrThrow(
    transaction: Kysely<AppDatabase>,
    id: number,
    purpose: DishPurpose,
    branch: BranchId = MAIN_BRANCH_ID,
  ): Promise<Dish> {
    const row = await catalog.findDish(transaction, id);
    if (!row || purpose === 'record') return checkedDish(row, purpose, clock());
    return checkedDish(offeredAt(row, await branchReads.menuAt(transaction, branch, [id])), purpose, clock());
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

    /** GET /api/v1/allProductsData: every dish `branch` offers, or those of one category (named in either language). */
    products(category?: string, language: Language = 'en', branch: BranchId = MAIN_BRANCH_ID): CachedAnswer {
      return cached(`${language}:${branch}:products:${category ?? ''}`, async () =>
        toCachedJson(
          serializeProducts({
            data: await productsWithOptions(
              await catalog.listProducts(category),
              language,
              branch,
              category === undefined,
            ),
          }),
        ),
      );
    },

    popular(language: Language = 'en', branch: BranchId = MAIN_BRANCH_ID): CachedAnswer {
      return cached(`${language}:${branch}:popular`, async () =>
        toCachedJson(
          serializeProducts({ data: await productsWithOptions(await catalog.listPopular(), language, branch) }),
        ),
      );
    },

    /** One dish as `branch` sells it; null when the menu has none with this id, or the branch does not offer it. */
    product(id: number, language: Language = 'en', branch: BranchId = MAIN_BRANCH_ID): CachedAnswer {
      return cached(`${language}:${branch}:product:${id}`, async () => {
        const row = await catalog.findProduct(id);
        const [product] = row ? await productsWithOptions([row], language, branch) : [];
        return product ? toCachedJson(serializeProduct({ data: product })) : null;
      });
    },

    /**
     * Dishes matching a text, best matches first. A word no dish word starts with is replaced
     * by the menu words it most likely means (its singular, or a similar spelling), so
     * "burgr", "pizzas" and "Mexican" find what a guest means; exact words are searched as typed.
     * Answers the JSON of `{ data: [...] }`, written by the list's own item serializer.
     */
    search(text: string, language: Language = 'en', branch: BranchId = MAIN_BRANCH_ID): CachedAnswer {
      const words = searchTerms(text);
      // Kept whole per menu version (decision 061): the same words in the same language find the same dishes until the menu changes.
      // A new text is answered at once too when its dishes' answer is kept (menu-search.ts, decision 067).
      planComeback();
      const key = `${language}:${branch}:${words.join(' ')}`;
      const kept = searchAnswers.peek(key);
      if (kept) return kept;
      const since = searchAnswers.mark();
      const answer = menuSearch.answer(words, language, branch);
      if (answer instanceof Promise)
        return answer.then((loaded) => {
          searchAnswers.keep(key, loaded, since);
          return loaded;
        });
      searchAnswers.keep(key, answer, since);
      return answer;
    },

    /** The search itself, every time (the answer `search` keeps): the JSON of `{ data: [...] }`. */
    searchNow: menuSearch.searchNow,

    /** One dish as `branch` sells it now, with its options (a change's answer); undefined where it is not offered. */
    async productAt(id: number, language: Language, branch: BranchId): Promise<Product | undefined> {
      const row = await catalog.findProduct(id);
      return row ? (await productsWithOptions([row], language, branch))[0] : undefined;
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

    ...createMenuChanges({ db, engine, clock, imageExists: options.imageExists, optionsOf, afterChange }),

    /**
     * The dish a record copies (name, picture, category, price now). An unknown dish is 404;
     * one removed from the menu is 404 for a favourite or report, and 409 for an order, as is
     * one sold out ("Sold out: Beef Tehari"). Inside a transaction, pass it: on SQLite a read
     * outside it would wait for it.
     */
    dishOrThrow,

    ...dishReads,

    ...createBranchMenuChanges({ db, clock, afterChange }),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
