import { type Minor, ZERO, asMinor, maxMinor, minMinor, subtractMinor } from './money.ts';

/*
 * What a bill's payments bring and give back, a bill split in shares, and cash change: pure, in
 * minor units (billing.ts exports them again).
 */

/** A payment as a bill counts it: its amount and tip, whether it succeeded, and what was given back of it (minor units). */
export interface CountedPayment {
  amount: Minor;
  tip: Minor;
  succeeded: boolean;
  /** What was refunded (or set aside to be refunded) of amount + tip: the amount first, then the tip. */
  refunded?: Minor;
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
  total: Minor,
  payments: CountedPayment[],
  everything = false,
): { paid: Minor; kept: Minor; due: Minor; owedBack: Minor; tips: Minor; refunded: Minor } {
  // Whole numbers of minor units summed as numbers here, branded once on the way out.
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
    paid: asMinor(paid),
    kept: asMinor(kept),
    due: asMinor(Math.max(0, total - kept)),
    owedBack: asMinor(Math.max(0, kept - total) + (everything ? tips : 0)),
    tips: asMinor(tips),
    refunded: asMinor(refunded),
  };
}

/**
 * How `owed` minor units are given back over a bill's payments, newest first, each at most
 * what is left of its amount: the amounts to take from each, by index (omitted: nothing).
 */
export function giveBackPlan(owed: Minor, payments: { amount: Minor; refunded: Minor }[]): Map<number, Minor> {
  const plan = new Map<number, Minor>();
  let left = owed;
  for (let i = payments.length - 1; i >= 0 && left > 0; i -= 1) {
    const p = payments[i] as { amount: Minor; refunded: Minor };
    const take = minMinor(left, maxMinor(ZERO, subtractMinor(p.amount, p.refunded)));
    if (take > 0) {
      plan.set(i, take);
      left = subtractMinor(left, take);
    }
  }
  return plan;
}

/** `due` split `ways` ways (2–20): the shares add up to `due` exactly, the first ones carrying the minor units left over. */
export function splitShares(due: Minor, ways: number): Minor[] {
  if (!Number.isInteger(ways) || ways < 2 || ways > 20) throw new RangeError('ways must be 2 to 20');
  const base = Math.floor(due / ways);
  const left = due - base * ways;
  return Array.from({ length: ways }, (_, i) => asMinor(base + (i < left ? 1 : 0)));
}

/** Cash change: tendered − amount − tip, when tendered covers both (else none). */
export function changeOf(tendered: Minor, amount: Minor, tip: Minor): Minor | undefined {
  const change = asMinor(tendered - amount - tip);
  return change >= 0 ? change : undefined;
}
