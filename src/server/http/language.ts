import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPseudoLocale, loadLanguage, setPseudoLocale, withoutPseudo } from '../../shared/i18n/i18n.ts';
import type { Language } from '../../shared/i18n/languages.ts';
import { requestedLanguage } from './accept-language.ts';
import { valueIn } from '../../shared/i18n/field-names.ts';
import { type MessageCode, type MessageValue, messageIn, type ValuesOf } from '../../shared/contract/errors.ts';
import { saidIn } from '../../shared/i18n/said.ts';
import type { HttpError } from './errors.ts';
import { validationMessageIn } from './validation-language.ts';

/**
 * The server's side of Bangla and English (docs/reference/service.md, decision 045): the language of a request
 * (`?lang=`, the `lang` cookie, a browser asking for Bangla first, else the restaurant's
 * `language`), and the `message` of every error answer in it by its code (shared/contract/errors.ts, shared/i18n/said.ts).
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

const codedOf = new WeakMap<
  FastifyRequest,
  { message: string; code: MessageCode; values?: Record<string, unknown>; field?: string }
>();

/**
 * Kept by the error handler for a refusal with a code (decision 064): its code and values, which
 * the answer writes again by the code's catalog key in the requester's language (its dishes',
 * groups' and values' names in that language too, decision 049).
 */
export function rememberCode(request: FastifyRequest, error: HttpError): void {
  if (error.code !== undefined)
    codedOf.set(request, { message: error.message, code: error.code, values: error.values, field: error.field });
}

/**
 * A route's answer's message by its code (decision 064, addendum): `{ success: true, message:
 * answerMessage(request, 'tableHasBeenAdded'), data }`. Its text is the code's English; the answer
 * writes it again by the code's key in the requester's language, as a refusal's.
 */
export function answerMessage<C extends MessageCode>(request: FastifyRequest, code: C, ...values: ValuesOf<C>): string {
  const given = values[0] as Record<string, MessageValue> | undefined;
  const message = withoutPseudo(() => messageIn(code, given, 'en'));
  codedOf.set(request, { message, code, values: given });
  return message;
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
    if (coded?.message === message) {
      const written = messageIn(coded.code, coded.values as never, language, valueIn);
      return { ...payload, message: coded.field === undefined ? written : `${coded.field}: ${written}` };
    }
    // A schema's message by its code (said), zod's own in zod's locale; a text made by no code
    // (a provider's own words) as it is.
    const ours = validationMessageIn(request, language) ?? saidIn(message, language, valueIn);
    return ours === undefined ? payload : { ...payload, message: ours };
  });
}
