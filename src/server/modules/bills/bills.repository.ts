import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { AppDatabase, BillDiscountsTable, BillPaymentsTable, BillsTable } from '../../db/schema.ts';
import { MAIN_BRANCH_ID } from '../../db/branch.ts';
import { type Minor, asMinor, sumMinor } from '../../../shared/domain/money.ts';

export type BillRow = Selectable<BillsTable>;
export type DiscountRow = Selectable<BillDiscountsTable>;
export type PaymentRow = Selectable<BillPaymentsTable>;
/** A bill payment as a bill counts it: for an online one, what its payment set aside for refunds, and whether it is a deposit (1). */
export type BillPaymentRow = PaymentRow & { reserved: number | null; deposit: number };
/** A bill payment to write. */
export type NewBillPayment = {
  bill_id: number;
  key: string | null;
  request: string | null;
  method: string;
  provider: string;
  amount: number;
  tip: number;
  tendered: number | null;
  change: number | null;
  status: string;
  at: string;
  by_user_id: number | null;
  payment_id?: number | null;
  share?: number | null;
};

/** A ticket line as a bill reads it: its ticket's state and its dish's category. */
export interface BillLineRow {
  id: number;
  ticket_id: number;
  bill_id: number;
  ticket_status: string;
  name: string;
  /** The dish's Bangla name as the ticket's line copied it ('' where none; decision 050). */
  name_bn: string;
  quantity: number;
  price: number;
  options: string;
  category: string | null;
}

export interface BillTicketRow {
  id: number;
  bill_id: number;
  status: string;
  user_id: number | null;
  delivery_fee: number;
  placed_at: string;
}

/**
 * All SQL about bills: the bill, its discounts and payments, the receipt counter and the day's
 * figures (the tickets on a bill are the tickets module's: bill-sources.ts). Built on a handle:
 * inside a transaction, build it on the transaction.
 */
/** The figures a bill is paid at, as written on it. */
export type PaidFigures = {
  paid_at: string;
  paid_date: string;
  subtotal: number;
  discount: number;
  service_charge: number;
  delivery_fee: number;
  tax: number;
  total: number;
  tax_inclusive: number;
  taxes: string;
  line_rates: string;
  rules: string;
};

export function createBillsRepository(db: Kysely<AppDatabase>) {
  return {
    /** The open bill of a table or of a reservation; `lock` holds its row until the transaction ends (PostgreSQL). */
    async openBillOf(by: { tableId: number } | { reservationId: number }, lock: boolean): Promise<BillRow | undefined> {
      let query = db.selectFrom('bills').selectAll().where('status', '=', 'open');
      query =
        'tableId' in by
          ? query.where('table_id', '=', by.tableId).where('reservation_id', 'is', null)
          : query.where('reservation_id', '=', by.reservationId);
      if (lock) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /** A bill by id; `lock` holds its row until the transaction ends (PostgreSQL). */
    async bill(id: number, lock = false): Promise<BillRow | undefined> {
      let query = db.selectFrom('bills').selectAll().where('id', '=', id);
      if (lock) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    async bills(ids: number[]): Promise<BillRow[]> {
      if (ids.length === 0) return [];
      return db.selectFrom('bills').selectAll().where('id', 'in', ids).orderBy('id', 'desc').execute();
    },

    /** Bill ids, newest first, by status and the local day they opened; those older than `before` (the page before's last). */
    async ids(
      filter: { status?: string | undefined; date?: string | undefined },
      limit: number,
      before?: number,
    ): Promise<number[]> {
      let query = db.selectFrom('bills').select('id');
      if (before !== undefined) query = query.where('id', '<', before);
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.date) query = query.where('local_date', '=', filter.date);
      return (await query.orderBy('id', 'desc').limit(limit).execute()).map((r) => r.id);
    },

    /** Keeps the ways a bill is split (issue 58). */
    async keepSplit(id: number, ways: number): Promise<void> {
      await db.updateTable('bills').set({ split_ways: ways }).where('id', '=', id).execute();
    },

    /** Opens a bill: its row as written. */
    insert(bill: {
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

    /** A bill's own parts, grouped by bill: its discounts and its payments (bill-sources.ts adds the tickets and the online payments' refunds). */
    async parts(ids: number[]) {
      const discounts = await db
        .selectFrom('bill_discounts')
        .selectAll()
        .where('bill_id', 'in', ids)
        .orderBy('id')
        .execute();
      const payments = await db
        .selectFrom('bill_payments')
        .selectAll()
        .where('bill_id', 'in', ids)
        .orderBy('id')
        .execute();
      return { discounts, payments };
    },

    async setRules(billId: number, rules: string): Promise<void> {
      await db.updateTable('bills').set({ rules }).where('id', '=', billId).execute();
    },

    /** Money of a bill payment given back (at the restaurant, or the demo's at once): on the payment, and as a refund of its local day. */
    async giveBack(
      billPaymentId: number,
      amount: number,
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
        .values({ bill_payment_id: billPaymentId, amount, at, date, reason, by_user_id: by })
        .execute();
    },

    /** A paid bill's figures written again (a ticket on it was cancelled): its receipt number and paid day stay. */
    async rewriteFigures(
      billId: number,
      figures: {
        subtotal: number;
        discount: number;
        service_charge: number;
        delivery_fee: number;
        tax: number;
        total: number;
        tax_inclusive: number;
        taxes: string;
        line_rates: string;
        rules: string;
      },
      discountAmounts: { id: number; amount: number }[],
    ): Promise<void> {
      await db.updateTable('bills').set(figures).where('id', '=', billId).execute();
      for (const d of discountAmounts)
        await db.updateTable('bill_discounts').set({ amount: d.amount }).where('id', '=', d.id).execute();
    },

    /** Writes a bill payment: its row as written (without the refunds its online payment has set aside: none yet). */
    insertPayment(payment: NewBillPayment): Promise<PaymentRow> {
      return db.insertInto('bill_payments').values(payment).returningAll().executeTakeFirstOrThrow();
    },

    /** Writes a bill payment of an online payment unless that payment is on a bill already (the unique payment_id); whether it was written. */
    async insertPaymentOnce(payment: {
      bill_id: number;
      key: null;
      request: null;
      method: string;
      provider: string;
      amount: number;
      tip: number;
      tendered: null;
      change: null;
      status: string;
      at: string;
      by_user_id: number | null;
      payment_id: number;
    }): Promise<boolean> {
      const inserted = await db
        .insertInto('bill_payments')
        .values(payment)
        .onConflict((oc) => oc.column('payment_id').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /**
     * An online payment's refund that went through, on the bill payment it made: its sum and the
     * moment of the latest on the payment, and the refund itself with its local day (the day
     * report counts each refund on its own day). Whether a bill payment took it.
     */
    async refundOnline(paymentId: number, amount: number, at: string, date: string): Promise<boolean> {
      const changed = await db
        .updateTable('bill_payments')
        .set((eb) => ({ refunded: eb('refunded', '+', amount), refunded_at: at, refunded_date: date }))
        .where('payment_id', '=', paymentId)
        .where((eb) => eb(eb('refunded', '+', amount), '<=', eb(eb.ref('amount'), '+', eb.ref('tip'))))
        .returning('id')
        .executeTakeFirst();
      if (!changed) return false;
      await db.insertInto('bill_refunds').values({ bill_payment_id: changed.id, amount, at, date }).execute();
      return true;
    },

    async insertDiscount(discount: {
      bill_id: number;
      percent_bp: number | null;
      amount: number | null;
      reason: string;
      by_user_id: number;
      by_name: string;
      created_at: string;
    }): Promise<void> {
      await db.insertInto('bill_discounts').values(discount).execute();
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
          .with('r', (w) =>
            w
              .updateTable('receipt_counter')
              .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
              .where('branch_id', '=', MAIN_BRANCH_ID)
              .returning('last_number'),
          )
          .updateTable('bills')
          .set((eb) => ({ status: 'paid', ...paid, receipt_number: eb.selectFrom('r').select('r.last_number') }))
          .where('id', '=', billId)
          .execute();
        return;
      }
      const row = await sql<{
        last_number: number;
      }>`update receipt_counter set last_number = last_number + 1 where branch_id = ${MAIN_BRANCH_ID} returning last_number`.execute(
        db,
      );
      const number = row.rows[0]?.last_number;
      if (number === undefined) throw new Error('The receipt counter is missing (migrations 0009, 0037)');
      await db
        .updateTable('bills')
        .set({ status: 'paid', ...paid, receipt_number: Number(number) })
        .where('id', '=', billId)
        .execute();
    },

    /** The discounts' amounts as a bill is paid at. */
    async setDiscountAmounts(discountAmounts: { id: number; amount: number }[]): Promise<void> {
      for (const d of discountAmounts)
        await db.updateTable('bill_discounts').set({ amount: d.amount }).where('id', '=', d.id).execute();
    },

    /**
     * The figures of the bills paid on a local day, summed by the database (a day of 2,000 bills
     * read row by row cost 40 ms on SQLite, summed 3 ms): their count and sums, each bill's taxes
     * (JSON, summed per rate by the caller) and their succeeded payments per method.
     */
    async paidOn(date: string) {
      // A bill paid that day and voided since (every ticket cancelled, decision 055) stays with its
      // receipt number and the money it took; what it gave back is on the day it was given back.
      const paid = db.selectFrom('bills').where('paid_date', '=', date).where('status', 'in', ['paid', 'void']);
      const totals = await paid
        .select((eb) => [
          eb.fn.countAll<number>().as('bills'),
          eb.fn.sum<number>('subtotal').as('subtotal'),
          eb.fn.sum<number>('discount').as('discount'),
          eb.fn.sum<number>('service_charge').as('service_charge'),
          eb.fn.sum<number>('delivery_fee').as('delivery_fee'),
          eb.fn.sum<number>('covers').as('covers'),
        ])
        .executeTakeFirstOrThrow();
      const taxes = (await paid.select('taxes').execute()).map((r) => r.taxes);
      // Each bill keeps the currency it was opened in (decision 057); null: opened before that was kept.
      const currencies = (await paid.select('currency').distinct().orderBy('currency').execute()).map(
        (r) => r.currency,
      );
      const payments = await db
        .selectFrom('bill_payments')
        .select((eb) => [
          'method',
          eb.fn.countAll<number>().as('count'),
          eb.fn.sum<number>('amount').as('amount'),
          eb.fn.sum<number>('tip').as('tip'),
        ])
        .where('bill_id', 'in', paid.select('id'))
        .where('status', '=', 'succeeded')
        .groupBy('method')
        .execute();
      return {
        bills: Number(totals.bills),
        subtotal: asMinor(totals.subtotal ?? 0),
        discount: asMinor(totals.discount ?? 0),
        serviceCharge: asMinor(totals.service_charge ?? 0),
        deliveryFee: asMinor(totals.delivery_fee ?? 0),
        covers: Number(totals.covers ?? 0),
        taxes,
        currencies,
        payments: payments.map((p) => ({
          method: p.method,
          count: Number(p.count),
          amount: asMinor(p.amount ?? 0),
          tip: asMinor(p.tip ?? 0),
        })),
      };
    },

    /**
     * Refunds made on a local day: all, and in cash. Those of a void bill that was never paid are
     * not (its payments are counted nowhere either); those of a bill paid, then voided, are: its
     * payments are counted on the day it was paid (decision 055).
     */
    async refundsOn(date: string): Promise<{ all: Minor; cash: Minor }> {
      const rows = await db
        .selectFrom('bill_refunds as r')
        .innerJoin('bill_payments as p', 'p.id', 'r.bill_payment_id')
        .innerJoin('bills as b', 'b.id', 'p.bill_id')
        .select(['p.method', 'r.amount'])
        .where('r.date', '=', date)
        .where((eb) => eb.or([eb('b.status', '<>', 'void'), eb('b.paid_date', 'is not', null)]))
        .execute();
      return {
        all: sumMinor(rows.map((r) => asMinor(r.amount))),
        cash: sumMinor(rows.filter((r) => r.method === 'cash').map((r) => asMinor(r.amount))),
      };
    },
  };
}
