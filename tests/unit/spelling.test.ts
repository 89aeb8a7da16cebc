import { describe, expect, it } from 'vitest';
import { buildVocabulary, foldWord, similarity, singularsOf, trigrams, wordsOf } from '../../src/server/modules/catalog/spelling.ts';

const MENU = ['Mexcan Cuisine', 'Delish Burger', 'Beef Burger', 'Cheeseburger', 'Pepperoni Pizza', 'Pizza', 'Tiramisù', 'Dessert', 'Berry Smoothie', 'Fries', '["mozzarella","tomato sauce","basil"]'];

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
