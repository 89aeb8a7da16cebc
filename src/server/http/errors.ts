import {
  type MessageCode,
  type MessageValues,
  type Named,
  type Naming,
  type ValuesOf,
  isMessageCode,
  messageIn,
} from '../../shared/contract/errors.ts';
import { saidCode } from '../../shared/i18n/said.ts';

export type { Named, Naming };

/**
 * An error that becomes `{ success: false, message }` with its status (docs/reference/design.md
 * "The contract"): a message's code and its values (decision 064), its `message` the English, which
 * the answer writes again by the code's key in the requester's language (http/language.ts).
 */
export class HttpError extends Error {
  /** The message's code, when it is one of the catalog's (decision 064). */
  readonly code?: MessageCode;
  /** The values the code's message names. */
  readonly values?: Record<string, unknown>;
  /** The field a schema's message is about ("reservations.slotMinutes"), written before it: `fieldProblem`. */
  field?: string;

  constructor(statusCode: number, code: MessageCode, values?: Record<string, unknown>);
  /** A message no catalog has: a payment provider's own words, passed on as they are. */
  constructor(statusCode: number, message: string);
  constructor(
    readonly statusCode: number,
    message: string,
    values?: Record<string, unknown>,
  ) {
    super(isMessageCode(message) ? messageIn(message, values as MessageValues<MessageCode>, 'en') : message);
    this.name = 'HttpError';
    if (isMessageCode(message)) {
      this.code = message;
      this.values = values;
    }
  }
}

const make =
  (status: number) =>
  <C extends MessageCode>(code: C, ...values: ValuesOf<C>) =>
    new HttpError(status, code, values[0] as Record<string, unknown> | undefined);

export const badRequest = make(400);
export const unauthorized = <C extends MessageCode = 'signInFirst'>(code?: C, ...values: ValuesOf<C>) =>
  new HttpError(401, code ?? 'signInFirst', values[0] as Record<string, unknown> | undefined);
export const forbidden = <C extends MessageCode = 'notAllowed'>(code?: C, ...values: ValuesOf<C>) =>
  new HttpError(403, code ?? 'notAllowed', values[0] as Record<string, unknown> | undefined);
export const notFound = <C extends MessageCode = 'notFound'>(code?: C, ...values: ValuesOf<C>) =>
  new HttpError(404, code ?? 'notFound', values[0] as Record<string, unknown> | undefined);
export const conflict = make(409);
/** A service we call (a payment provider) did not answer or failed: its own words, or a code of ours. */
export function badGateway<C extends MessageCode>(code: C, ...values: ValuesOf<C>): HttpError;
export function badGateway(message: string): HttpError;
export function badGateway(message: string, values?: Record<string, unknown>): HttpError {
  return new HttpError(502, message as MessageCode, values);
}

/**
 * A field's problem that a schema found after the request's own check (the merged settings),
 * answered as a refused request's field is ("reservations.slotMinutes: must divide 60"): by the
 * code the schema's message was made with (`said`), else its text as it is (zod's own words).
 */
export function fieldProblem(field: string, message: string): HttpError {
  const made = saidCode(message);
  const error = made ? new HttpError(400, made.code, made.values) : new HttpError(400, message);
  error.field = field;
  error.message = `${field}: ${error.message}`;
  return error;
}
