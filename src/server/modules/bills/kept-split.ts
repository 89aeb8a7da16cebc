import { splitShares } from '../../../shared/domain/billing.ts';
import { type Minor, ZERO, addMinor, asMinor } from '../../../shared/domain/money.ts';

/** A share of a kept split: `amount` what it paid, once paid, else its part of what is due now (minor units). */
export interface KeptShare {
  n: number;
  amount: Minor;
  paid: boolean;
}

/**
 * The shares of a bill split `ways` ways and kept (issue 58, point 3; decision 057): a share
 * paid keeps what it paid; what is due now is shared over the shares still unpaid, the first of
 * them carrying the minor units left over (docs/reference/ordering.md's split). So $89.40 split 3 ways, its first
 * share paid in cash, leaves $59.60 as 29.80 + 29.80: never a fresh split of the rest that would
 * have the second guest pay less than the first. A round added or a discount taken after the split
 * moves only the unpaid shares, and they always add up to the due.
 */
export function keptShares(ways: number, paid: ReadonlyMap<number, Minor>, due: Minor): KeptShare[] {
  const unpaid = Array.from({ length: ways }, (_, i) => i + 1).filter((n) => !paid.has(n));
  const parts = unpaid.length === 0 ? [] : unpaid.length === 1 ? [due] : splitShares(due, unpaid.length);
  const owed = new Map(unpaid.map((n, i) => [n, parts[i] as Minor]));
  return Array.from({ length: ways }, (_, i) => i + 1).map((n) =>
    paid.has(n) ? { n, amount: paid.get(n) as Minor, paid: true } : { n, amount: owed.get(n) as Minor, paid: false },
  );
}

/** The shares paid, by share: what each one's payments took (succeeded, tips apart). */
export function paidShares(
  payments: readonly { share: number | null; status: string; amount: number }[],
): Map<number, Minor> {
  const paid = new Map<number, Minor>();
  for (const p of payments)
    if (p.share !== null && p.status === 'succeeded')
      paid.set(p.share, addMinor(paid.get(p.share) ?? ZERO, asMinor(p.amount)));
  return paid;
}
