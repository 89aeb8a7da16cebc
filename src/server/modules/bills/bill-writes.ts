import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { AppDatabase } from '../../db/schema.ts';
import type { Minor } from '../../../shared/domain/money.ts';
import type { BranchId } from '../../db/branch.ts';
import type { BillRow, NewBillPayment, PaidFigures, PaymentRow } from './bills.repository.ts';

/**
 * The writes of bills (bills.repository.ts spreads them into its own): a bill opened, split, paid
 * with its receipt number, rewritten or voided; its discounts, payments and refunds written.
 */
export function createBillWrites(db: Kysely<AppDatabase>) {
  /** A bill's branch, for the rows written under it (its discounts, payments, refunds): always its bill's (decision 062). */
  const branchOfBill = (billId: number) => db.selectFrom('bills').select('branch_id').where('id', '=', billId);
  const branchOfBillPayment = (id: number) => db.selectFrom('bill_payments').select('branch_id').where('id', '=', id);
  /**
   * The next receipt number of the bill's branch: its counter moved on (one row per branch,
   * migration 0037; a branch's first receipt writes its row, numbered 1).
   */
  const nextReceipt = (billId: number) =>
    db
      .insertInto('receipt_counter')
      .columns(['branch_id', 'last_number'])
      .expression(branchOfBill(billId).select(sql<number>`1`.as('last_number')))
      .onConflict((oc) =>
        oc.column('branch_id').doUpdateSet((eb) => ({ last_number: eb('receipt_counter.last_number', '+', 1) })),
      )
      .returning('last_number');
  return {
    /** Keeps the ways a bill is split (issue 58). */
    async keepSplit(id: number, ways: number): Promise<void> {
      await db.updateTable('bills').set({ split_ways: ways }).where('id', '=', id).execute();
    },

    /** Opens a bill: its row as written. */
    insert(bill: {
      branch_id: BranchId;
      local_date: string;
      seq: number | RawBuilder<number>;
      number: string;
      fulfilment: string;
      table_id: number | null;
      reservation_id: number | null;
      covers: number;
      opened_at: string;
      currency: string;
    }): Promise<BillRow> {
      return db
        .insertInto('bills')
        .values({ ...bill, status: 'open' })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async voidBill(billId: number): Promise<void> {
      await db
        .updateTable('bills')
        .set({ status: 'void' })
        .where('id', '=', billId)
        .where('status', '=', 'open')
        .execute();
    },

    /** A paid bill whose every ticket was cancelled and all its money given back: void, its receipt number and paid day kept (decision 055). */
    async voidPaid(billId: number): Promise<void> {
      await db
        .updateTable('bills')
        .set({ status: 'void' })
        .where('id', '=', billId)
        .where('status', '=', 'paid')
        .execute();
    },

    async setRules(billId: number, rules: string): Promise<void> {
      await db.updateTable('bills').set({ rules }).where('id', '=', billId).execute();
    },

    /** Money of a bill payment given back (at the restaurant, or the demo's at once): on the payment, and as a refund of its local day. */
    async giveBack(
      billPaymentId: number,
      amount: Minor,
      at: string,
      date: string,
      reason: string,
      by: number | null,
    ): Promise<void> {
      const changed = await db
        .updateTable('bill_payments')
        .set((eb) => ({ refunded: eb('refunded', '+', amount), refunded_at: at, refunded_date: date }))
        .where('id', '=', billPaymentId)
        .where((eb) => eb(eb('refunded', '+', amount), '<=', eb(eb.ref('amount'), '+', eb.ref('tip'))))
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1)
        throw new Error(`bill payment ${billPaymentId} has less than ${amount} left to give back`);
      await db
        .insertInto('bill_refunds')
        .values({
          branch_id: branchOfBillPayment(billPaymentId),
          bill_payment_id: billPaymentId,
          amount,
          at,
          date,
          reason,
          by_user_id: by,
        })
        .execute();
    },

    /** A paid bill's figures written again (a ticket on it was cancelled): its receipt number and paid day stay. */
    async rewriteFigures(
      billId: number,
      figures: Omit<PaidFigures, 'paid_at' | 'paid_date'>,
      discountAmounts: { id: number; amount: Minor }[],
    ): Promise<void> {
      await db.updateTable('bills').set(figures).where('id', '=', billId).execute();
      for (const d of discountAmounts)
        await db.updateTable('bill_discounts').set({ amount: d.amount }).where('id', '=', d.id).execute();
    },

    /** Writes a bill payment: its row as written (without the refunds its online payment has set aside: none yet). */
    insertPayment(payment: NewBillPayment): Promise<PaymentRow> {
      return db
        .insertInto('bill_payments')
        .values({ ...payment, branch_id: branchOfBill(payment.bill_id) })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Writes a bill payment of an online payment unless that payment is on a bill already (the unique payment_id); whether it was written. */
    async insertPaymentOnce(payment: {
      bill_id: number;
      key: null;
      request: null;
      method: string;
      provider: string;
      amount: Minor;
      tip: Minor;
      tendered: null;
      change: null;
      status: string;
      at: string;
      by_user_id: number | null;
      payment_id: number;
    }): Promise<boolean> {
      const inserted = await db
        .insertInto('bill_payments')
        .values({ ...payment, branch_id: branchOfBill(payment.bill_id) })
        .onConflict((oc) => oc.column('payment_id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /**
     * An online payment's refund that went through, on the bill payment it made: its sum and the
     * moment of the latest on the payment, and the refund itself with its local day (the day
     * report counts each refund on its own day). Whether a bill payment took it.
     */
    async refundOnline(paymentId: number, amount: Minor, at: string, date: string): Promise<boolean> {
      const changed = await db
        .updateTable('bill_payments')
        .set((eb) => ({ refunded: eb('refunded', '+', amount), refunded_at: at, refunded_date: date }))
        .where('payment_id', '=', paymentId)
        .where((eb) => eb(eb('refunded', '+', amount), '<=', eb(eb.ref('amount'), '+', eb.ref('tip'))))
        .returning('id')
        .executeTakeFirst();
      if (!changed) return false;
      await db
        .insertInto('bill_refunds')
        .values({ branch_id: branchOfBillPayment(changed.id), bill_payment_id: changed.id, amount, at, date })
        .execute();
      return true;
    },

    async insertDiscount(discount: {
      bill_id: number;
      percent_bp: number | null;
      amount: Minor | null;
      reason: string;
      by_user_id: number;
      by_name: string;
      created_at: string;
    }): Promise<void> {
      await db
        .insertInto('bill_discounts')
        .values({ ...discount, branch_id: branchOfBill(discount.bill_id) })
        .execute();
    },

    /**
     * Pays a bill at its figures with its receipt number (kept, or the counter's next), as one
     * statement on PostgreSQL: the counter row moves on in the caller's transaction, its row lock
     * ordering payers on any server from this statement to the commit only; the unique index on
     * bills refuses a repeat. On SQLite (its write lock held) the counter, then the bill.
     */
    async markPaidWithReceipt(
      engine: 'postgres' | 'sqlite',
      billId: number,
      paid: PaidFigures,
      receipt: number | null,
    ): Promise<void> {
      if (receipt !== null) {
        await db
          .updateTable('bills')
          .set({ status: 'paid', ...paid, receipt_number: receipt })
          .where('id', '=', billId)
          .execute();
        return;
      }
      if (engine === 'postgres') {
        await db
          .with('r', () => nextReceipt(billId))
          .updateTable('bills')
          .set((eb) => ({ status: 'paid', ...paid, receipt_number: eb.selectFrom('r').select('r.last_number') }))
          .where('id', '=', billId)
          .execute();
        return;
      }
      const number = (await nextReceipt(billId).executeTakeFirst())?.last_number;
      if (number === undefined) throw new Error(`bill ${billId} is not there to be numbered`);
      await db
        .updateTable('bills')
        .set({ status: 'paid', ...paid, receipt_number: Number(number) })
        .where('id', '=', billId)
        .execute();
    },

    /** The discounts' amounts as a bill is paid at. */
    async setDiscountAmounts(discountAmounts: { id: number; amount: Minor }[]): Promise<void> {
      for (const d of discountAmounts)
        await db.updateTable('bill_discounts').set({ amount: d.amount }).where('id', '=', d.id).execute();
    },
  };
}
