import type { BranchId } from '../../db/branch.ts';
import { toMinorUnits } from '../../../shared/contract/common.ts';
import { type BillPaymentBody, type Payment } from '../../../shared/contract/payments.ts';
import type { BillStatus } from '../../../shared/contract/bills.ts';
import { formatMinor } from '../../../shared/format-money.ts';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import {
  type PaymentRow,
  type PaymentsService,
  succeededOnBill,
  uncountedGiveBack,
} from '../payments/payments.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import { type Minor, addMinor } from '../../../shared/domain/money.ts';
import type { createBillPaymentMoves } from './bill-payment-moves.ts';

type BillPaymentMoves = ReturnType<typeof createBillPaymentMoves>;

type Paid = { id: number; userId: number | null }[];

/** What the online payment of a bill needs of the bill (bills.service). */
export interface BillsForOnline {
  restaurant: RestaurantService;
  /** Holds a bill until the transaction ends (before the payment's row, as a cancel giving money back holds them). */
  lockBill(trx: Kysely<AppDatabase>, id: number): Promise<unknown>;
  payable(
    caller: Caller,
    id: number,
    branch?: BranchId,
  ): Promise<{ status: BillStatus; due: Minor; currency: string | undefined; branch: BranchId }>;
  /** Written once, by the bill's payment moves (bill-payment-moves.ts). */
  recordSucceeded: BillPaymentMoves['recordSucceeded'];
  refundedOnline: BillPaymentMoves['refundedOnline'];
  announcePaid(bill: { id: number; branch_id: number }, tickets: Paid): void;
  log: { warn(details: object, message: string): void };
}

/**
 * A bill's due paid online (POST /api/v1/payments with a billId): the payments module takes
 * the money; a succeeded payment counts on the bill in its settling transaction (this module's
 * purpose), or is given back whole when the bill no longer has it due. Every online refund that
 * goes through is written on the bill payment its payment made.
 */
export function createBillsOnline(
  payments: Pick<
    PaymentsService,
    'serve' | 'whenRefunded' | 'byKey' | 'view' | 'viewById' | 'assertOffered' | 'writeKeyed' | 'open'
  >,
  bills: BillsForOnline,
) {
  payments.whenRefunded(async (trx, settings, paymentId, amount) => {
    await bills.refundedOnline(trx, settings, paymentId, amount);
  });

  payments.serve('bill', {
    lock: async (trx, row) => {
      if (row.bill_id !== null) await bills.lockBill(trx, row.bill_id);
    },
    async settled(trx, { row, outcome, method, settings }) {
      if (outcome !== 'succeeded' || row.bill_id === null) return {};
      const billId = row.bill_id;
      const recorded = await bills.recordSucceeded(trx, settings, billId, succeededOnBill(row, method));
      if (recorded.outcome === 'recorded' || recorded.outcome === 'paid')
        return {
          after: async () => bills.announcePaid({ id: billId, branch_id: recorded.branch }, recorded.paidTickets),
        };
      bills.log.warn(
        { paymentId: row.id, billId, outcome: recorded.outcome },
        'a payment arrived for a bill that no longer had it due: refunded in full',
      );
      return { giveBack: uncountedGiveBack(row, recorded.outcome) };
    },
    // A bill's guest follows a payment of that bill made for them (staff handed them its page).
    mayFollow: async (caller, row) =>
      row.bill_id !== null &&
      (await bills.payable(caller, row.bill_id).then(
        () => true,
        () => false,
      )),
  });

  return {
    /**
     * POST /api/v1/payments: an online payment of a bill's due now (+ tip), by its guest or staff
     * (others 404). The key is the caller's: the same key and body answer the same payment
     * (`created` false), another body 409. Nothing due → 409. Several payments may be asked for
     * one due; what is due when one succeeds decides: the first to succeed counts, a later one
     * finding less due than it brings is refunded whole (its settle). Staff pay at `branch`: another
     * branch's bill is 404 (decision 062).
     */
    async payOnline(
      caller: Caller,
      body: BillPaymentBody,
      branch?: BranchId,
    ): Promise<{ payment: Payment; created: boolean }> {
      const provider = body.provider;
      const tip = toMinorUnits(body.tip ?? 0);
      const billId = Number(body.billId);
      const key = `bill-${caller.id}-${body.key}`;
      // A share of the due (docs/reference/ordering.md "Money that agrees on every screen"), or all of it.
      const share = body.amount === undefined ? undefined : toMinorUnits(body.amount);
      const request = JSON.stringify({ billId, provider, tip, ...(share !== undefined ? { amount: share } : {}) });
      const repeated = async (): Promise<{ payment: Payment; created: boolean } | undefined> => {
        const earlier = await payments.byKey(key);
        if (!earlier) return undefined;
        if (earlier.request !== request) throw conflict('keyWasAlreadyUsedAnother3');
        return { payment: await payments.view(earlier), created: false };
      };
      const first = await repeated();
      if (first) return first;
      const bill = await bills.payable(caller, billId, branch);
      await payments.assertOffered(provider);
      if (bill.status !== 'open' || bill.due <= 0) throw conflict('nothingDueBill');
      const currency = bill.currency ?? (await bills.restaurant.brand()).currency;
      if (share !== undefined && share > bill.due)
        throw conflict('amountMoreThanBillS', { v0: formatMinor(bill.due, currency) });
      const row: PaymentRow | undefined = await payments.writeKeyed({
        branch: bill.branch,
        key,
        provider,
        amount: addMinor(share ?? bill.due, tip),
        tip,
        request,
        currency,
        billId,
        userId: caller.id,
      });
      // The same key sent twice at once: the other request wrote it.
      if (!row) return (await repeated()) as { payment: Payment; created: boolean };
      await payments.open(row, caller.email);
      return { payment: await payments.viewById(row.id), created: true };
    },
  };
}
