import { describe, expect, it } from 'vitest';
import {
  IN_CATEGORY,
  IN_ITEMS,
  IN_NAME,
  IN_OPTIONS,
  type IndexedWord,
  buildSearchIndex,
} from '../../../src/server/modules/catalog/search-index.ts';

/** A small menu as the database index holds it: each dish's words by column. */
const MENU: { id: number; name: string; category: string; items: string }[] = [
  { id: 1, name: 'Beef Burger', category: 'Burgers', items: 'beef bun cheddar' },
  { id: 2, name: 'Crispy Chicken Burger', category: 'Burgers', items: 'chicken bun slaw' },
  { id: 3, name: 'Chicken Curry', category: 'Curries', items: 'chicken rice' },
  { id: 4, name: 'Veggie Wrap', category: 'Wraps', items: 'tortilla beans cheddar' },
  { id: 5, name: 'Cheeseburger', category: 'Burgers', items: 'beef cheddar' },
  { id: 6, name: 'Burger Bowl', category: 'Bowls', items: 'beef rice' },
  { id: 7, name: 'Rice Pudding', category: 'Desserts', items: 'rice milk' },
];

function indexed(menu = MENU): IndexedWord[] {
  const words: IndexedWord[] = [];
  for (const dish of menu) {
    const columns = new Map<string, number>();
    const add = (text: string, bit: number) => {
      for (const word of text.toLowerCase().split(' ')) columns.set(word, (columns.get(word) ?? 0) | bit);
    };
    add(dish.name, IN_NAME);
    add(dish.category, IN_CATEGORY);
    add(dish.items, IN_ITEMS);
    for (const [word, bits] of columns)
      words.push({ word, dish: dish.id, nameLength: dish.name.length, columns: bits });
  }
  return words;
}

const names = (ids: number[]) => ids.map((id) => MENU.find((dish) => dish.id === id)?.name);

describe('the search index held in memory', () => {
  const index = buildSearchIndex(indexed());

  it.each<[string, string[][], string[]]>([
    // Name first (shorter names first), then name and category, then ingredients; menu order last.
    [
      'a word in names, categories and ingredients',
      [['burger']],
      ['Beef Burger', 'Burger Bowl', 'Crispy Chicken Burger', 'Cheeseburger'],
    ],
    ['a prefix', [['chick']], ['Chicken Curry', 'Crispy Chicken Burger']],
    ['an ingredient only', [['cheddar']], ['Beef Burger', 'Veggie Wrap', 'Cheeseburger']],
    [
      'a short prefix: every word it starts',
      [['ch']],
      ['Cheeseburger', 'Chicken Curry', 'Crispy Chicken Burger', 'Beef Burger', 'Veggie Wrap'],
    ],
    ['every term must match', [['chicken'], ['burg']], ['Crispy Chicken Burger']],
    [
      'a term in the name and one in the category: the middle group',
      [['beef'], ['burgers']],
      ['Beef Burger', 'Cheeseburger'],
    ],
    ['alternatives of one term: any of them', [['curry', 'wrap']], ['Veggie Wrap', 'Chicken Curry']],
    ['the group of the best column, per term', [['rice']], ['Rice Pudding', 'Burger Bowl', 'Chicken Curry']],
    ['no dish has it', [['sushi']], []],
    ['one term of two finds nothing', [['rice'], ['sushi']], []],
    ['a prefix longer than every word', [['burgerking']], []],
  ])('%s', (_label, terms, expected) => {
    expect(names(index.search(terms, 60))).toEqual(expected);
  });

  it('answers at most `limit` dishes, the best', () => {
    expect(names(index.search([['b']], 2))).toEqual(['Beef Burger', 'Burger Bowl']);
    expect(index.search([], 60)).toEqual([]);
  });

  it('counts a word once per dish, with every column it occurs in', () => {
    // The index may list a word of one dish once per column (as PostgreSQL's lexemes do not, but
    // FTS5's instances may): the columns add up.
    const split = buildSearchIndex([
      { word: 'rice', dish: 9, nameLength: 10, columns: IN_ITEMS },
      { word: 'rice', dish: 9, nameLength: 10, columns: IN_NAME },
      { word: 'rice', dish: 8, nameLength: 4, columns: IN_ITEMS },
    ]);
    expect(split.dishes).toBe(2);
    expect(split.search([['rice']], 60)).toEqual([9, 8]);
  });

  it("ranks a dish found through its option values' names after every dish whose own words hold the terms (decision 033)", () => {
    // 1 holds "bacon" in its name, 2 in its ingredients, 3 and 4 only as an option value; 5 has
    // "cheese" in its ingredients and "bacon" as an option; 6 has both in its options.
    const word = (text: string, dish: number, nameLength: number, columns: number): IndexedWord => ({
      word: text,
      dish,
      nameLength,
      columns,
    });
    const options = buildSearchIndex([
      word('bacon', 1, 18, IN_NAME | IN_OPTIONS),
      word('bacon', 2, 13, IN_ITEMS),
      word('bacon', 3, 21, IN_OPTIONS),
      word('bacon', 4, 5, IN_OPTIONS),
      word('bacon', 5, 4, IN_OPTIONS),
      word('cheese', 5, 4, IN_ITEMS),
      word('bacon', 6, 3, IN_OPTIONS),
      word('cheese', 6, 3, IN_OPTIONS),
      word('burger', 3, 21, IN_NAME),
      word('burger', 4, 5, IN_CATEGORY),
    ]);
    // Within the options' group shorter names first, as in every group.
    expect(options.search([['bacon']], 60)).toEqual([1, 2, 6, 5, 4, 3]);
    // A term in the name and one in the options: the options' group (the worst of the terms' groups).
    expect(options.search([['burger'], ['bacon']], 60)).toEqual([4, 3]);
    expect(options.search([['cheese'], ['bacon']], 60)).toEqual([6, 5]);
    expect(options.search([['bacon'], ['cheese']], 60)).toEqual([6, 5]);
  });
});
