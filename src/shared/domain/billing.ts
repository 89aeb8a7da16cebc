/**
 * The bill's money maths (docs/reference/ordering.md "The bill"), pure and in integer minor units (cents,
 * paisa) only: no floating-point amount is ever summed. Percentages (tax, discount, service
 * charge) are rounded half away from zero to the minor unit, once per amount.
 *
 * - A line's tax rate is its category's (`categoryRates`), else `dineIn` or `takeaway` by the
 *   bill's fulfilment.
 * - Discounts (percent of the subtotal, or an amount) are brought together, at most the
 *   subtotal, and shared over the rates in proportion to their bases; the minor units left
 *   over go to the largest base (the first of equal ones).
 * - Tax per rate over its base after discounts: inclusive `base × rate / (100 + rate)` (inside
 *   the subtotal), exclusive `base × rate / 100` (added to the total).
 * - The service charge (dine-in only) is a percentage of the subtotal after discounts; it and
 *   the delivery fee carry no tax.
 * - `total = subtotal − discounts + serviceCharge + deliveryFee (+ taxes when exclusive)`;
 *   `paid` is the sum of succeeded payments less what was given back of them, `due = total − paid`
 *   and `owedBack = paid − total`, neither below 0, tips apart.
 */

import { type Minor, ZERO, asMinor, maxMinor, minMinor, subtractMinor, sumMinor } from './money.ts';

export { type CountedPayment, changeOf, giveBackPlan, paymentSums, splitShares } from './bill-payments.ts';

export type BillFulfilment = 'pickup' | 'delivery' | 'dine_in';

export interface BillingRules {
  taxInclusive: boolean;
  /** Percent, at most two decimals. */
  rates: { dineIn: number; takeaway: number };
  categoryRates: Record<string, number>;
  serviceChargePercent: number;
}

export interface BillLineInput {
  /** The line's total (unit price × quantity, options included), minor units. */
  total: Minor;
  category: string;
}

/** A discount: a percent of the subtotal (at most two decimals, kept as basis points), or an amount. */
export type DiscountInput = { percent: number } | { amount: Minor };

export interface RateTax {
  /** Percent. */
  rate: number;
  /** Minor units of the lines at this rate after their share of the discounts. */
  base: Minor;
  amount: Minor;
}

export interface BillMoney {
  subtotal: Minor;
  /** Each discount's amount, in the order given (their sum is `discount`). */
  discounts: Minor[];
  discount: Minor;
  serviceCharge: Minor;
  deliveryFee: Minor;
  taxes: RateTax[];
  /** Sum of the taxes' amounts. */
  tax: Minor;
  total: Minor;
  /** Each line's rate, in the order given. */
  lineRates: number[];
}

/** Rates and percents carry at most two decimals: in hundredths of a percent they are whole. */
export function basisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** a / b rounded half away from zero, for whole a and positive whole b, exactly (BigInt). */
export function divideRounded(a: bigint, b: bigint): bigint {
  const negative = a < 0n;
  const abs = negative ? -a : a;
  const q = (abs * 2n + b) / (2n * b);
  return negative ? -q : q;
}

/** `amount × percent / 100`, rounded half away from zero once. */
export function percentOf(amount: Minor, percent: number): Minor {
  return asMinor(Number(divideRounded(BigInt(amount) * BigInt(basisPoints(percent)), 10_000n)));
}

/** A line's rate: its category's, else dine-in or takeaway by fulfilment. */
export function lineRate(rules: BillingRules, fulfilment: BillFulfilment, category: string): number {
  const own = Object.hasOwn(rules.categoryRates, category) ? rules.categoryRates[category] : undefined;
  if (typeof own === 'number') return own;
  return fulfilment === 'dine_in' ? rules.rates.dineIn : rules.rates.takeaway;
}

/** The amount of each discount over a subtotal, in order: their sum never exceeds the subtotal. */
export function discountAmounts(subtotal: Minor, discounts: DiscountInput[]): Minor[] {
  let left = subtotal;
  return discounts.map((d) => {
    const wanted = 'percent' in d ? percentOf(subtotal, d.percent) : d.amount;
    const amount = maxMinor(ZERO, minMinor(left, wanted));
    left = subtractMinor(left, amount);
    return amount;
  });
}

/**
 * Shares `amount` over `bases` in proportion to them (floor), the minor units left over going
 * to the largest base (the first of equal ones). The shares add up to `amount` exactly.
 */
export function shareOut(amount: Minor, bases: Minor[]): Minor[] {
  const sum = sumMinor(bases);
  if (bases.length === 0) return [];
  if (sum === 0) return bases.map((_, i) => (i === 0 ? amount : ZERO));
  const shares = bases.map((b) => asMinor(Number((BigInt(amount) * BigInt(b)) / BigInt(sum))));
  const left = subtractMinor(amount, sumMinor(shares));
  let largest = 0;
  for (let i = 1; i < bases.length; i += 1) if ((bases[i] as Minor) > (bases[largest] as Minor)) largest = i;
  shares[largest] = asMinor((shares[largest] as Minor) + left);
  return shares;
}

/** The tax of one rate on its base, rounded half away from zero once. */
export function taxOf(base: Minor, rate: number, inclusive: boolean): Minor {
  const bp = BigInt(basisPoints(rate));
  return asMinor(
    Number(inclusive ? divideRounded(BigInt(base) * bp, 10_000n + bp) : divideRounded(BigInt(base) * bp, 10_000n)),
  );
}

/** Every amount of a bill from its lines, discounts and fees (minor units). */
export function billMoney(input: {
  fulfilment: BillFulfilment;
  lines: BillLineInput[];
  discounts: DiscountInput[];
  deliveryFee: Minor;
  rules: BillingRules;
}): BillMoney {
  const { fulfilment, lines, rules } = input;
  const lineRates = lines.map((l) => lineRate(rules, fulfilment, l.category));
  const subtotal = sumMinor(lines.map((l) => l.total));
  const discounts = discountAmounts(subtotal, input.discounts);
  const discount = sumMinor(discounts);

  // Bases per rate (ascending rate), then their shares of the discount.
  const byRate = new Map<number, Minor>();
  lines.forEach((line, i) =>
    byRate.set(lineRates[i] as number, sumMinor([byRate.get(lineRates[i] as number) ?? ZERO, line.total])),
  );
  const rates = [...byRate.keys()].sort((a, b) => a - b);
  const gross = rates.map((r) => byRate.get(r) as Minor);
  const shares = shareOut(discount, gross);
  const taxes = rates.map((rate, i) => {
    const base = subtractMinor(gross[i] as Minor, shares[i] as Minor);
    return { rate, base, amount: taxOf(base, rate, rules.taxInclusive) };
  });
  const tax = sumMinor(taxes.map((t) => t.amount));
  const afterDiscounts = subtractMinor(subtotal, discount);
  const serviceCharge = fulfilment === 'dine_in' ? percentOf(afterDiscounts, rules.serviceChargePercent) : ZERO;
  const deliveryFee = input.deliveryFee;
  const total = sumMinor([afterDiscounts, serviceCharge, deliveryFee, rules.taxInclusive ? ZERO : tax]);
  return { subtotal, discounts, discount, serviceCharge, deliveryFee, taxes, tax, total, lineRates };
}

/** The billing settings a bill is priced under (restaurant settings `billing`). */
export interface BillingSettingsLike {
  taxName: string;
  taxInclusive: boolean;
  rates: { dineIn: number; takeaway: number };
  categoryRates: Record<string, number>;
  serviceChargePercent: number;
}

/** The rules `billMoney` prices by, from the restaurant's billing settings. */
export function billingRules(billing: BillingSettingsLike): BillingRules {
  return {
    taxInclusive: billing.taxInclusive,
    rates: billing.rates,
    categoryRates: billing.categoryRates,
    serviceChargePercent: billing.serviceChargePercent,
  };
}

/**
 * Whether a delivery's food (`subtotal`: the lines, before fees and taxes) is under the
 * restaurant's delivery minimum, so that it is refused (the server, placing a ticket) and
 * "Place order" says why before a tap (the checkout). Other ways of getting the food have none.
 */
export function underDeliveryMinimum(fulfilment: BillFulfilment, subtotal: Minor, minimum: Minor): boolean {
  return fulfilment === 'delivery' && subtotal < minimum;
}

/** What an order costs before it is paid, as its bill will charge it (minor units; taxes named). */
export interface OrderMoney {
  subtotal: Minor;
  serviceCharge: Minor;
  deliveryFee: Minor;
  taxes: (RateTax & { name: string })[];
  taxInclusive: boolean;
  /** The bill's `total` for these lines: what the guest pays, tips apart. */
  total: Minor;
}

/**
 * docs/reference/ordering.md "Money that agrees on every screen", one figure: the money of a quote, a checkout,
 * a staff order and a ticket's lines, priced exactly as the bill prices them (the same
 * `billMoney`, with no discount yet): the same taxes per rate, service charge on dine-in and
 * delivery fee, so what a guest or caller is told is the bill's `total`.
 */
export function orderMoney(input: {
  fulfilment: BillFulfilment;
  lines: BillLineInput[];
  deliveryFee: Minor;
  billing: BillingSettingsLike;
}): OrderMoney {
  const money = billMoney({
    fulfilment: input.fulfilment,
    lines: input.lines,
    discounts: [],
    deliveryFee: input.deliveryFee,
    rules: billingRules(input.billing),
  });
  return {
    subtotal: money.subtotal,
    serviceCharge: money.serviceCharge,
    deliveryFee: money.deliveryFee,
    taxes: money.taxes.map((t) => ({ name: input.billing.taxName, rate: t.rate, base: t.base, amount: t.amount })),
    taxInclusive: input.billing.taxInclusive,
    total: money.total,
  };
}
