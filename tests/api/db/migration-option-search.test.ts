import { type Kysely, sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import * as optionSearch from '../../../src/server/db/migrations/0014-option-search.ts';
import * as menuInTwoLanguages from '../../../src/server/db/migrations/0023-menu-in-two-languages.ts';
import * as searchWithoutInvisible from '../../../src/server/db/migrations/0035-search-without-invisible-characters.ts';
import { createCatalogRepository } from '../../../src/server/modules/catalog/catalog.repository.ts';
import { SEARCH_RESULTS, searchTerms } from '../../../src/server/modules/catalog/search-reads.ts';
import { buildSearchIndex } from '../../../src/server/modules/catalog/search-index.ts';
import { buildVocabulary } from '../../../src/server/modules/catalog/spelling.ts';
import { useUnmigratedDatabase } from '../../support/unmigrated-database.ts';
import { asMinor } from '../../../src/shared/domain/money.ts';

/**
 * Migration 0014 (the search follows dish options) on a database that already holds dishes with
 * options, on SQLite and (with TEST_DATABASE_URL) PostgreSQL: their values' names are indexed by
 * the migration itself (the SQL search and the index held in memory both find them, a dish's
 * own words first), the triggers follow later changes, and its `down` gives back the search of
 * before, its `up` the options again.
 */
describe('migrating a database with dish options to the search of options', () => {
  const opened = useUnmigratedDatabase();

  test('indexes the options already there, then follows their changes; down and up again', async () => {
    const database = opened();
    const { db, engine } = database;
    await migrateToLatest(db, '0012-payments-bills');
    const now = new Date().toISOString();
    await db
      .insertInto('categories')
      .values([{ name: 'Burgers' }, { name: 'Pizzas' }] as never)
      .execute();
    const dish = {
      img: '/images/dishes/demo-x-640.webp',
      price: asMinor(10),
      reatings: 4.5,
      populler: 0,
      created_at: now,
    };
    const dishes = await db
      .insertInto('products')
      .values([
        { ...dish, name: 'Jalapeño Popper Pizza', category: 'Pizzas', items: '["Mozzarella","Jalapeños"]' },
        { ...dish, name: 'Classic Burger', category: 'Burgers', items: '["Beef","Cheddar"]' },
        { ...dish, name: 'Plain Margherita', category: 'Pizzas', items: '["Tomato","Mozzarella"]' },
        { ...dish, name: 'Old Burger', category: 'Burgers', items: '["Beef"]', removed_at: now },
      ] as never)
      .returning(['id', 'name'])
      .execute();
    const idOf = (name: string) => dishes.find((row) => row.name === name)?.id as number;
    const addOptions = async (name: string, values: string[]) => {
      const group = await db
        .insertInto('option_groups')
        .values({ product_id: idOf(name), position: 0, name: 'Extras', min: 0, max: values.length })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('option_values')
        .values(
          values.map((value, position) => ({
            group_id: group.id,
            product_id: idOf(name),
            position,
            name: value,
            price_cents: asMinor(50),
            is_default: 0,
            available: 1,
            prep_tenths: 0,
            allergens: '[]',
          })),
        )
        .execute();
    };
    await addOptions('Classic Burger', ['Extra cheese', 'Jalapeños', 'Large']);
    await addOptions('Plain Margherita', ['Large (14")', 'Olives']);
    await addOptions('Old Burger', ['Smoked jalapeños']);

    await migrateToLatest(db);

    const repository = createCatalogRepository(db, engine, database.engine === 'sqlite' ? database.native : undefined);
    const readTools = async () => {
      const indexed = await repository.menuIndex(100);
      if (!indexed) throw new Error('a small menu is indexed in memory');
      return { index: buildSearchIndex(indexed), vocabulary: buildVocabulary(await repository.menuWords()) };
    };
    /** The dishes found for a text by the SQL, checked against the index held in memory. */
    const find = async (text: string, tools: Awaited<ReturnType<typeof readTools>>) => {
      const terms = searchTerms(text).map((word) => tools.vocabulary.alternatives(word));
      const ids = await repository.search(terms);
      expect(tools.index.search(terms, SEARCH_RESULTS), text).toEqual(ids);
      return ids.map((id) => dishes.find((row) => row.id === id)?.name);
    };

    expect(await db.selectFrom('products').select(['name', 'option_names']).orderBy('id').execute()).toEqual([
      { name: 'Jalapeño Popper Pizza', option_names: '' },
      { name: 'Classic Burger', option_names: 'Extra cheese Jalapeños Large' },
      { name: 'Plain Margherita', option_names: 'Large (14") Olives' },
      { name: 'Old Burger', option_names: 'Smoked jalapeños' },
    ]);
    let tools = await readTools();
    // The dish with the word in its own name first; the removed dish never.
    expect(await find('jalapeño', tools)).toEqual(['Jalapeño Popper Pizza', 'Classic Burger']);
    expect(await find('jalapenos', tools)).toEqual(['Jalapeño Popper Pizza', 'Classic Burger']);
    expect(await find('extra chese', tools)).toEqual(['Classic Burger']);
    expect(await find('large', tools)).toEqual(['Classic Burger', 'Plain Margherita']);
    expect(await find('olives', tools)).toEqual(['Plain Margherita']);
    expect(await find('margherita', tools)).toEqual(['Plain Margherita']);
    expect(await find('smoked', tools)).toEqual([]);

    // The triggers follow later writes: a value renamed, deleted, added; a price change keeps the names.
    const stamp = async () =>
      (
        await db
          .selectFrom('products')
          .select('option_names')
          .where('id', '=', idOf('Plain Margherita'))
          .executeTakeFirstOrThrow()
      ).option_names;
    await db.updateTable('option_values').set({ name: 'Kalamata olives' }).where('name', '=', 'Olives').execute();
    await db
      .updateTable('option_values')
      .set({ price_cents: asMinor(75) })
      .where('product_id', '=', idOf('Plain Margherita'))
      .execute();
    await db.deleteFrom('option_values').where('name', '=', 'Large').execute();
    await addOptions('Jalapeño Popper Pizza', ['Ranch dip']);
    expect(await stamp()).toBe('Large (14") Kalamata olives');
    tools = await readTools();
    expect(await find('kalamata', tools)).toEqual(['Plain Margherita']);
    expect(await find('large', tools)).toEqual(['Plain Margherita']);
    expect(await find('ranch', tools)).toEqual(['Jalapeño Popper Pizza']);
    // A dish's groups deleted take their values' words with them (the cascade runs the triggers).
    await db.deleteFrom('option_groups').where('product_id', '=', idOf('Classic Burger')).execute();
    tools = await readTools();
    expect(await find('extra', tools)).toEqual([]);
    expect(await find('jalapeño', tools)).toEqual(['Jalapeño Popper Pizza']);
    if (engine === 'sqlite')
      await sql`insert into products_fts (products_fts, rank) values ('integrity-check', 1)`.execute(db);

    // Down (through 0035 and 0023, which follow it): the search of before (names, categories,
    // ingredients), every dish still found by its own words. The index is asked directly: the
    // repository reads the newest layout.
    const indexFinds = async (word: string) => {
      const { rows } =
        engine === 'postgres'
          ? await sql<{
              id: number;
            }>`select id from products where search @@ to_tsquery('simple', ${`${word}:*`}) and removed_at is null order by id`.execute(
              db,
            )
          : await sql<{
              id: number;
            }>`select rowid as id from products_fts where products_fts match ${`"${word}"*`} order by rowid`.execute(
              db,
            );
      return rows
        .map((row) => dishes.find((dish) => dish.id === Number(row.id))?.name)
        .filter((name) => name !== 'Old Burger');
    };
    await searchWithoutInvisible.down(db as unknown as Kysely<unknown>);
    await menuInTwoLanguages.down(db as unknown as Kysely<unknown>);
    await optionSearch.down(db as unknown as Kysely<unknown>);
    expect(await indexFinds('kalamata')).toEqual([]);
    expect(await indexFinds('margherita')).toEqual(['Plain Margherita']);
    expect(await indexFinds('jalapeño')).toEqual(['Jalapeño Popper Pizza']);
    if (engine === 'sqlite')
      await sql`insert into products_fts (products_fts, rank) values ('integrity-check', 1)`.execute(db);
    // Up again: the options are indexed again.
    await optionSearch.up(db as unknown as Kysely<unknown>);
    await menuInTwoLanguages.up(db as unknown as Kysely<unknown>);
    await searchWithoutInvisible.up(db as unknown as Kysely<unknown>);
    tools = await readTools();
    expect(await find('kalamata', tools)).toEqual(['Plain Margherita']);
    expect(await find('ranch', tools)).toEqual(['Jalapeño Popper Pizza']);
  });
});
