import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPseudoLocale, loadLanguage, setPseudoLocale } from '../../shared/i18n/i18n.ts';
import type { Language } from '../../shared/i18n/languages.ts';
import { requestedLanguage } from './accept-language.ts';
import { translateMessage, valueIn } from '../../shared/i18n/messages.ts';
import { type MessageCode, messageIn } from '../../shared/contract/errors.ts';
import type { HttpError } from './errors.ts';
import { validationMessageIn } from './validation-language.ts';

/**
 * The server's side of Bangla and English (docs/reference/service.md, decision 045): the language of a request
 * (`?lang=`, the `lang` cookie, a browser asking for Bangla first, else the restaurant's
 * `language`), and the `message` of every error answer in it (shared/i18n/messages.ts).
 */

/** What a request asks for itself (`?lang=`, the cookie, a browser asking for Bangla first), if anything. */
export function askedLanguage(request: FastifyRequest): Language | undefined {
  const query = request.url.indexOf('?');
  return requestedLanguage({
    search: query >= 0 ? request.url.slice(query + 1) : '',
    cookie: request.headers.cookie,
    acceptLanguage: request.headers['accept-language'],
  });
}

const codedOf = new WeakMap<FastifyRequest, { message: string; code: MessageCode; values?: Record<string, unknown> }>();

/**
 * Kept by the error handler for a refusal with a code (decision 064): its code and values, which
 * the answer writes again by the code's catalog key in the requester's language (its dishes',
 * groups' and values' names in that language too, decision 049).
 */
export function rememberCode(request: FastifyRequest, error: HttpError): void {
  if (error.code !== undefined)
    codedOf.set(request, { message: error.message, code: error.code, values: error.values });
}

/** The language of a request (decision 045): at once when the request names it or the restaurant's settings are held, else once they are read. */
export type LanguageOf = (request: FastifyRequest) => Language | Promise<Language>;

/** The language of a request, the restaurant's default last. */
export function languageOfRequest(request: FastifyRequest, restaurantDefault: Language | undefined): Language {
  return askedLanguage(request) ?? restaurantDefault ?? 'en';
}

/**
 * Every answer's `message` (`{ success: false, message }` from the error handler or a route, and
 * the few answers that say what was done, "Table reserved!") is in the requester's language.
 * `restaurantDefault` is read only for answers with a message.
 */
export function translateErrorAnswers(
  app: FastifyInstance,
  restaurantDefault: () => Promise<Language | undefined>,
): void {
  // The browser tests' pseudo-locale (I18N_PSEUDO=1): the pages and the messages in ⟦brackets⟧.
  if (process.env.I18N_PSEUDO === '1') setPseudoLocale(true);
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const { message } = payload as { message?: unknown };
    if (typeof message !== 'string') return payload;
    const language = languageOfRequest(request, await restaurantDefault().catch(() => undefined));
    if (language === 'en' && !isPseudoLocale()) return payload;
    await loadLanguage(language);
    const coded = codedOf.get(request);
    if (coded?.message === message)
      return { ...payload, message: messageIn(coded.code, coded.values as never, language, valueIn) };
    return { ...payload, message: validationMessageIn(request, language) ?? translateMessage(message, language) };
  });
}
