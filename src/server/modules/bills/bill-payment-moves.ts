import type { Kysely } from 'kysely';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import type { AppDatabase } from '../../db/schema.ts';
import type { MovesContext } from './bill-moves.ts';
import { createBillsRepository } from './bills.repository.ts';
import type { Minor } from '../../../shared/domain/money.ts';

/**
 * Online money on a bill, in the caller's transaction (bill-moves.ts spreads it into its own): a
 * payment that succeeded online counted on it (for its purpose), a refund of one that went through.
 */
export function createBillPaymentMoves({ ledger, nowIso }: Pick<MovesContext, 'ledger' | 'nowIso'>) {
  const { lockBill } = ledger;
  return {
    /**
     * A payment that succeeded elsewhere (an online provider's `succeeded`), in the caller's
     * transaction (`settings` read before it): under the bill's lock, at most its due, recorded
     * as succeeded; at due 0 the bill is paid (figures, receipt number, tickets paid).
     * Answers what happened, and the paid tickets to announce once committed (`announcePaid`)
     * with the bill's branch (`branch`) when it counted.
     * A bill that is no longer open, or a due smaller than the amount, records nothing: the
     * caller refunds or keeps the money as it decides (`notOpen`, `overDue`).
     * `first`, when given, runs under the bill's lock once it is known whether the money counts,
     * before it is taken: what the caller writes there is not held up behind the branch's receipt
     * counter, which a paying takes last and holds until the commit (a ticket sent to the kitchen).
     */
    async recordSucceeded(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      billId: number,
      payment: {
        method: string;
        provider: string;
        amount: Minor;
        tip: Minor;
        byUserId: number | null;
        paymentId?: number;
      },
      first?: (counts: boolean) => Promise<void>,
    ): Promise<
      | { outcome: 'recorded' | 'paid'; paidTickets: { id: number; userId: number | null }[]; branch: number }
      | { outcome: 'notOpen' | 'overDue' | 'notFound'; paidTickets: [] }
    > {
      const row = await lockBill(trx, billId, 'brand');
      const before = row?.status === 'open' ? await ledger.stateOf(trx, row, settings) : undefined;
      const refused = !row ? 'notFound' : !before ? 'notOpen' : payment.amount > before.due ? 'overDue' : undefined;
      await first?.(refused === undefined);
      if (refused !== undefined || !row || !before) return { outcome: refused ?? 'notFound', paidTickets: [] };
      const { paidTickets, closed } = await ledger.takePayment(
        trx,
        row,
        settings,
        before,
        {
          bill_id: billId,
          key: null,
          request: null,
          method: payment.method,
          provider: payment.provider,
          amount: payment.amount,
          tip: payment.tip,
          tendered: null,
          change: null,
          status: 'succeeded',
          at: nowIso(),
          by_user_id: payment.byUserId,
          payment_id: payment.paymentId ?? null,
        },
        'Paid online',
      );
      return closed
        ? { outcome: 'paid', paidTickets, branch: row.branch_id }
        : { outcome: 'recorded', paidTickets: [], branch: row.branch_id };
    },

    /**
     * A refund of an online payment went through (in the caller's transaction; `settings` read
     * before it): written on the bill payment that payment made, if it made one, with the local
     * day it was made, which the day report counts. Whether a bill payment took it.
     */
    async refundedOnline(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      paymentId: number,
      amount: Minor,
    ): Promise<boolean> {
      const now = nowIso();
      return createBillsRepository(trx).refundOnline(paymentId, amount, now, wallClockOf(now, settings.timeZone).date);
    },
  };
}
