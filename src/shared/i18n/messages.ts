import { isPseudoLocale, withoutPseudo } from './i18n.ts';
import type { Language } from './languages.ts';
import { MESSAGES } from '../contract/errors.ts';
import { FIELD_NAMES } from './field-names.ts';

/**
 * The messages of the server and of the contract's schemas in a language (decisions 045, 049):
 * they stay written in English where they are made; each is matched against the catalog's
 * English templates ("Choose {{group}} for {{dish}}") and written again in the language. The
 * server writes its answers' `message` so (http/language.ts); the staff forms that check with
 * the contract's schemas write their problems so (client/lib/form-check.ts): one list for both.
 */

type Message = (language: Language, values?: Record<string, string>) => string;

interface Compiled {
  pattern: RegExp;
  names: string[];
  message: Message;
  /** How many characters of its own (not values) the template has. */
  own: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let compiled: Compiled[] | undefined;
/**
 * Each message's English template (a missing value stays "{{name}}") made a pattern, once; the
 * most specific first (the most words of its own), so "partySize must be at most {{max}}: for a
 * bigger party, please call us" is found before "{{v0}} must be at most {{v1}}".
 */
function patterns(): Compiled[] {
  compiled ??= (Object.values(MESSAGES) as Message[])
    .map((message) => {
      // The English as written, also in the pseudo-locale (whose texts are "⟦…⟧").
      const template = withoutPseudo(() => message('en'));
      const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] as string);
      const parts = template.split(/\{\{\w+\}\}/);
      return {
        pattern: new RegExp(`^${parts.map(escapeRegExp).join('(.+?)')}$`, 's'),
        names,
        message,
        own: parts.join('').length,
      };
    })
    .sort((a, b) => b.own - a.own);
  return compiled;
}

let fieldNames: Map<string, (language: Language) => string> | undefined;
/** A value that names a field ("price") in `language`; any other value as it is. */
export function valueIn(value: string, language: Language): string {
  fieldNames ??= new Map(FIELD_NAMES.map((name) => [withoutPseudo(() => name('en')), name]));
  return fieldNames.get(value)?.(language) ?? value;
}

function translateWhole(message: string, language: Language): string | undefined {
  for (const { pattern, names, message: write } of patterns()) {
    const match = pattern.exec(message);
    if (match)
      return write(
        language,
        Object.fromEntries(names.map((name, index) => [name, valueIn(match[index + 1] ?? '', language)])),
      );
  }
  return undefined;
}

/**
 * A server message in `language`: the catalog's when the message is one of them (a field's
 * message too, "partySize: must be a whole number", its field name kept), else as it is.
 */
export function translateMessage(message: string, language: Language): string {
  if (language === 'en' && !isPseudoLocale()) return message;
  const whole = translateWhole(message, language);
  if (whole !== undefined) return whole;
  const field = /^([\w.[\]-]+): (.+)$/s.exec(message);
  const rest = field ? translateWhole(field[2] as string, language) : undefined;
  return field && rest !== undefined ? `${field[1]}: ${rest}` : message;
}
