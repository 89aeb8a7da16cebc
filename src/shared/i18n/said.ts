import { withoutPseudo } from './i18n.ts';
import type { Language } from '../i18n/languages.ts';
import { type MessageCode, type MessageValue, messageIn, type ValuesOf } from '../contract/errors.ts';

/**
 * The contract's schemas' messages by code (decision 064, addendum): a schema says
 * `said('mostCharacters', { v0: field, v1: max })` where it wrote `${field} must be at most ${max}
 * characters`. zod keeps only a message's text on its issue, so the text is the catalog's English
 * (what the answers and the tests have always said) and the code and values it was made from are
 * kept here, by that text, when it is made: the server's field answers (http/validation-language.ts)
 * and the staff forms' checks (client/lib/form-check.ts) write it again by its key in their
 * language. Nothing is parsed: a text that was not made here has no code.
 */
export interface Said {
  code: MessageCode;
  values?: Record<string, MessageValue>;
}

/**
 * The texts made, to their code and values. Most are made once, when a schema is built; the few
 * made while a value is checked (a duplicate group's name) are bounded, so that what people send
 * cannot grow it without end: past the bound such a text stays in English.
 */
const saidOf = new Map<string, Said>();
const MOST_KEPT = 20_000;

/** A code's English, its values as given (a number as its digits), kept with its code and values. */
export function said<C extends MessageCode>(code: C, ...values: ValuesOf<C>): string {
  const given = values[0] as Record<string, MessageValue> | undefined;
  const english = withoutPseudo(() => messageIn(code, given, 'en'));
  if (!saidOf.has(english) && saidOf.size < MOST_KEPT) saidOf.set(english, { code, values: given });
  return english;
}

/** The code and values a text was made from by `said`, if it was. */
export function saidCode(message: string): Said | undefined {
  return saidOf.get(message);
}

/**
 * A schema's message in `language`, written by its code (its field names through `plain`, as the
 * server's answers write them); undefined for a text `said` did not make.
 */
export function saidIn(
  message: string,
  language: Language,
  plain?: (value: string, language: Language) => string,
): string | undefined {
  const made = saidOf.get(message);
  return made && messageIn(made.code, made.values, language, plain);
}
