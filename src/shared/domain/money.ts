/**
 * Money inside the server and the shared domain (docs/reference/style.md "Money and outside
 * providers"; decision 065): an integer of minor units, hundredths of the currency's major unit
 * (cents, poisha), branded so that a major-unit number of the contract cannot be passed where an
 * amount is meant without going through `toMinor`. The contract's numbers (12.5) become `Minor`
 * where a request is read and turn back where an answer or a text is written, nowhere else.
 *
 * Every currency is counted in hundredths here, the zero-decimal ones too (the contract allows
 * two decimals whatever the currency): a provider that counts them in whole units converts at
 * its own edge (payments/providers/stripe.ts).
 */

declare const minorBrand: unique symbol;

/** A whole number of minor units (1250 for 12.50). A `Minor` is a number; a number is not a `Minor`. */
export type Minor = number & { readonly [minorBrand]: true };

/** No money. */
export const ZERO = 0 as Minor;

/** A contract amount (12.5, at most two decimals: `moneyField`) in minor units (1250), exactly. */
export function toMinor(major: number): Minor {
  return Math.round(major * 100) as Minor;
}

/** Minor units back to the contract's number (1250 → 12.5). */
export function toMajor(minor: Minor): number {
  return minor / 100;
}

/**
 * A number already in minor units, read where they are kept (a database column, a sum of one, a
 * provider's answer in minor units): the brand without a conversion. A driver may hand a column
 * or a sum back as a string or a bigint: it is read as a number.
 */
export function asMinor(value: number | string | bigint): Minor {
  return (typeof value === 'number' ? value : Number(value)) as Minor;
}

/** a + b. */
export function addMinor(a: Minor, b: Minor): Minor {
  return (a + b) as Minor;
}

/** a − b (below 0 when b is more). */
export function subtractMinor(a: Minor, b: Minor): Minor {
  return (a - b) as Minor;
}

/** The amounts together (0 for none). */
export function sumMinor(amounts: Iterable<Minor>): Minor {
  let sum = 0;
  for (const amount of amounts) sum += amount;
  return sum as Minor;
}

/** `amount` × a whole `times` (a unit price × a quantity, a deposit per cover × the party). */
export function timesMinor(amount: Minor, times: number): Minor {
  return (amount * times) as Minor;
}

/** The smaller of the amounts. */
export function minMinor(...amounts: Minor[]): Minor {
  return Math.min(...amounts) as Minor;
}

/** The larger of the amounts. */
export function maxMinor(...amounts: Minor[]): Minor {
  return Math.max(...amounts) as Minor;
}
