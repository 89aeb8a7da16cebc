import { expect } from 'vitest';
import { createCatalogRepository } from '../../../src/server/modules/catalog/catalog.repository.ts';
import { SEARCH_RESULTS, searchTerms } from '../../../src/server/modules/catalog/search-reads.ts';
import { inOptions } from '../../../src/server/modules/catalog/catalog.service.ts';
import { buildSearchIndex } from '../../../src/server/modules/catalog/search-index.ts';
import { buildVocabulary } from '../../../src/server/modules/catalog/spelling.ts';
import { useTestApp } from '../../support/fixtures.ts';
import { asMinor } from '../../../src/shared/domain/money.ts';

const test = useTestApp();

test('the index held in memory finds what the SQL finds, in the same order (each engine its own tokenizer)', async ({
  t,
}) => {
  const { db, engine } = t.database;
  // Words with accents, a word shared by names, categories and ingredients, and a dish taken
  // off the menu (still in SQLite's index until rewritten); option values (the demo menu's and
  // these) whose words are also other dishes' names and ingredients, with accents, one renamed
  // and one deleted after they were indexed.
  const now = new Date().toISOString();
  const dish = {
    img: '/images/dishes/demo-tiramisu-640.webp',
    price: asMinor(9),
    reatings: 4.5,
    populler: 0,
    created_at: now,
  };
  const added = await db
    .insertInto('products')
    .values([
      { ...dish, name: 'Crème Brûlée', category: 'Italian Cuisine', items: '["Cream","Caramelised sugar"]' },
      { ...dish, name: 'Ragù alla Bolognese', category: 'Italian Cuisine', items: '["Beef","Tomato","Tagliatelle"]' },
      { ...dish, name: 'Italian Burger', category: 'Delish Burger', items: '["Mozzarella","Pesto","Beef patty"]' },
      { ...dish, name: 'Retired Chicken Special', category: 'Delish Burger', items: '["Chicken"]', removed_at: now },
    ])
    .returning(['id', 'name'])
    .execute();
  const idOf = (name: string) => added.find((row) => row.name === name)?.id as number;
  const options: [string, string[]][] = [
    ['Crème Brûlée', ['Crème fraîche', 'Brûlée torch', 'Pistachio']],
    ['Italian Burger', ['Extra mozzarella', 'Ragù topping', 'Jalapeños', 'Crème brûlée sauce']],
    ['Ragù alla Bolognese', ['Large', 'Burger bun']],
    ['Retired Chicken Special', ['Truffle']],
  ];
  for (const [name, values] of options) {
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
          price_cents: asMinor(100),
          is_default: 0,
          available: position % 2,
          prep_tenths: 0,
          allergens: '[]',
        })),
      )
      .execute();
  }
  await db.updateTable('option_values').set({ name: 'Pistachio crumble' }).where('name', '=', 'Pistachio').execute();
  await db.deleteFrom('option_values').where('name', '=', 'Burger bun').execute();

  const repository = createCatalogRepository(
    db,
    engine,
    t.database.engine === 'sqlite' ? t.database.native : undefined,
  );
  const indexed = await repository.menuIndex(10_000);
  if (!indexed) throw new Error('the menu is small: it must be indexed in memory');
  const index = buildSearchIndex(indexed);
  const vocabulary = buildVocabulary(await repository.menuWords());
  expect(await repository.menuIndex(index.dishes - 1)).toBeUndefined(); // a larger menu is left to the SQL

  const words = [...new Set(indexed.map((entry) => entry.word))];
  const texts = new Set<string>([
    ...words,
    ...words.flatMap((word) => [1, 2, 3, 4].map((length) => word.slice(0, length))),
    ...words.slice(0, 40).map((word, i) => `${word} ${words[(i * 7 + 3) % words.length]}`),
    ...[
      'burgr',
      'burgers',
      'piza',
      'pizzas',
      'tiramisù',
      'tirmisu',
      'Mexican',
      'chiken burgr',
      'creme brulee',
      'ragu',
      'RAGÙ',
      'italian burger',
      'beef tomato',
      'retired',
      'qqqzzz',
    ],
    ...[
      'extra cheese',
      'jalapeño',
      'jalapenos',
      'jalapenio',
      'large',
      'larg pizza',
      'creme fraiche',
      'fraîche',
      'pistachio crumble',
      'burger bun',
      'bun',
      'truffle',
      'mozzarella',
      'ragu topping',
      'sauce brulee',
    ],
  ]);
  // The options are in the index: a value's words find its dish, after what the dishes' own words find.
  const found = (text: string) =>
    index.search(
      searchTerms(text).map((word) => vocabulary.alternatives(word)),
      SEARCH_RESULTS,
    );
  expect(found('fraiche')).toEqual([idOf('Crème Brûlée')]);
  expect(found('pistachio crumble')).toEqual([idOf('Crème Brûlée')]);
  // "Ragù" in a name, then in the demo's ingredients ("Beef ragu"), then in a value only.
  const ragu = found('ragu');
  expect([ragu[0], ragu.at(-1)]).toEqual([idOf('Ragù alla Bolognese'), idOf('Italian Burger')]);
  expect(ragu.length).toBeGreaterThan(2);
  expect(found('brulee')).toEqual([idOf('Crème Brûlée'), idOf('Italian Burger')]);
  expect(found('burger bun')).not.toContain(idOf('Ragù alla Bolognese'));
  expect(found('truffle')).toEqual([]);
  // A large menu's SQL leaves out the options' group when no term can match an option value's word.
  const optionWords = await repository.optionWords();
  expect(optionWords).toEqual(
    expect.arrayContaining(
      engine === 'postgres' ? ['jalapeños', 'fraîche', 'crumble'] : ['jalapenos', 'fraiche', 'crumble'],
    ),
  );
  expect(optionWords).not.toContain('bolognese');
  let answered = 0;
  let withoutOptions = 0;
  for (const text of texts) {
    const terms = searchTerms(text).map((word) => vocabulary.alternatives(word));
    const fromMemory = index.search(terms, SEARCH_RESULTS);
    expect(fromMemory, text).toEqual(await repository.search(terms));
    if (!inOptions(optionWords, terms)) {
      withoutOptions += 1;
      expect(await repository.search(terms, false), text).toEqual(fromMemory);
    }
    if (fromMemory.length > 0) answered += 1;
  }
  expect(texts.size).toBeGreaterThan(500);
  expect(answered).toBeGreaterThan(400);
  expect(withoutOptions).toBeGreaterThan(200);
  // The words that do match through options are asked with the options' group.
  for (const text of ['fraiche', 'jalapeño', 'crumble', 'extra'])
    expect(
      inOptions(
        optionWords,
        searchTerms(text).map((word) => vocabulary.alternatives(word)),
      ),
      text,
    ).toBe(true);
});
