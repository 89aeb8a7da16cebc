import { describe, expect, it } from 'vitest';
import { oldestFirst } from '../../../src/server/http/oldest-first.ts';

/**
 * A bounded map's eviction (src/server/http/oldest-first.ts) removes what
 * `map.delete(map.keys().next().value)` removes, the oldest entry still there, whatever was
 * deleted, set again or cleared in between.
 */
describe('oldestFirst', () => {
  it('evicts in insertion order, as a fresh iterator would, through deletes, sets again and clears', () => {
    const kept = new Map<string, number>();
    const plain = new Map<string, number>();
    const oldest = oldestFirst(kept);
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 16807) % 2147483647;
      return seed % n;
    };
    for (let step = 0; step < 5_000; step += 1) {
      const roll = random(100);
      const key = `k${random(300)}`;
      if (roll < 60) {
        for (const map of [kept, plain]) map.set(key, step);
      } else if (roll < 75) {
        for (const map of [kept, plain]) map.delete(key);
      } else if (roll < 99) {
        oldest.evict();
        const first = plain.keys().next();
        if (first.done !== true) plain.delete(first.value);
      } else {
        oldest.clear();
        plain.clear();
      }
      expect([...kept]).toEqual([...plain]);
    }
  });

  it('does nothing to an empty map, and starts again once it has run out', () => {
    const map = new Map<number, string>();
    const oldest = oldestFirst(map);
    oldest.evict();
    expect(map.size).toBe(0);
    map.set(1, 'a').set(2, 'b');
    oldest.evict();
    oldest.evict();
    oldest.evict();
    map.set(3, 'c').set(4, 'd');
    oldest.evict();
    expect([...map.keys()]).toEqual([4]);
  });
});
