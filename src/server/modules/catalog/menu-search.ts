import type { Kysely } from 'kysely';
import type { OptionGroup } from '../../../shared/contract/catalog.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { createAnswerCache } from '../../http/cached-json.ts';
import { type ProductSelection, serializeListedProduct, toProduct } from './catalog.mappers.ts';
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
  ): Promise<Map<number, OptionGroup[]>>;
}

export function createMenuSearch({ db, catalog, clock, planComeback, optionsOf }: MenuSearchContext) {
  /** The menu's words for the forgiving search and its index, built on the first search after a change. */
  let searchTools: Promise<SearchTools> | undefined;
  /** The same once built: a search then runs without waiting for anything. */
  let searchToolsBuilt: SearchTools | undefined;
  /** Each dish serialized as a list item (by its id), for the searches' answers; emptied with the answers. */
  const listedDishes = createAnswerCache<string>({ maxEntries: MAX_LISTED_DISHES, ttlMs: ANSWER_TTL_MS });

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
      const options = await optionsOf(db, rows, false, language);
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

  return {
    searchNow,
    /** The menu changed: the dishes kept serialized and the menu's words and index go. */
    clear(): void {
      listedDishes.clear();
      searchTools = undefined;
      searchToolsBuilt = undefined;
    },
  };
}
