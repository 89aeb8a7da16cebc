import type { Language } from '../i18n/languages.ts';
import { ACCESS_CODES } from './errors-access.ts';
import { BILLS_CODES } from './errors-bills.ts';
import { BOOKINGS_CODES } from './errors-bookings.ts';
import { FIELD_CODES } from './errors-fields.ts';
import { MENU_CODES } from './errors-menu.ts';
import { ORDERING_CODES } from './errors-ordering.ts';
import { SETTINGS_CODES } from './errors-settings.ts';

/**
 * The server's messages by code (decision 064): each code its catalog key, its English (what
 * `npm run i18n:extract` writes into en.json, and what an English answer says) and the values it
 * names. A service throws a code with its values (`conflict('soldOut', { names: dish })`); the
 * answer's `message` is written once, by key, in the requester's language (server/http/language.ts),
 * and a staff form that checks the same rule writes it by the same key. Nothing is read back from
 * English text. Keys are the catalogs' own (`server.soldOut`, `server.answer.noSuchBranch`), kept as
 * they were so the Bangla already written stays where it is.
 *
 * The table is kept by area, one file each (errors-access.ts, errors-ordering.ts, errors-bookings.ts,
 * errors-menu.ts, errors-bills.ts, errors-settings.ts, errors-fields.ts), and composed here.
 */
export const MESSAGES = {
  ...ACCESS_CODES,
  ...ORDERING_CODES,
  ...BOOKINGS_CODES,
  ...MENU_CODES,
  ...BILLS_CODES,
  ...SETTINGS_CODES,
  ...FIELD_CODES,
} as const;

/** The areas of MESSAGES, to check that no code is in two of them. */
interface Areas {
  access: typeof ACCESS_CODES;
  ordering: typeof ORDERING_CODES;
  bookings: typeof BOOKINGS_CODES;
  menu: typeof MENU_CODES;
  bills: typeof BILLS_CODES;
  settings: typeof SETTINGS_CODES;
  fields: typeof FIELD_CODES;
}
/** The codes found in more than one area: none. */
type CodesInTwoAreas = {
  [A in keyof Areas]: keyof Areas[A] & { [B in Exclude<keyof Areas, A>]: keyof Areas[B] }[Exclude<keyof Areas, A>];
}[keyof Areas];
/**
 * A code in two areas would silently lose one of its messages to the other (one object literal
 * refused a repeated key; spreads do not): the typecheck fails here, naming the code.
 */
type _OneAreaEach<C extends never = CodesInTwoAreas> = C;

/** A message's code: one of the catalog's messages of the server. */
export type MessageCode = keyof typeof MESSAGES;

/** Something the owner names in both languages (decision 047): `name_bn` empty or absent where none was written. */
export interface Named {
  name: string;
  name_bn?: string | null;
}

/**
 * Several named things in one value, written with a name in the answer's language
 * (decision 049): `(n) => soldOut.map(n).join(', ')`.
 */
export type Naming = (name: (thing: Named) => string) => string;

/** A value a message names: text, a number, a named thing (its name in the answer's language), or several. */
export type MessageValue = string | number | Named | Naming;

/** The values a code's message names, by placeholder (`{ names: … }` for "Sold out: {{names}}"). */
export type MessageValues<C extends MessageCode> =
  Parameters<(typeof MESSAGES)[C]> extends [Language, infer V] ? { [K in keyof V]: MessageValue } : undefined;

/** The values argument of a code: none for a message without placeholders, else its values. */
export type ValuesOf<C extends MessageCode> = MessageValues<C> extends undefined ? [] : [values: MessageValues<C>];

export function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(MESSAGES, code);
}

/** A named thing's name in `language`: the Bangla where the owner wrote one, else the English. */
export const nameIn = (language: Language) => (thing: Named) => (language === 'bn' && thing.name_bn) || thing.name;

/**
 * A code's message in `language`, its named things written in that language and its other values
 * through `plain` (the field names a message says, "price", are in the catalogs too).
 */
export function messageIn<C extends MessageCode>(
  code: C,
  values: MessageValues<C> | Record<string, MessageValue> | undefined,
  language: Language,
  plain: (value: string, language: Language) => string = (value) => value,
): string {
  const name = nameIn(language);
  const written: Record<string, string> = {};
  for (const [key, value] of Object.entries(values ?? {}) as [string, MessageValue][])
    written[key] =
      typeof value === 'function'
        ? value(name)
        : typeof value === 'object'
          ? name(value)
          : plain(String(value), language);
  return (MESSAGES[code] as (language: Language, values: Record<string, string>) => string)(language, written);
}
