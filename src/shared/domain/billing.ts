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
  total: number;
  category: string;
}

export type DiscountInput = { percent: number } | { amount: number };

export interface RateTax {
  /** Percent. */
  rate: number;
  /** Minor units of the lines at this rate after their share of the discounts. */
  base: number;
  amount: number;
}

export interface BillMoney {
  subtotal: number;
  /** Each discount's amount, in the order given (their sum is `discount`). */
  discounts: number[];
  discount: number;
  serviceCharge: number;
  deliveryFee: number;
  taxes: RateTax[];
  /** Sum of the taxes' amounts. */
  tax: number;
  total: number;
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
export function percentOf(amount: number, percent: number): number {
  return Number(divideRounded(BigInt(amount) * BigInt(basisPoints(percent)), 10_000n));
}

/** A line's rate: its category's, else dine-in or takeaway by fulfilment. */
export function lineRate(rules: BillingRules, fulfilment: BillFulfilment, category: string): number {
  const own = Object.hasOwn(rules.categoryRates, category) ? rules.categoryRates[category] : undefined;
  if (typeof own === 'number') return own;
  return fulfilment === 'dine_in' ? rules.rates.dineIn : rules.rates.takeaway;
}

/** The amount of each discount over a subtotal, in order: their sum never exceeds the subtotal. */
export function discountAmounts(subtotal: number, discounts: DiscountInput[]): number[] {
  let left = subtotal;
  return discounts.map((d) => {
    const wanted = 'percent' in d ? percentOf(subtotal, d.percent) : d.amount;
    const amount = Math.max(0, Math.min(left, wanted));
    left -= amount;
    return amount;
  });
}

/**
 * Shares `amount` over `bases` in proportion to them (floor), the minor units left over going
 * to the largest base (the first of equal ones). The shares add up to `amount` exactly.
 */
export function shareOut(amount: number, bases: number[]): number[] {
  const sum = bases.reduce((s, b) => s + b, 0);
  if (bases.length === 0) return [];
  if (sum === 0) return bases.map((_, i) => (i === 0 ? amount : 0));
  const shares = bases.map((b) => Number((BigInt(amount) * BigInt(b)) / BigInt(sum)));
  const left = amount - shares.reduce((s, x) => s + x, 0);
  let largest = 0;
  for (let i = 1; i < bases.length; i += 1) if ((bases[i] as number) > (bases[largest] as number)) largest = i;
  shares[largest] = (shares[largest] as number) + left;
  return shares;
}

/** The tax of one rate on its base, rounded half away from zero once. */
export function taxOf(base: number, rate: number, inclusive: boolean): number {
  const bp = BigInt(basisPoints(rate));
  return Number(inclusive ? divideRounded(BigInt(base) * bp, 10_000n + bp) : divideRounded(BigInt(base) * bp, 10_000n));
}

/** Every amount of a bill from its lines, discounts and fees (minor units). */
export function billMoney(input: {
  fulfilment: BillFulfilment;
  lines: BillLineInput[];
  discounts: DiscountInput[];
  deliveryFee: number;
  rules: BillingRules;
}): BillMoney {
  const { fulfilment, lines, rules } = input;
  const lineRates = lines.map((l) => lineRate(rules, fulfilment, l.category));
  const subtotal = lines.reduce((s, l) => s + l.total, 0);
  const discounts = discountAmounts(subtotal, input.discounts);
  const discount = discounts.reduce((s, d) => s + d, 0);

  // Bases per rate (ascending rate), then their shares of the discount.
  const byRate = new Map<number, number>();
  lines.forEach((line, i) =>
    byRate.set(lineRates[i] as number, (byRate.get(lineRates[i] as number) ?? 0) + line.total),
  );
  const rates = [...byRate.keys()].sort((a, b) => a - b);
  const gross = rates.map((r) => byRate.get(r) as number);
  const shares = shareOut(discount, gross);
  const taxes = rates.map((rate, i) => {
    const base = (gross[i] as number) - (shares[i] as number);
    return { rate, base, amount: taxOf(base, rate, rules.taxInclusive) };
  });
  const tax = taxes.reduce((s, t) => s + t.amount, 0);
  const afterDiscounts = subtotal - discount;
  const serviceCharge = fulfilment === 'dine_in' ? percentOf(afterDiscounts, rules.serviceChargePercent) : 0;
  const deliveryFee = input.deliveryFee;
  const total = afterDiscounts + serviceCharge + deliveryFee + (rules.taxInclusive ? 0 : tax);
  return { subtotal, discounts, discount, serviceCharge, deliveryFee, taxes, tax, total, lineRates };
}

/** A payment as a bill counts it: its amount and tip, whether it succeeded, and what was given back of it (minor units). */
export interface CountedPayment {
  amount: number;
  tip: number;
  succeeded: boolean;
  /** What was refunded (or set aside to be refunded) of amount + tip: the amount first, then the tip. */
  refunded?: number;
}

/**
 * What the succeeded payments bring (docs/reference/ordering.md "Money that agrees on every screen"): `paid`
 * their amounts, `refunded` what was given back of them (amounts first, then tips), `kept` the
 * amounts less what was given back of them, `tips` the tips kept; `due` = total − kept and
 * `owedBack` = kept − total, each never below 0 (at most one of them is above 0). Minor units.
 * A void bill (`everything`: every line cancelled, decision 055) owes back all it kept, its tips
 * too: nothing was served to tip for.
 */
export function paymentSums(
  total: number,
  payments: CountedPayment[],
  everything = false,
): { paid: number; kept: number; due: number; owedBack: number; tips: number; refunded: number } {
  let paid = 0;
  let kept = 0;
  let tips = 0;
  let refunded = 0;
  for (const p of payments) {
    if (!p.succeeded) continue;
    const back = Math.max(0, Math.min(p.refunded ?? 0, p.amount + p.tip));
    const fromAmount = Math.min(back, p.amount);
    paid += p.amount;
    kept += p.amount - fromAmount;
    tips += p.tip - (back - fromAmount);
    refunded += back;
  }
  return {
    paid,
    kept,
    due: Math.max(0, total - kept),
    owedBack: Math.max(0, kept - total) + (everything ? tips : 0),
    tips,
    refunded,
  };
}

/**
 * How `owed` minor units are given back over a bill's payments, newest first, each at most
 * what is left of its amount: the amounts to take from each, by index (omitted: nothing).
 */
export function giveBackPlan(owed: number, payments: { amount: number; refunded: number }[]): Map<number, number> {
  const plan = new Map<number, number>();
  let left = owed;
  for (let i = payments.length - 1; i >= 0 && left > 0; i -= 1) {
    const p = payments[i] as { amount: number; refunded: number };
    const take = Math.min(left, Math.max(0, p.amount - p.refunded));
    if (take > 0) {
      plan.set(i, take);
      left -= take;
    }
  }
  return plan;
}

/** `due` split `ways` ways (2–20): the shares add up to `due` exactly, the first ones carrying the minor units left over. */
export function splitShares(due: number, ways: number): number[] {
  if (!Number.isInteger(ways) || ways < 2 || ways > 20) throw new RangeError('ways must be 2 to 20');
  const base = Math.floor(due / ways);
  const left = due - base * ways;
  return Array.from({ length: ways }, (_, i) => base + (i < left ? 1 : 0));
}

/** Cash change: tendered − amount − tip, when tendered covers both (else none). */
export function changeOf(tendered: number, amount: number, tip: number): number | undefined {
  const change = tendered - amount - tip;
  return change >= 0 ? change : undefined;
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

/** What an order costs before it is paid, as its bill will charge it (minor units; taxes named). */
export interface OrderMoney {
  subtotal: number;
  serviceCharge: number;
  deliveryFee: number;
  taxes: (RateTax & { name: string })[];
  taxInclusive: boolean;
  /** The bill's `total` for these lines: what the guest pays, tips apart. */
  total: number;
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
  deliveryFee: number;
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
