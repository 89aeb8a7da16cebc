/** Something the owner names in both languages (decision 047): `name_bn` empty or absent where none was written. */
export interface Named {
  name: string;
  name_bn?: string | null;
}

/**
 * A message that names dishes, option groups or values, written with a name in one language
 * (decision 049, 2026-11-28): `(n) => \`Sold out: ${n(dish)}\``.
 */
export type Naming = (name: (thing: Named) => string) => string;

/** An error that becomes `{ success: false, message }` with its status (docs/reference/design.md "The contract"). */
export class HttpError extends Error {
  /** The same message naming its dishes, groups and values in Bangla (English where none), for an answer in Bangla. */
  readonly banglaNamed?: string;

  constructor(
    readonly statusCode: number,
    message: string | Naming,
  ) {
    super(typeof message === 'string' ? message : message((thing) => thing.name));
    this.name = 'HttpError';
    if (typeof message !== 'string') this.banglaNamed = message((thing) => thing.name_bn || thing.name);
  }
}

export const badRequest = (message: string | Naming) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in first') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string | Naming) => new HttpError(409, message);
/** A service we call (a payment provider) did not answer or failed. */
export const badGateway = (message: string) => new HttpError(502, message);
