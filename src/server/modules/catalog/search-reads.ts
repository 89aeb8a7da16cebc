import type SqliteDatabase from 'better-sqlite3';
import { IN_CATEGORY, IN_ITEMS, IN_NAME, IN_OPTIONS, type IndexedWord } from './search-index.ts';
import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { wordsOf } from './spelling.ts';

/*
 * The menu search's SQL and its reads (catalog.repository.ts spreads them into its own): its words,
 * its groups and its limits, and the index's words for the search held in memory (search-index.ts).
 */

/** How many matches each group of a search takes from the index at most (see `search`). */
export const SEARCH_CANDIDATES = 200;
/**
 * How many dishes a search answers. A literal in the SQL: with the limit as a parameter,
 * SQLite plans the query without flattening it and runs it 3.5 times slower.
 */
export const SEARCH_RESULTS = 60;

/** Turns free text into the engine's full-text query: every word must match, each as a prefix. */
export function searchTerms(text: string): string[] {
  return wordsOf(text).slice(0, 8);
}

/**
 * The search's groups, best first, each the columns (SQLite) or weights (PostgreSQL: A name,
 * B category, C ingredients, migration 0001; D option values' names, 0014) its match is
 * restricted to (a name and a category in either language, migration 0023): every word in the name; in the name and category; in the dish's own words
 * (name, category, ingredients); anywhere (the option values' names as well).
 */
export const GROUPS = [
  { columns: '{name name_bn} : ', weights: 'A' },
  { columns: '{name name_bn category category_bn} : ', weights: 'AB' },
  { columns: '{name name_bn category category_bn items} : ', weights: 'ABC' },
  { columns: '', weights: '' },
] as const;

/**
 * The search's SQL over the first `groups` of GROUPS, with one parameter per group: its match;
 * it answers the ids of the dishes found, in order (the service has most dishes already
 * serialized: reading their columns cost three times the search itself). Best matches first,
 * served by the full-text index (FTS5 on SQLite, the GIN-indexed tsvector on PostgreSQL);
 * every word must match, each as a prefix; the same order on both engines:
 *   1. dishes whose name holds every word,
 *   2. then those whose name and category together hold them,
 *   3. then those whose own words hold them (name, category, ingredients),
 *   4. then the rest (found through their option values' names, migration 0014);
 * within a group shorter names first (the words are more of the name), then menu order.
 *
 * Each group takes at most SEARCH_CANDIDATES matches from the index, so the work per
 * search is bounded however common the word ("chicken" in a tenth of a 100,000-dish
 * menu). bm25 is not used on SQLite: it counts every match of each word to weigh it,
 * which made a common word's search grow linearly with the menu (13 ms at 100,000
 * dishes), and with every word required that weighing changes little.
 */
export function compileSearch(db: Kysely<AppDatabase>, engine: Engine, groups: number): string {
  const group = (match: string) =>
    engine === 'postgres'
      ? sql`select id from products where search @@ to_tsquery('simple', ${match}) limit ${sql.lit(SEARCH_CANDIDATES)}`
      : sql`select rowid as id from products_fts where products_fts match ${match} limit ${sql.lit(SEARCH_CANDIDATES)}`;
  const tiers = GROUPS.slice(0, groups).map((_, tier) => sql.raw(`g${tier}`));
  return sql`
    with ${sql.join(tiers.map((name) => sql`${name} as (${group('')})`))},
    hits as (
      select id, min(tier) as tier from (
        ${sql.join(
          tiers.map((name, tier) => sql`select id, ${sql.lit(tier)} as tier from ${name}`),
          sql` union all `,
        )}
      ) as tiers
      group by id
    )
    select p.id
    from hits h join products p on p.id = h.id
    where p.removed_at is null
    order by h.tier, length(p.name), p.id
    limit ${sql.lit(SEARCH_RESULTS)}`.compile(db).sql;
}

/**
 * The search's reads (catalog.repository.ts spreads them into its own): the search in SQL and the
 * index's words for the search held in memory. `sqlite` is the driver handle under `db` on SQLite.
 */
export function createSearchReads(db: Kysely<AppDatabase>, engine: Engine, sqlite?: SqliteDatabase.Database) {
  // Every group; and without the last, for words no option value's name holds (see `search`).
  const searchSql = [compileSearch(db, engine, GROUPS.length), compileSearch(db, engine, GROUPS.length - 1)] as const;
  const searchStatements: (SqliteDatabase.Statement<string[], number> | undefined)[] = [];
  return {
    /**
     * Best matches first, served by the full-text index (FTS5 on SQLite, the GIN-indexed
     * tsvector on PostgreSQL); every word must match, each as a prefix; the same order on
     * both engines:
     *   1. dishes whose name holds every word,
     *   2. then those whose name and category together hold them,
     *   3. then those whose own words hold them (name, category, ingredients),
     *   4. then the rest (found through their option values' names: "extra cheese");
     * within a group shorter names first (the words are more of the name), then menu order.
     *
     * Each group takes at most SEARCH_CANDIDATES matches from the index, so the work per
     * search is bounded however common the word ("chicken" in a tenth of a 100,000-dish
     * menu). bm25 is not used on SQLite: it counts every match of each word to weigh it,
     * which made a common word's search grow linearly with the menu (13 ms at 100,000
     * dishes), and with every word required that weighing changes little.
     *
     * A menu of up to 2,000 dishes is searched with the same rules in memory instead, over
     * the words of `menuIndex` (search-index.ts, docs/decisions/019).
     *
     * `inOptions` false says no term can match an option value's word (the caller checked
     * them against `optionWords`): then the last group would find exactly what the one before
     * it finds, and is not asked (a quarter of the search's CPU at 100,000 dishes).
     */
    search(terms: readonly (readonly string[])[], inOptions = true): number[] | Promise<number[]> {
      if (terms.length === 0) return [];
      const which = inOptions ? 0 : 1;
      // Each term is a list of alternatives (the typed word, or the menu words it stands for,
      // see spelling.ts); every term must match through one of them. Alternatives are letters
      // and digits only (searchTerms, wordsOf), so they cannot carry query syntax.
      // Without options' matches the dish's own words are every word it matches through: the
      // third group is then asked without restriction, as it was before options (cheaper).
      const groups = inOptions ? GROUPS : [GROUPS[0], GROUPS[1], GROUPS[3]];
      const matches = groups.map(({ columns, weights }) =>
        engine === 'postgres'
          ? terms.map((alternatives) => `(${alternatives.map((t) => `${t}:*${weights}`).join(' | ')})`).join(' & ')
          : // Each alternative is quoted as well, so FTS5 syntax in the input ("OR", "*", "NEAR", quotes) is plain text.
            terms.map((alternatives) => `${columns}(${alternatives.map((t) => `"${t}"*`).join(' OR ')})`).join(' AND '),
      );
      // On SQLite the statement runs at once on the driver, without Kysely's promises: the
      // driver is synchronous anyway, and the search spent a seventh of its server CPU in
      // them under load (119 → 102 µs a request). Not while another request's transaction
      // holds the connection: then it waits its turn through Kysely, as every query does,
      // and never reads what that transaction has not committed.
      if (sqlite && !sqlite.inTransaction) {
        const statement = (searchStatements[which] ??= sqlite.prepare<string[], number>(searchSql[which]).pluck());
        return statement.all(...matches);
      }
      return db
        .executeQuery<{ id: number }>(CompiledQuery.raw(searchSql[which], matches))
        .then(({ rows }) => rows.map((row) => row.id));
    },

    /**
     * The distinct words of the option values' names in the full-text index, as the engine
     * wrote them (as `menuWords`), sorted: a term none of whose alternatives starts one cannot
     * match through options (see `search`). SQLite: FTS5's vocabulary of that column (removed
     * dishes' words included until rewritten); PostgreSQL: ts_stat over the weight-D lexemes of
     * the dishes on the menu.
     */
    async optionWords(): Promise<string[]> {
      let words: string[];
      if (engine === 'postgres') {
        const { rows } = await sql<{
          word: string;
        }>`select word from ts_stat('select ts_filter(search, ''{d}'') from products where removed_at is null')`.execute(
          db,
        );
        words = rows.map((row) => row.word);
      } else {
        // A read-only view of the index by column, made once per connection in its temporary schema.
        await sql`create virtual table if not exists temp.products_fts_columns using fts5vocab(main, products_fts, col)`.execute(
          db,
        );
        const { rows } = await sql<{
          term: string;
        }>`select term from temp.products_fts_columns where col = 'option_names'`.execute(db);
        words = rows.map((row) => row.term);
      }
      return words.sort();
    },

    /**
     * The distinct words of the full-text index, as the engine wrote them (the vocabulary of
     * the forgiving search, spelling.ts), read from the index itself rather than the dishes:
     * at 100,000 dishes 391 words in about 50 ms, where reading the texts took a second.
     * SQLite: FTS5's own vocabulary (words folded to lower case without accents, removed
     * dishes' words included until they are rewritten); PostgreSQL: ts_stat over the
     * tsvectors of the dishes on the menu (words as written, accents kept).
     */
    async menuWords(): Promise<string[]> {
      if (engine === 'postgres') {
        const { rows } = await sql<{
          word: string;
        }>`select word from ts_stat('select search from products where removed_at is null')`.execute(db);
        return rows.map((row) => row.word);
      }
      // A read-only view of the index, made once per connection in its temporary schema.
      await sql`create virtual table if not exists temp.products_fts_words using fts5vocab(main, products_fts, row)`.execute(
        db,
      );
      const { rows } = await sql<{ term: string }>`select term from temp.products_fts_words`.execute(db);
      return rows.map((row) => row.term);
    },

    /**
     * The full-text index's words, each with a dish on the menu it occurs in and the columns
     * it occurs there, for the search held in memory (search-index.ts); undefined when the
     * menu has more than `maxDishes` dishes (the SQL searches those). SQLite: FTS5's instances
     * (words as the index folded them); PostgreSQL: the lexemes of each dish's tsvector, by
     * weight (A name, B category, C ingredients: migration 0001; D option values' names: 0014).
     */
    async menuIndex(maxDishes: number): Promise<IndexedWord[] | undefined> {
      const { dishes } = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number | string>().as('dishes'))
        .where('removed_at', 'is', null)
        .executeTakeFirstOrThrow();
      if (Number(dishes) > maxDishes) return undefined;
      if (engine === 'postgres') {
        const { rows } = await sql<{ word: string; dish: number; nameLength: number; weights: string[] }>`
          select lexeme as word, p.id as dish, length(p.name) as "nameLength", weights
          from products p, unnest(p.search) where p.removed_at is null`.execute(db);
        const bits: Record<string, number> = { A: IN_NAME, B: IN_CATEGORY, C: IN_ITEMS, D: IN_OPTIONS };
        return rows.map(({ weights, ...word }) => ({
          ...word,
          columns: weights.reduce((columns, weight) => columns | (bits[weight] ?? IN_OPTIONS), 0),
        }));
      }
      // A read-only view of the index's instances, made once per connection in its temporary schema.
      await sql`create virtual table if not exists temp.products_fts_instances using fts5vocab(main, products_fts, instance)`.execute(
        db,
      );
      const { rows } = await sql<IndexedWord>`
        select i.term as word, i.doc as dish, length(p.name) as nameLength,
          max(i.col in ('name', 'name_bn')) * ${sql.lit(IN_NAME)} | max(i.col in ('category', 'category_bn')) * ${sql.lit(IN_CATEGORY)} | max(i.col = 'items') * ${sql.lit(IN_ITEMS)}
            | max(i.col = 'option_names') * ${sql.lit(IN_OPTIONS)} as columns
        from temp.products_fts_instances i join products p on p.id = i.doc
        where p.removed_at is null
        group by i.term, i.doc`.execute(db);
      return rows;
    },
  };
}
