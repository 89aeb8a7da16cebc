/**
 * The forgiving part of the menu search, as pure functions: the words of the menu (its
 * vocabulary) and, for a word a guest typed that no dish word starts with, the menu words they
 * most likely meant: a plural folded to its singular ("burgers" → "burger", "pizzas" → "pizza")
 * or a word of similar spelling by trigram similarity ("burgr" → "burger", "piza" → "pizza",
 * "Mexican" → the spec's "Mexcan"). Accents never matter ("tiramisu" finds "Tiramisù").
 *
 * Trigrams are those of PostgreSQL's pg_trgm (the word padded with two spaces before and one
 * after), and similarity is theirs too: shared trigrams / all distinct trigrams of both words.
 */

/** Below this similarity a word is not taken for another (pg_trgm's default threshold). */
export const SIMILARITY_THRESHOLD = 0.3;
/** At most this many menu words stand in for one misspelt word, the most similar first. */
export const MAX_CORRECTIONS = 3;
/** At most this many written forms of one typed prefix (accented and not). */
const MAX_WRITTEN_FORMS = 4;
/** Words shorter than this are not corrected: two letters look like too many words. */
const MIN_CORRECTABLE_LENGTH = 3;

/**
 * Accents: the combining diacritical marks (é is e and U+0301), not every mark. The vowel signs
 * of Bengali (ি, া, ু…) and other Indic scripts are marks too, but letters of their words:
 * "বিরিয়ানি" without them would be "বরযন" (decision 045).
 */
// eslint-disable-next-line no-misleading-character-class -- marks listed on purpose: the blocks of combining accents
const ACCENTS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+/g;

/**
 * Bangla as it is often typed: a long vowel for a short one (ী/ি, ূ/ু), the three s's (শ ষ স),
 * the two n's (ণ ন), khanda ta (ৎ) for ত, and the chandrabindu left out; folded alike, as
 * accents are in English.
 */
const BANGLA_FOLDS: Record<string, string> = {
  'ী': 'ি',
  'ূ': 'ু',
  ঈ: 'ই',
  ঊ: 'উ',
  শ: 'স',
  ষ: 'স',
  ণ: 'ন',
  ৎ: 'ত',
  'ঁ': '',
};
const BANGLA_FOLDED = new RegExp(Object.keys(BANGLA_FOLDS).join('|'), 'g');

/** Lower case, accents removed, Bangla's usual variants folded, compatibility forms folded. */
export function foldWord(word: string): string {
  // Recomposed after the accents go, so scripts whose letters decompose (Hangul) stay whole.
  return word
    .normalize('NFKD')
    .replace(ACCENTS, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(BANGLA_FOLDED, (letter) => BANGLA_FOLDS[letter] ?? letter);
}

/**
 * Invisible characters a keyboard or a paste leaves inside a word: zero-width space, soft hyphen,
 * the joiners of Bangla keyboards (ZWJ, ZWNJ), direction marks, variation selectors (the
 * Default_Ignorable_Code_Point ones of the Basic Multilingual Plane). The index reads the menu
 * without them (migration 0035, whose frozen list a unit test holds equal to this one).
 */
export const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- invisible characters listed on purpose, to be removed
  /[\u00ad\u034f\u061c\u115f-\u1160\u17b4-\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/g;

/** The words of a text as the search sees them: letters, their marks and digits of any script, lower-cased; invisible characters dropped ("bur\u200Bger" is "burger"). */
export function wordsOf(text: string): string[] {
  return (
    text
      .replace(INVISIBLE, '')
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []
  );
}

/** The distinct trigrams of a folded word, pg_trgm style. */
export function trigrams(folded: string): Set<string> {
  const padded = `  ${folded} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i += 1) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** pg_trgm's similarity of two folded words, 0 to 1. */
export function similarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared += 1;
  return shared / (x.size + y.size - shared);
}

/** The singular forms a folded word may be the plural of, most likely first. */
export function singularsOf(folded: string): string[] {
  const forms: string[] = [];
  if (folded.length > 4 && folded.endsWith('ies')) forms.push(`${folded.slice(0, -3)}y`);
  if (folded.length > 3 && folded.endsWith('es')) forms.push(folded.slice(0, -2));
  if (folded.length > 3 && folded.endsWith('s') && !folded.endsWith('ss')) forms.push(folded.slice(0, -1));
  return forms;
}

/** The position in sorted `words` of the first word not before `prefix` (binary search): the words it starts follow. */
export function firstNotBefore(words: readonly string[], prefix: string): number {
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((words[middle] as string) < prefix) low = middle + 1;
    else high = middle;
  }
  return low;
}

export interface Vocabulary {
  /** How many distinct words the menu holds. */
  readonly size: number;
  /**
   * What to search for in place of a typed word: the word itself when some menu word starts
   * with it (an exact match, the usual case), else the menu words meant (singulars first, then
   * similar spellings), else the word itself (which then finds nothing, as it should).
   */
  alternatives(word: string): string[];
  /**
   * The same alternatives in tiers, closest first: one tier for a word as typed or its
   * singulars (each tier's words are equally meant: the written forms of one word, "ragù" and
   * "ragu"), one tier per corrected spelling, most similar first ("chiken" → [chicken], [chips]).
   * `alternatives(word)` is their concatenation.
   */
  tiers(word: string): string[][];
}

/** The vocabulary of the given texts (dish names, categories, ingredients). */
export function buildVocabulary(texts: Iterable<string>): Vocabulary {
  // folded form → the words as written (several written forms may fold alike: "ragù", "ragu").
  const written = new Map<string, Set<string>>();
  for (const text of texts) {
    for (const word of wordsOf(text)) {
      const folded = foldWord(word);
      let forms = written.get(folded);
      if (!forms) written.set(folded, (forms = new Set()));
      forms.add(word);
    }
  }
  const sorted = [...written.keys()].sort();
  const byTrigram = new Map<string, string[]>();
  /** How many distinct trigrams each word has (the similarity's denominator needs it per candidate). */
  const gramCount = new Map<string, number>();
  for (const folded of sorted) {
    const grams = trigrams(folded);
    gramCount.set(folded, grams.size);
    for (const gram of grams) {
      let words = byTrigram.get(gram);
      if (!words) byTrigram.set(gram, (words = []));
      words.push(folded);
    }
  }

  function startsAWord(prefix: string): boolean {
    const at = firstNotBefore(sorted, prefix);
    return at < sorted.length && (sorted[at] as string).startsWith(prefix);
  }

  /**
   * The prefix as the menu writes it: the typed text matches "Tiramisù" with or without its
   * accent, but an index that keeps accents (PostgreSQL's) needs the written form. Usually one
   * form; more when the menu writes the same letters with and without accents.
   */
  function writtenPrefixes(folded: string): string[] {
    const prefixes = new Set<string>();
    for (
      let at = firstNotBefore(sorted, folded);
      at < sorted.length && (sorted[at] as string).startsWith(folded);
      at += 1
    ) {
      for (const form of written.get(sorted[at] as string) ?? []) {
        prefixes.add(form.slice(0, folded.length));
        if (prefixes.size >= MAX_WRITTEN_FORMS) return [...prefixes];
      }
    }
    return [...prefixes];
  }

  function similarWords(folded: string): string[] {
    const grams = trigrams(folded);
    const shared = new Map<string, number>();
    for (const gram of grams)
      for (const word of byTrigram.get(gram) ?? []) shared.set(word, (shared.get(word) ?? 0) + 1);
    const scored: { word: string; score: number }[] = [];
    for (const [word, count] of shared) {
      // similarity(), from the shared counts: no trigram set is built per candidate.
      const score = count / (grams.size + (gramCount.get(word) ?? 0) - count);
      if (score >= SIMILARITY_THRESHOLD) scored.push({ word, score });
    }
    // Most similar first; on a tie the shorter word, then the alphabet, so the answer is stable.
    scored.sort((a, b) => b.score - a.score || a.word.length - b.word.length || (a.word < b.word ? -1 : 1));
    return scored.slice(0, MAX_CORRECTIONS).map((s) => s.word);
  }

  function tiers(word: string): string[][] {
    const folded = foldWord(word);
    if (folded === '') return [[word]];
    if (startsAWord(folded)) return [writtenPrefixes(folded)];
    const singulars = singularsOf(folded).filter(startsAWord);
    if (singulars.length > 0) return [singulars.flatMap(writtenPrefixes)];
    if (folded.length < MIN_CORRECTABLE_LENGTH) return [[word]];
    const similar = similarWords(folded);
    return similar.length > 0 ? similar.map((w) => [...(written.get(w) ?? [w])]) : [[word]];
  }

  return {
    size: sorted.length,
    alternatives: (word: string): string[] => tiers(word).flat(),
    tiers,
  };
}
