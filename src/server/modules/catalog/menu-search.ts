import type { Kysely } from 'kysely';
import type { OptionGroup } from '../../../shared/contract/catalog.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { type CachedJson, createAnswerCache, toCachedJson } from '../../http/cached-json.ts';
import { type ProductSelection, serializeListedProduct, toProduct } from './catalog.mappers.ts';
import { type BranchId, MAIN_BRANCH_ID } from '../../db/branch.ts';
import { type BranchMenu, dishAt } from './branch-menu.ts';
import type { createCatalogRepository } from './catalog.repository.ts';
import { SEARCH_RESULTS } from './search-reads.ts';
import { type SearchIndex, buildSearchIndex } from './search-index.ts';
import { type Vocabulary, buildVocabulary } from './spelling.ts';
import { closestFirst, inOptions } from './search-ranking.ts';

/*
 * The menu search run now (catalog.service.ts keeps its whole answers): on the menu's words and
 * index, built on the first search after a change, with the dishes it finds kept serialized.
 */

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
/** How many answers are kept by the dishes they list (many texts find the same dishes: decision 067). */
const MAX_FOUND_ANSWERS = 5_000;
/** How long a serialized answer is kept at most, for a change made behind the server's back. */
export const ANSWER_TTL_MS = 60_000;

/** What a search needs of the catalogue service. */
export interface MenuSearchContext {
  db: Kysely<AppDatabase>;
  catalog: ReturnType<typeof createCatalogRepository>;
  clock: () => number;
  /** Once per menu version: empty the answers when the next sold-out dish comes back by itself. */
  planComeback(): void;
  optionsOf(
    executor: Kysely<AppDatabase>,
    rows: readonly ProductSelection[],
    all?: boolean,
    language?: Language,
    menu?: BranchMenu,
  ): Promise<Map<number, OptionGroup[]>>;
  /** A branch's word on the menu (decision 068), kept per menu version. */
  menuAt(branch: BranchId): Promise<BranchMenu>;
}

export function createMenuSearch({ db, catalog, clock, planComeback, optionsOf, menuAt }: MenuSearchContext) {
  /** The menu's words for the forgiving search and its index, built on the first search after a change. */
  let searchTools: Promise<SearchTools> | undefined;
  /** The same once built: a search then runs without waiting for anything. */
  let searchToolsBuilt: SearchTools | undefined;
  /** Each dish serialized as a list item (by its id), for the searches' answers; emptied with the answers. */
  const listedDishes = createAnswerCache<string>({ maxEntries: MAX_LISTED_DISHES, ttlMs: ANSWER_TTL_MS });
  /**
   * Each answer whole (body, ETag, compressed copies) by its language and the dishes it lists, in
   * order: the misspellings, plurals and prefixes of a word find the same dishes, and their answer
   * is joined, tagged and compressed once per menu version, not once per text (decision 067).
   */
  const foundAnswers = createAnswerCache({ maxEntries: MAX_FOUND_ANSWERS, ttlMs: ANSWER_TTL_MS });

  /**
   * A search's answer, at once when the index answers at once (in memory, or SQLite) and its
   * dishes are serialized already, as they mostly are (searches keep finding the same dishes);
   * only the others are read, and kept unless the menu changed meanwhile. A sold-out dish's
   * comeback empties them, as it empties the other answers.
   */
  function searchWith<T>(
    words: string[],
    { vocabulary, index, optionWords }: SearchTools,
    answerWith: (ids: number[]) => T | Promise<T>,
  ): T | Promise<T> {
    const run = (terms: readonly (readonly string[])[]) =>
      index ? index.search(terms, SEARCH_RESULTS) : catalog.search(terms, inOptions(optionWords, terms));
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
    return {
      vocabulary: buildVocabulary(words),
      index: indexed && buildSearchIndex(indexed),
      optionWords: indexed ? [] : await catalog.optionWords(),
    };
  }

  /**
   * The search's answer: the dishes `ids` `branch` offers, in `language`, each kept serialized per
   * language and branch ('' for a dish the branch does not offer).
   */
  function bodyOf(ids: number[], language: Language, branch: BranchId): string | Promise<string> {
    planComeback();
    const since = listedDishes.mark();
    const keyOf = (id: number) => `${language}:${branch}:${id}`;
    const missing = ids.filter((id) => listedDishes.peek(keyOf(id)) === undefined);
    // A dish taken off the menu between the two reads is left out.
    const answer = (read: Map<number, string>) =>
      `{"data":[${ids.flatMap((id) => read.get(id) || listedDishes.peek(keyOf(id)) || []).join(',')}]}`;
    if (missing.length === 0) return answer(new Map());
    return Promise.all([catalog.findProducts(missing), menuAt(branch)]).then(async ([rows, menu]) => {
      const read = new Map<number, string>();
      const offered = rows.flatMap((row) => dishAt(row, menu) ?? []);
      const options = await optionsOf(db, offered, false, language, menu);
      for (const row of rows) listedDishes.keep(keyOf(row.id), '', since);
      for (const row of offered) {
        const item = serializeListedProduct(toProduct(row, clock(), options.get(row.id), language));
        read.set(row.id, item);
        listedDishes.keep(keyOf(row.id), item, since);
      }
      return answer(read);
    });
  }

  /** The answer listing the dishes `ids` in `language` at `branch`: kept by them, else made and kept (at once when it can be). */
  function foundAnswer(ids: number[], language: Language, branch: BranchId): CachedJson | Promise<CachedJson> {
    const key = `${language}:${branch}:${ids.join(',')}`;
    const kept = foundAnswers.peek(key);
    if (kept) return kept;
    const since = foundAnswers.mark();
    const made = (body: string) => {
      const answer = toCachedJson(body);
      foundAnswers.keep(key, answer, since);
      return answer;
    };
    const body = bodyOf(ids, language, branch);
    return typeof body === 'string' ? made(body) : body.then(made);
  }

  /** Runs `answerWith` on the dishes `words` find, on the menu's words and index (built on the first search after a change). */
  function findThen<T>(words: string[], answerWith: (ids: number[]) => T | Promise<T>): T | Promise<T> {
    if (searchToolsBuilt) return searchWith(words, searchToolsBuilt, answerWith);
    const building = (searchTools ??= buildSearchTools());
    return building.then(
      (tools) => {
        if (searchTools === building) searchToolsBuilt = tools;
        return searchWith(words, tools, answerWith);
      },
      (error: unknown) => {
        if (searchTools === building) searchTools = undefined; // the next search tries again
        throw error;
      },
    );
  }

  return {
    /** A search run now, without the answers kept: the JSON of `{ data: [...] }`. */
    searchNow(words: string[], language: Language, branch: BranchId = MAIN_BRANCH_ID): string | Promise<string> {
      if (words.length === 0) return '{"data":[]}';
      return findThen(words, (ids) => bodyOf(ids, language, branch));
    },
    /**
     * A search run now, answered whole: the answer kept for the dishes it finds when another
     * text found them before (in this menu version), at once when the index is in memory.
     */
    answer(words: string[], language: Language, branch: BranchId): CachedJson | Promise<CachedJson> {
      if (words.length === 0) return foundAnswer([], language, branch);
      return findThen(words, (ids) => foundAnswer(ids, language, branch));
    },
    /** The menu changed: the dishes kept serialized and the menu's words and index go. */
    clear(): void {
      listedDishes.clear();
      foundAnswers.clear();
      searchTools = undefined;
      searchToolsBuilt = undefined;
    },
  };
}
