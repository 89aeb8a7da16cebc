import { fromMinorUnits } from '../../../shared/contract/common.ts';
import type { Payment, PaymentProviderName, PaymentStatus } from '../../../shared/contract/payments.ts';
import type { PaymentRow } from './payments.repository.ts';
import { asMinor } from '../../../shared/domain/money.ts';

/** The statuses of a payment whose money was taken: whether it counted is said for these. */
const TAKEN = new Set(['succeeded', 'refunded', 'partially_refunded']);

/**
 * A payment as the contract has it; the provider's page only while it waits for the guest.
 * `uncounted`: it succeeded with nothing (or less) due on its bill and was refunded in full
 * (its refund keyed `uncounted-<id>`), said as `counted: false` once the money was taken.
 */
export function toPayment(row: PaymentRow, uncounted = false): Payment {
  const payment: Payment = {
    _id: String(row.id),
    provider: row.provider as PaymentProviderName,
    status: row.status as PaymentStatus,
    amount: fromMinorUnits(asMinor(row.amount)),
    currency: row.currency,
    refunded: fromMinorUnits(asMinor(row.refunded)),
    createdAt: row.created_at,
  };
  if (row.ticket_id !== null) payment.ticketId = String(row.ticket_id);
  if (row.bill_id !== null) payment.billId = String(row.bill_id);
  if (row.reservation_id !== null) payment.reservationId = String(row.reservation_id);
  if (row.status === 'pending' && row.redirect_url) payment.redirectUrl = row.redirect_url;
  if (row.settled_at) payment.settledAt = row.settled_at;
  if (TAKEN.has(row.status)) payment.counted = !uncounted;
  return payment;
}
