import Negotiator from 'negotiator';
import { type Language, languageFromCookie, languageFromQuery } from '../../shared/i18n/languages.ts';

/**
 * Bangla when the browser's most wanted language is Bangla ("bn", "bn-BD"), else nothing: an
 * English `Accept-Language` is what nearly every browser sends, in Dhaka too, so it does not
 * overrule a restaurant that speaks Bangla by default (decision 045). The header is read by
 * `negotiator` (quality values, order, wildcards), not by hand.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language | undefined {
  // Most requests name no Bangla at all: no parse for them (the replay cache asks on every read).
  if (!header || !/bn/i.test(header)) return undefined;
  const top = new Negotiator({ headers: { 'accept-language': header } }).language();
  return top?.toLowerCase().split('-')[0] === 'bn' ? 'bn' : undefined;
}

/** What the request itself asks for (`?lang=`, the `lang` cookie, the browser), before the restaurant's default. */
export function requestedLanguage(request: {
  search?: string;
  cookie?: string;
  acceptLanguage?: string;
}): Language | undefined {
  return (
    languageFromQuery(request.search) ??
    languageFromCookie(request.cookie) ??
    languageFromAcceptLanguage(request.acceptLanguage)
  );
}
