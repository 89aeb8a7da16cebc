import { describe, expect, it } from 'vitest';
import { closestFirst } from '../../../src/server/modules/catalog/catalog.service.ts';
import {
  buildVocabulary,
  foldWord,
  similarity,
  singularsOf,
  trigrams,
  wordsOf,
} from '../../../src/server/modules/catalog/spelling.ts';

const MENU = [
  'Mexcan Cuisine',
  'Delish Burger',
  'Beef Burger',
  'Cheeseburger',
  'Pepperoni Pizza',
  'Pizza',
  'Tiramisù',
  'Dessert',
  'Berry Smoothie',
  'Fries',
  '["mozzarella","tomato sauce","basil"]',
];

describe('spelling: folding, trigrams and similarity (pg_trgm)', () => {
  it('folds case, accents and compatibility forms, and keeps decomposing scripts whole', () => {
    expect(foldWord('Tiramisù')).toBe('tiramisu');
    expect(foldWord('NIÇOISE')).toBe('nicoise');
    expect(foldWord('비빔밥')).toBe('비빔밥');
    expect(wordsOf('["beef patty","brioche bun"]')).toEqual(['beef', 'patty', 'brioche', 'bun']);
  });

  it('pads trigrams like pg_trgm and scores shared over all', () => {
    expect([...trigrams('cat')]).toEqual(['  c', ' ca', 'cat', 'at ']);
    expect(similarity('burger', 'burger')).toBe(1);
    expect(similarity('burgr', 'burger')).toBeCloseTo(4 / 9);
    expect(similarity('mexican', 'mexcan')).toBeCloseTo(5 / 10);
    expect(similarity('piza', 'pizza')).toBeCloseTo(4 / 7);
    expect(similarity('sushi', 'burger')).toBe(0);
  });

  it('offers the singulars a plural may stand for', () => {
    expect(singularsOf('burgers')).toEqual(['burger']);
    expect(singularsOf('pizzas')).toEqual(['pizza']);
    expect(singularsOf('berries')).toEqual(['berry', 'berri', 'berrie']);
    expect(singularsOf('glass')).toEqual([]);
    expect(singularsOf('bus')).toEqual([]);
  });
});

describe('spelling: the words a guest means', () => {
  const vocabulary = buildVocabulary(MENU);

  // word typed → what is searched instead
  const cases: [string, string[]][] = [
    ['burger', ['burger']], // exact: as typed
    ['bur', ['bur']], // a prefix is exact too
    ['tiramisu', ['tiramisù']], // the accent as the menu writes it
    ['tiramisù', ['tiramisù']],
    ['burgers', ['burger']],
    ['pizzas', ['pizza']],
    ['berries', ['berry']],
    ['burgr', ['burger']], // "cheeseburger" is too far (0.27)
    ['piza', ['pizza']],
    ['mexican', ['mexcan']],
    ['mexicans', ['mexcan']],
    ['sushi', ['sushi']], // nothing like it: searched as typed, and finds nothing
    ['zz', ['zz']], // too short to correct
  ];
  it.each(cases)('%s → %j', (typed, meant) => {
    expect(vocabulary.alternatives(typed)).toEqual(meant);
  });

  it('counts distinct folded words', () => {
    expect(buildVocabulary(['Ragù', 'ragu', 'RAGU']).size).toBe(1);
    // Written both ways on the menu: both prefixes are searched (an accent-keeping index needs both).
    expect(buildVocabulary(['Ragù', 'ragu']).alternatives('ragu').sort()).toEqual(['ragu', 'ragù']);
  });
});

describe('spelling: corrections in tiers, closest first (issue 41)', () => {
  const vocabulary = buildVocabulary([
    'Crispy Chicken Burger',
    'Chicken Burrito',
    'Chips and Guacamole',
    'Tortilla chips',
    'Ragù',
    'ragu',
  ]);

  it('puts the closest correction in the first tier: "chiken" means chicken before chips', () => {
    expect(similarity('chiken', 'chicken')).toBeGreaterThan(similarity('chiken', 'chips'));
    const tiers = vocabulary.tiers('chiken');
    expect(tiers[0]).toEqual(['chicken']);
    expect(tiers.flat()).toContain('chips');
    expect(tiers.flat()).toEqual(vocabulary.alternatives('chiken'));
  });

  it('keeps a word as typed, or written two ways, in one tier', () => {
    expect(vocabulary.tiers('chicken')).toEqual([['chicken']]);
    expect(vocabulary.tiers('ragu').map((tier) => [...tier].sort())).toEqual([['ragu', 'ragù']]);
  });

  it('orders the searches of several words by the sum of their tiers', () => {
    expect(closestFirst([[['a1'], ['a2']], [['b1']]])).toEqual([
      [['a1'], ['b1']],
      [['a2'], ['b1']],
    ]);
    expect(
      closestFirst([
        [['a1'], ['a2']],
        [['b1'], ['b2']],
      ]),
    ).toEqual([
      [['a1'], ['b1']],
      [['a1'], ['b2']],
      [['a2'], ['b1']],
      [['a2'], ['b2']],
    ]);
    expect(closestFirst([[['x']]])).toEqual([[['x']]]);
    // At most nine searches however many words are corrected.
    expect(closestFirst(Array.from({ length: 4 }, () => [['p'], ['q'], ['r']]))).toHaveLength(9);
  });
});
