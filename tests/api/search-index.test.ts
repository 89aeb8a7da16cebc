import { expect } from 'vitest';
import { SEARCH_RESULTS, createCatalogRepository, searchTerms } from '../../src/server/modules/catalog/catalog.repository.ts';
import { buildSearchIndex } from '../../src/server/modules/catalog/search-index.ts';
import { buildVocabulary } from '../../src/server/modules/catalog/spelling.ts';
import { useTestApp } from '../support/fixtures.ts';

const test = useTestApp();

test('the index held in memory finds what the SQL finds, in the same order (each engine its own tokenizer)', async ({ t }) => {
  const { db, engine } = t.database;
  // Words with accents, a word shared by names, categories and ingredients, and a dish taken
  // off the menu (still in SQLite's index until rewritten).
  const now = new Date().toISOString();
  const dish = { img: '/images/dishes/demo-tiramisu-640.webp', price: 9, reatings: 4.5, populler: 0, created_at: now };
  await db
    .insertInto('products')
    .values([
      { ...dish, name: 'Crème Brûlée', category: 'Italian Cuisine', items: '["Cream","Caramelised sugar"]' },
      { ...dish, name: 'Ragù alla Bolognese', category: 'Italian Cuisine', items: '["Beef","Tomato","Tagliatelle"]' },
      { ...dish, name: 'Italian Burger', category: 'Delish Burger', items: '["Mozzarella","Pesto","Beef patty"]' },
      { ...dish, name: 'Retired Chicken Special', category: 'Delish Burger', items: '["Chicken"]', removed_at: now },
    ])
    .execute();

  const repository = createCatalogRepository(db, engine, t.database.engine === 'sqlite' ? t.database.native : undefined);
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
    ...['burgr', 'burgers', 'piza', 'pizzas', 'tiramisù', 'tirmisu', 'Mexican', 'chiken burgr', 'creme brulee', 'ragu', 'RAGÙ', 'italian burger', 'beef tomato', 'retired', 'qqqzzz'],
  ]);
  let found = 0;
  for (const text of texts) {
    const terms = searchTerms(text).map((word) => vocabulary.alternatives(word));
    const fromMemory = index.search(terms, SEARCH_RESULTS);
    expect(fromMemory, text).toEqual(await repository.search(terms));
    if (fromMemory.length > 0) found += 1;
  }
  expect(texts.size).toBeGreaterThan(500);
  expect(found).toBeGreaterThan(400);
});
