import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { BillingRules } from '../../../shared/domain/billing.ts';
import type { BillPaymentRow, BillRow } from './bills.repository.ts';

/**
 * The rules a bill's money follows (bills.ledger.ts keeps it right by them): the billing rules it is
 * priced with, kept from its first payment, and which payments are given back at once when owed.
 */

/** The billing rules a bill is priced with, as kept on it (JSON). */
export interface KeptRules extends BillingRules {
  taxName: string;
}

export function rulesOf(settings: RestaurantSettings): KeptRules {
  const b = settings.billing;
  return {
    taxName: b.taxName,
    taxInclusive: b.taxInclusive,
    rates: { ...b.rates },
    categoryRates: { ...b.categoryRates },
    serviceChargePercent: b.serviceChargePercent,
  };
}

/** The rules of a bill: those it took at its first payment, else the settings'. */
export function billRules(row: BillRow, settings: RestaurantSettings): KeptRules {
  return row.rules !== null ? (JSON.parse(row.rules) as KeptRules) : rulesOf(settings);
}

/** Whether a bill payment's money goes back at once when owed (not waiting for staff): an online payment other than a deposit, or the spec's demo PAY. */
export function givenBackAtOnce(p: BillPaymentRow): boolean {
  if (p.status !== 'succeeded') return false;
  if (p.payment_id !== null) return p.deposit !== 1;
  return p.provider === 'demo';
}
