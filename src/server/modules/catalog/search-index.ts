/**
 * The menu's full-text index held in memory, for a menu small enough (a restaurant's): the
 * same search as the SQL of `catalog.repository.ts` `search`, answered without a query.
 *
 * Its words are the database index's own, read from it (FTS5's instances on SQLite, the
 * tsvectors' lexemes on PostgreSQL), so the two engines' tokenizers decide what a word is, as
 * they do for the SQL; what is evaluated here is only the query: every term must match, each
 * through one of its alternatives as a prefix of an indexed word, and the dishes found come
 * in the SQL's order:
 *   1. those whose name holds every term,
 *   2. then those whose name and category together hold them,
 *   3. then those whose own words hold them (with the ingredients),
 *   4. then the rest (found through their option values' names: decision 033);
 * within a group shorter names first, then menu order.
 *
 * Pure: no I/O, so the rules are tested with tables of cases (tests/unit/domain/search-index.test.ts),
 * and against the SQL on both engines (tests/api/catalog/search-index.test.ts). Decisions 019, 033.
 */
import { firstNotBefore } from './spelling.ts';

/** Where a word occurs in a dish, as bits: its name, its category, its ingredients, its option values' names. */
export const IN_NAME = 1;
export const IN_CATEGORY = 2;
export const IN_ITEMS = 4;
export const IN_OPTIONS = 8;

/**
 * One indexed word of one dish on the menu, with the columns it occurs in (IN_* bits) and the
 * length of the dish's name in characters (SQL's `length(name)`, which orders a group).
 */
export interface IndexedWord {
  word: string;
  dish: number;
  nameLength: number;
  columns: number;
}

export interface SearchIndex {
  /** How many dishes the index holds. */
  readonly dishes: number;
  /**
   * The ids of the dishes matching every term (each a list of alternatives, searched as
   * prefixes), best first, at most `limit`.
   */
  search(terms: readonly (readonly string[])[], limit: number): number[];
}

export function buildSearchIndex(words: Iterable<IndexedWord>): SearchIndex {
  const nameLength = new Map<number, number>();
  // word → its dishes, each with the columns the word occurs in.
  const postings = new Map<string, Map<number, number>>();
  for (const { word, dish, nameLength: length, columns } of words) {
    nameLength.set(dish, length);
    let inDishes = postings.get(word);
    if (!inDishes) postings.set(word, (inDishes = new Map()));
    inDishes.set(dish, (inDishes.get(dish) ?? 0) | columns);
  }
  const sorted = [...postings.keys()].sort();

  /** The dishes one term matches, with the columns it matches in (any alternative, any word it starts). */
  function matches(alternatives: readonly string[]): Map<number, number> {
    const found = new Map<number, number>();
    for (const prefix of alternatives) {
      for (
        let at = firstNotBefore(sorted, prefix);
        at < sorted.length && (sorted[at] as string).startsWith(prefix);
        at += 1
      ) {
        for (const [dish, columns] of postings.get(sorted[at] as string) as Map<number, number>)
          found.set(dish, (found.get(dish) ?? 0) | columns);
      }
    }
    return found;
  }

  return {
    dishes: nameLength.size,
    search(terms, limit) {
      if (terms.length === 0) return [];
      // Each dish's group: the worst of its terms' best groups (every term in the name: 1;
      // every term in the name or the category: 2; every term in the dish's own words: 3;
      // else 4), for the dishes every term matches.
      let groups: Map<number, number> | undefined;
      for (const alternatives of terms) {
        const found = matches(alternatives);
        const next = new Map<number, number>();
        if (groups === undefined) {
          for (const [dish, columns] of found) next.set(dish, groupOf(columns));
        } else {
          for (const [dish, group] of groups) {
            const columns = found.get(dish);
            if (columns !== undefined) next.set(dish, Math.max(group, groupOf(columns)));
          }
        }
        if (next.size === 0) return [];
        groups = next;
      }
      const found = groups as Map<number, number>;
      return [...found.keys()]
        .sort(
          (a, b) =>
            (found.get(a) as number) - (found.get(b) as number) ||
            (nameLength.get(a) as number) - (nameLength.get(b) as number) ||
            a - b,
        )
        .slice(0, limit);
    },
  };
}

/** The best group one term's columns put a dish in: 1 its name, 2 its category, 3 its ingredients, 4 its option values. */
function groupOf(columns: number): number {
  if ((columns & IN_NAME) !== 0) return 1;
  if ((columns & IN_CATEGORY) !== 0) return 2;
  if ((columns & IN_ITEMS) !== 0) return 3;
  return 4;
}
