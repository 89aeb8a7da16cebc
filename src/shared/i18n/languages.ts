/**
 * The product's languages (docs/reference/service.md "Bangla and English", docs/decisions/045) and how a
 * request's language is chosen: `?lang=` (the hreflang alternates), then the guest's choice in
 * the header (the `lang` cookie), then a browser that asks for Bangla first (`Accept-Language`,
 * read on the server: src/server/http/accept-language.ts), then the restaurant's `language`
 * setting. Pure: the server, the replay cache and the browser share it.
 */
export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The cookie the header's "English" / "বাংলা" switch writes. */
export const LANGUAGE_COOKIE = 'lang';
/** The query parameter of a page's other-language address (`?lang=bn`). */
export const LANGUAGE_PARAM = 'lang';
/** Each language's own name, as the switch shows it (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', bn: 'বাংলা' };
/** The `Intl` locale of each language: bn-BD writes "৳১,৫০০.০০" with Bengali digits. */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-US', bn: 'bn-BD' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The `lang` cookie's value in a Cookie header, if it names a language. */
export function languageFromCookie(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const match = /(?:^|;\s*)lang=([^;]*)/.exec(header);
  const value = match?.[1]?.trim();
  return isLanguage(value) ? value : undefined;
}

/** `?lang=` in a URL's query string (with or without "?"), if it names a language. */
export function languageFromQuery(search: string | undefined): Language | undefined {
  if (!search) return undefined;
  const value = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get(LANGUAGE_PARAM);
  return isLanguage(value) ? value : undefined;
}
