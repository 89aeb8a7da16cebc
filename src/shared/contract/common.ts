import { z } from 'zod';
import { type Minor, toMajor, toMinor } from '../domain/money.ts';
import { said } from '../i18n/said.ts';

/**
 * What every call shares (docs/reference/design.md "The contract", docs/reference/operations.md conventions): the error
 * answer, the `{ data: [...] }` list wrapper, the `{ success: true, message, data }` change
 * answer, and the one rule for a record id in a path.
 */

/** The error answer of every call. */
const errorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
});

/** The 4xx answers a route may give, for its `response` schema (each documented in OpenAPI). */
export function errorResponses<const S extends readonly (400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 502)[]>(
  ...statuses: S
) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse])) as {
    [K in S[number]]: typeof errorResponse;
  };
}

/** `{ data: [...] }`, the shape of every list (docs/reference/storefront.md §7). */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item) });
}

/** `{ success: true, message, data }`, the answer of a change. */
export function changed<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}
/** The type of such an answer, for a client's call. */
export interface Changed<T> {
  success: true;
  message: string;
  data: T;
}
/** What every change answers, whatever it carries besides (a guest's record change: the record). */
export type ChangeResponse = Omit<Changed<unknown>, 'data'>;

/** PostgreSQL's integer: ids beyond it cannot exist. */
const MAX_RECORD_ID = 2_147_483_647;
const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** A record or dish id given as text ("12") or a number (12); null when it cannot be one. */
export function parseRecordId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!ID_PATTERN.test(text)) return null;
  const id = Number(text);
  return id <= MAX_RECORD_ID ? id : null;
}

/**
 * The one rule for an id, in a path or a body: a positive whole number (as text or a
 * number) is parsed to a number; anything else is a 400 naming the field. Whether a
 * record has that id is the route's question (404).
 */
export function recordId(field: string) {
  return z
    .union([z.string().max(32), z.number()], {
      error: (issue) =>
        issue.input === undefined ? said('required', { v0: field }) : said('positiveWholeNumber', { v0: field }),
    })
    .transform((value, ctx) => {
      const id = parseRecordId(value);
      if (id === null) {
        ctx.addIssue({ code: 'custom', message: said('positiveWholeNumber', { v0: field }) });
        return z.NEVER;
      }
      return id;
    });
}

/** A path parameter naming a record: a positive whole number, parsed to a number (else 400). */
export function pathId(name: string) {
  return z
    .string()
    .regex(ID_PATTERN, said('positiveWholeNumber', { v0: name }))
    .transform(Number)
    .refine((id) => id <= MAX_RECORD_ID, said('positiveWholeNumber', { v0: name }));
}

/** `/…/{name}` with one record id. */
export function recordIdParams<const K extends string>(name: K) {
  return z.object({ [name]: pathId(name) } as { [P in K]: ReturnType<typeof pathId> });
}

/** An e-mail address as the calls take it: trimmed and lower-cased. */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email(said('validEMailAddressRequired')).max(254));

/** A query value repeated in the URL arrives as an array: that is bad input, not a crash. */
export const singleQueryString = z.string({ error: said('givenOnceText') });

/** True for C0 controls other than tab, line feed and carriage return, and for DEL. */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** `?email=` and `{ email }`: the account a call acts for (the caller's own, or any for an admin reading). */
export const emailQuery = z.object({ email: emailField });
export const emailBody = z.object({ email: emailField });
export type EmailBody = z.input<typeof emailBody>;

/**
 * Text a person types, for field `field`: trimmed, at most `max` characters, no control
 * characters (and, unless `multiline`, no line breaks or tabs); required unless said otherwise.
 * Every message names the field.
 */
export function textField(field: string, max: number, options: { required?: boolean; multiline?: boolean } = {}) {
  const { required = true, multiline = false } = options;
  const base = z
    .string({
      error: (issue) => (issue.input === undefined ? said('required', { v0: field }) : said('aText', { v0: field })),
    })
    .trim()
    .max(max, said('mostCharacters', { v0: field, v1: max }))
    .refine(
      (text) => !hasControlCharacters(text) && (multiline || !/[\r\n\t]/.test(text)),
      multiline ? `${field} must not contain control characters` : `${field} must be one line of text`,
    );
  return required ? base.pipe(z.string().min(1, said('required', { v0: field }))) : base;
}

/** A whole number from `min` to `max`, for field `field`; every message names the field. */
export function wholeNumber(field: string, min: number, max: number) {
  return z
    .number({
      error: (issue) => (issue.input === undefined ? said('required', { v0: field }) : said('aNumber', { v0: field })),
    })
    .int(said('wholeNumber', { v0: field }))
    .min(min, said('least', { v0: field, v1: min }))
    .max(max, said('most', { v0: field, v1: max }));
}

/**
 * An amount of money from `min` to `max` in the restaurant's currency, for field `field`: at most
 * two decimals (docs/reference/ordering.md "Money": a third decimal is 400). The server turns it into minor units.
 */
export function moneyField(field: string, min: number, max: number) {
  return z
    .number({
      error: (issue) => (issue.input === undefined ? said('required', { v0: field }) : said('aNumber', { v0: field })),
    })
    .min(min, said('least', { v0: field, v1: min }))
    .max(max, said('most', { v0: field, v1: max }))
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, said('mayCarryMostTwoDecimals', { v0: field }));
}

/**
 * An amount of money in minor units (cents), exactly: `moneyField` let through at most two decimals.
 * The contract's edge (decision 065): a request's amount becomes the domain's `Minor` here.
 */
export function toMinorUnits(amount: number): Minor {
  return toMinor(amount);
}

/** Minor units back to the JSON number of the contract (12.5), where an answer is written (decision 065). */
export function fromMinorUnits(cents: Minor): number {
  return toMajor(cents);
}

/** A phone number as people write it: digits with spaces, + ( ) - . and at least five digits. */
export function phoneField(field: string) {
  return z
    .string({ error: said('required', { v0: field }) })
    .trim()
    .min(1, said('required', { v0: field }))
    .max(30, said('most30Characters', { v0: field }))
    .regex(/^\+?[0-9 ()./-]{5,30}$/, said('phoneNumberDigitsSpaces', { v0: field }))
    .refine((text) => (text.match(/\d/g) ?? []).length >= 5, said('haveLeast5Digits', { v0: field }));
}

/** The most rows one page of a list may hold (docs/reference/ordering.md "Money that agrees on every screen": "Long lists page"). */
export const PAGE_LIMIT_MAX = 500;

/**
 * `?limit=&cursor=` of a list that pages: `limit` 1–500 (500 when absent; above, 400), `cursor`
 * the `nextCursor` of the page before (opaque; absent for the first page).
 */
export const pageQuery = {
  limit: singleQueryString
    .regex(/^\d{1,6}$/, said('limitWholeNumberFrom1', { v0: PAGE_LIMIT_MAX }))
    .transform(Number)
    .refine((n) => n >= 1 && n <= PAGE_LIMIT_MAX, said('limitWholeNumberFrom1', { v0: PAGE_LIMIT_MAX }))
    .optional(),
  cursor: singleQueryString.regex(/^[A-Za-z0-9_-]{1,200}$/, said('cursorNextCursorPageBefore')).optional(),
};

/** `{ data: [...], nextCursor }`: a page of a list; `nextCursor` null on its last page. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), nextCursor: z.string().nullable() });
}

/**
 * A client's idempotency key (8–64 printable characters, no spaces): a bill payment's, a refund's,
 * and the optional key of the writes a staff screen may queue offline (docs/reference/service.md "Staff screens
 * that survive the Wi-Fi": kitchen status changes, sold-out switches, discounts).
 */
export const requestKey = z
  .string({ error: said('keyRequired') })
  .min(8, said('key864Characters'))
  .max(64, said('key864Characters'))
  .regex(/^[\x21-\x7e]+$/, said('keyPrintableCharactersWithoutSpaces'));
