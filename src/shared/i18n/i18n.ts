import { type Language, isLanguage } from './languages.ts';

/**
 * The message catalogs (docs/decisions/045), in i18next's JSON format (nested keys, "{{name}}"
 * values) and written by its extractor (`npm run i18n:extract`, i18next-parser): `t(key,
 * english)` is how the code names a text, with its English beside it, which the extractor
 * writes into locales/en.json, adding the key to bn.json for the translator. Read here by a
 * lookup of a few lines: i18next's own runtime is 20 KB gzip, and `/` would go over its
 * 120 KB budget. English is the code's own (en.json is the same, checked by
 * tests/unit/languages/catalogs.test.ts), so nothing more ships for it; Bangla is its own chunk, loaded
 * before the first render of a page in Bangla (loadLanguage). The language of a call is the page's in
 * the browser, the request's on the server (setLanguageSource).
 */
type Values = Record<string, string | number>;
type Catalog = { [key: string]: string | Catalog };
const catalogs = new Map<Language, Catalog>();

function lookup(language: Language, key: string): string | undefined {
  let node: string | Catalog | undefined = catalogs.get(language);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' && node !== '' ? node : undefined;
}

/** Fills "{{name}}" with its value; a value not given stays "{{name}}" (as i18next leaves it). */
function fill(template: string, values: Values | undefined): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) =>
    values?.[name] === undefined ? all : String(values[name]),
  );
}

let pageLanguage: Language = 'en';
let source: () => Language = () => pageLanguage;
let pseudo = false;

/** The language texts come out in now. */
export function currentLanguage(): Language {
  return source();
}

/** The browser's page language (set once at start from `<html lang>`), or a test's. */
export function setPageLanguage(language: Language): void {
  pageLanguage = language;
}

/** On the server: where each call finds its request's language (an AsyncLocalStorage). */
export function setLanguageSource(next: () => Language): void {
  source = next;
}

/**
 * The pseudo-locale (tests): every catalog text comes out as "⟦Ŝîĝñ îñ⟧", so a text on screen
 * without the brackets did not come from the catalogs.
 */
export function setPseudoLocale(on: boolean): void {
  pseudo = on;
}

/** What `make` gives with the pseudo-locale off: the catalogs' own English (a message's template to match). */
export function withoutPseudo<T>(make: () => T): T {
  const was = pseudo;
  pseudo = false;
  try {
    return make();
  } finally {
    pseudo = was;
  }
}

/** Whether texts come out in the pseudo-locale (the server: I18N_PSEUDO=1, for the browser tests). */
export function isPseudoLocale(): boolean {
  return pseudo;
}

const PSEUDO: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'î',
  o: 'ö',
  u: 'ü',
  A: 'Á',
  E: 'É',
  I: 'Î',
  O: 'Ö',
  U: 'Ü',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  y: 'ý',
};

/** A text in the pseudo-locale: accented, in brackets; the {{values}} filled in stay as they are. */
export function pseudoText(template: string, values?: Record<string, string | number>): string {
  const parts = template
    .split(/(\{\{\w+\}\})/)
    .map((part) =>
      /^\{\{\w+\}\}$/.test(part)
        ? String(values?.[part.slice(2, -2)] ?? '')
        : part.replace(/[aeiouAEIOUcnsy]/g, (letter) => PSEUDO[letter] ?? letter),
    );
  return `⟦${parts.join('')}⟧`;
}

/** Loads a language's catalog (Bangla is a chunk of its own); English is always there. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || catalogs.has(language)) return;
  if (language === 'bn') catalogs.set('bn', (await import('./locales/bn.json')).default as Catalog);
}

/**
 * A text of the catalogs: `english` is its English (and what the extractor writes into
 * en.json); in the current language, or in `language` (the server's e-mails and messages).
 */
export function t(key: string, english: string, values?: Values, language: Language = currentLanguage()): string {
  if (pseudo) return pseudoText(english, values);
  return fill((isLanguage(language) && language !== 'en' ? lookup(language, key) : undefined) ?? english, values);
}
