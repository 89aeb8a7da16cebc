import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, requestedLanguage } from '../../../src/server/http/accept-language.ts';

/**
 * A browser's Accept-Language (decision 045): Bangla only when it is the most wanted language, by
 * quality value and then by order; English or anything else leaves the restaurant's default.
 */
describe('Accept-Language', () => {
  it('is Bangla when Bangla is wanted most', () => {
    expect(languageFromAcceptLanguage('bn')).toBe('bn');
    expect(languageFromAcceptLanguage('bn-BD,bn;q=0.9,en;q=0.5')).toBe('bn');
    expect(languageFromAcceptLanguage('en;q=0.4, BN-bd;q=0.8')).toBe('bn');
  });

  it('is nothing when another language is wanted as much or more', () => {
    expect(languageFromAcceptLanguage('en-US,en;q=0.9,bn;q=0.8')).toBeUndefined();
    expect(languageFromAcceptLanguage('en, bn')).toBeUndefined();
    expect(languageFromAcceptLanguage('bn;q=0, en')).toBeUndefined();
    expect(languageFromAcceptLanguage('bnx-XX')).toBeUndefined();
    expect(languageFromAcceptLanguage('*')).toBeUndefined();
    expect(languageFromAcceptLanguage('')).toBeUndefined();
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
  });

  it('comes after ?lang= and the lang cookie', () => {
    expect(requestedLanguage({ search: 'lang=en', cookie: 'lang=bn', acceptLanguage: 'bn' })).toBe('en');
    expect(requestedLanguage({ cookie: 'theme=dark; lang=en', acceptLanguage: 'bn' })).toBe('en');
    expect(requestedLanguage({ acceptLanguage: 'bn-BD' })).toBe('bn');
  });
});
