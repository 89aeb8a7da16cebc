import { firstNotBefore } from './spelling.ts';

/** At most this many searches answer one text with corrected words (the closest combinations). */
const MAX_CORRECTED_QUERIES = 9;

/**
 * The searches for words given as tiers of alternatives (spelling.ts `tiers`), closest first:
 * every combination of one tier per word, by the sum of the tiers' ranks (then the first
 * word's rank first), at most MAX_CORRECTED_QUERIES. Words as typed have one tier: one search.
 */
export function closestFirst(tiersPerWord: readonly (readonly string[][])[]): string[][][] {
  let combos: { ranks: number[]; terms: string[][] }[] = [{ ranks: [], terms: [] }];
  for (const tiers of tiersPerWord) {
    const next: { ranks: number[]; terms: string[][] }[] = [];
    for (const combo of combos)
      tiers.forEach((tier, rank) => next.push({ ranks: [...combo.ranks, rank], terms: [...combo.terms, tier] }));
    const sum = (ranks: number[]) => ranks.reduce((a, b) => a + b, 0);
    next.sort((a, b) => sum(a.ranks) - sum(b.ranks) || compareRanks(a.ranks, b.ranks));
    combos = next.slice(0, MAX_CORRECTED_QUERIES);
  }
  return combos.map((combo) => combo.terms);
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return 0;
}

/**
 * Whether some term may match through an option value's name: one of its alternatives starts
 * one of `optionWords` (the index's words, as the alternatives are). When none does, the SQL
 * leaves out its last group, which would find only what the group before it finds.
 */
export function inOptions(optionWords: readonly string[], terms: readonly (readonly string[])[]): boolean {
  return terms.some((alternatives) =>
    alternatives.some((prefix) => {
      const at = firstNotBefore(optionWords, prefix);
      return at < optionWords.length && (optionWords[at] as string).startsWith(prefix);
    }),
  );
}
