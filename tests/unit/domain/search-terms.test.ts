import { describe, expect, it } from 'vitest';
import { searchTerms } from '../../../src/server/modules/catalog/search-reads.ts';

describe('searchTerms', () => {
  it('keeps letters and digits of any script, lower-cased, and drops full-text syntax', () => {
    expect(searchTerms('Chicken BURG')).toEqual(['chicken', 'burg']);
    expect(searchTerms('"burger" OR *pizza* NEAR(a b)')).toEqual(['burger', 'or', 'pizza', 'near', 'a', 'b']);
    expect(searchTerms("'; DROP TABLE products; --")).toEqual(['drop', 'table', 'products']);
    expect(searchTerms('Ñoño straße 🍔')).toEqual(['ñoño', 'straße']);
    expect(searchTerms('   ')).toEqual([]);
  });

  it('caps the number of words', () => {
    expect(searchTerms('a b c d e f g h i j k').length).toBeLessThanOrEqual(8);
  });
});
