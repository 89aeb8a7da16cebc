/**
 * The demo menu's search words for the API bench (issue 59 point 1): in both languages, as typed
 * and misspelt. Each query is a path with its language (`lang=bn` for the Bangla words), so a
 * Bangla word is searched as a guest reading the Bangla menu searches it.
 */
import { DEMO_CATEGORIES, DEMO_MENU } from '../../src/server/db/seed/demo-menu.ts';
import { DEMO_CATEGORIES_BN, DEMO_DISHES_BN, DEMO_INGREDIENTS_BN } from '../../src/server/db/seed/demo-menu-bangla.ts';

/** One search as the bench sends it: its words and the menu's language. */
export interface SearchQuery {
  text: string;
  language: 'en' | 'bn';
}

/** The distinct words (3 letters or more, marks included: Bangla's vowel signs) of some texts. */
function wordsOf(texts: string[]): string[] {
  return [...new Set(texts.flatMap((t) => t.toLowerCase().match(/[\p{L}\p{M}]{3,}/gu) ?? []))];
}

/** The demo menu's words in English (names, ingredients, categories) and in Bangla (the same). */
export function demoMenuWords(): { latin: string[]; bangla: string[] } {
  return {
    latin: wordsOf([...DEMO_MENU.flatMap((d) => [d.name, ...d.items]), ...DEMO_CATEGORIES]),
    bangla: wordsOf([
      ...Object.values(DEMO_CATEGORIES_BN),
      ...Object.values(DEMO_DISHES_BN).map((d) => d.name),
      ...Object.values(DEMO_INGREDIENTS_BN),
    ]),
  };
}

/** A hurried guest's word: a letter dropped from the middle, or a plural (by code points: Bangla's too). */
export function misspelt(words: string[]): string[] {
  return words
    .map((word) => [...word])
    .filter((letters) => letters.length >= 5)
    .map((letters, i) =>
      i % 2 === 0
        ? [...letters.slice(0, letters.length >> 1), ...letters.slice((letters.length >> 1) + 1)].join('')
        : `${letters.join('')}s`,
    );
}

/** Every word of both languages, as written and misspelt, each searched in its language. */
export function bothLanguages(): SearchQuery[] {
  const { latin, bangla } = demoMenuWords();
  return [
    ...[...latin, ...misspelt(latin)].map((text) => ({ text, language: 'en' as const })),
    ...[...bangla, ...misspelt(bangla)].map((text) => ({ text, language: 'bn' as const })),
  ];
}

/**
 * Typos no guest typed before: each word of both languages with one letter dropped, doubled or
 * swapped with the next, at every place, each searched on the menu in either language (the
 * Bangla menu's search finds the English names too). More different searches than the server
 * keeps answers for (1,000 answers, 5,000 replayed URLs), taken in turn: each is searched anew,
 * so this measures the search itself, not the kept answers.
 */
export function freshTypos(): SearchQuery[] {
  const { latin, bangla } = demoMenuWords();
  const variants = (word: string): string[] => {
    const letters = [...word];
    const out: string[] = [];
    for (let i = 1; i < letters.length - 1; i += 1) {
      out.push([...letters.slice(0, i), ...letters.slice(i + 1)].join(''));
      out.push([...letters.slice(0, i + 1), ...letters.slice(i)].join(''));
      out.push([...letters.slice(0, i), letters[i + 1], letters[i], ...letters.slice(i + 2)].join(''));
    }
    return out;
  };
  const seen = new Set<string>();
  const queries: SearchQuery[] = [];
  for (const word of [...latin, ...bangla]) {
    for (const text of variants(word)) {
      if (seen.has(text)) continue;
      seen.add(text);
      queries.push({ text, language: 'en' }, { text, language: 'bn' });
    }
  }
  return queries;
}

/** The search's path for each query in turn. */
export function rotatingSearches(queries: SearchQuery[]): () => string {
  let i = 0;
  return () => {
    const query = queries[i % queries.length] as SearchQuery;
    i += 1;
    const lang = query.language === 'bn' ? '&lang=bn' : '';
    return `/api/v1/allProductsData/searchData/?searchText=${encodeURIComponent(query.text)}${lang}`;
  };
}
