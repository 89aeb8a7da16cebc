import { type Kysely, type Selectable, sql } from 'kysely';
import type { AppDatabase, BillDiscountsTable, BillPaymentsTable, BillsTable } from '../../db/schema.ts';
import { createBillWrites } from './bill-writes.ts';
import { lockForWriting } from '../../db/write-lock.ts';
import type { Minor } from '../../../shared/domain/money.ts';
import { createBillDayFigures } from './bill-day-figures.ts';
import type { BranchId } from '../../db/branch.ts';
import { precompiledIn } from '../../db/precompiled.ts';

export type BillRow = Selectable<BillsTable>;
export type DiscountRow = Selectable<BillDiscountsTable>;
export type PaymentRow = Selectable<BillPaymentsTable>;
/** A bill payment as a bill counts it: for an online one, what its payment set aside for refunds, and whether it is a deposit (1). */
export type BillPaymentRow = PaymentRow & { reserved: number | null; deposit: number };
/** A row of `parts`: a discount's columns or a payment's, the other's null. */
type PartRow = {
  kind: 'd' | 'p';
  percent_bp: number | null;
  reason: string | null;
  by_name: string | null;
  created_at: string | null;
} & {
  [K in Exclude<keyof PaymentRow, 'amount'>]: PaymentRow[K];
} & { amount: Minor | null };

/** A bill payment to write. */
export type NewBillPayment = {
  bill_id: number;
  key: string | null;
  request: string | null;
  method: string;
  provider: string;
  amount: Minor;
  tip: Minor;
  tendered: Minor | null;
  change: Minor | null;
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
  price: Minor;
  options: string;
  category: string | null;
}

export interface BillTicketRow {
  id: number;
  bill_id: number;
  status: string;
  user_id: number | null;
  delivery_fee: Minor;
  placed_at: string;
}

/** The figures a bill is paid at, as written on it. */
export type PaidFigures = {
  paid_at: string;
  paid_date: string;
  subtotal: Minor;
  discount: Minor;
  service_charge: Minor;
  delivery_fee: Minor;
  tax: Minor;
  total: Minor;
  tax_inclusive: number;
  taxes: string;
  line_rates: string;
  rules: string;
};

/**
 * Where bills are read (decision 062): at one branch, whose reads name it (staff's list and their
 * reads and acts on a bill by id: another branch's bill is not there), or across the brand (a
 * guest's own bill, read through a ticket of theirs on it; the other modules' moves, which reach a
 * bill through their own branch's ticket, reservation or payment).
 */
export type BillsAt = BranchId | 'brand';

/** A bill's discounts and payments, in one statement (every bill's money reads them: decisions 073 and 075). */
const billParts = precompiledIn(
  1,
  (_db, ids: number[]) =>
    sql<PartRow>`
    select 'd' as "kind", "id", "branch_id", "bill_id", "amount", "by_user_id", "percent_bp", "reason", "by_name", "created_at",
      null as "key", null as "request", null as "method", null as "provider", null as "tip", null as "tendered",
      null as "change", null as "status", null as "at", null as "refunded", null as "refunded_at",
      null as "refunded_date", null as "payment_id", null as "share"
    from "bill_discounts" where "bill_id" in (${sql.join(ids)})
    union all
    select 'p', "id", "branch_id", "bill_id", "amount", "by_user_id", null, null, null, null,
      "key", "request", "method", "provider", "tip", "tendered", "change", "status", "at", "refunded", "refunded_at",
      "refunded_date", "payment_id", "share"
    from "bill_payments" where "bill_id" in (${sql.join(ids)})
    order by 1, 2`,
);

/** Bills by id, newest first, at the brand or at a branch (every bill's money reads them: decision 075). */
const billsAtBrand = precompiledIn(1, (db, ids: number[]) =>
  db.selectFrom('bills').selectAll().where('id', 'in', ids).orderBy('id', 'desc'),
);
const billsAtBranch = precompiledIn(2, (db, ids: number[], branch: BranchId) =>
  db.selectFrom('bills').selectAll().where('id', 'in', ids).where('branch_id', '=', branch).orderBy('id', 'desc'),
);

/** Each handle's repository, made once (a bill's every read asks for it; a transaction's goes with it). */
const repositories = new WeakMap<Kysely<AppDatabase>, BillsRepository>();

/**
 * All SQL about bills: the bill, its discounts and payments, the receipt counter and the day's
 * figures (the tickets on a bill are the tickets module's: bill-sources.ts). Built on a handle:
 * inside a transaction, build it on the transaction. Its reads are here; its writes are in
 * bill-writes.ts and the day's figures in bill-day-figures.ts, spread into it.
 */
export function createBillsRepository(db: Kysely<AppDatabase>): BillsRepository {
  let repository = repositories.get(db);
  if (!repository) {
    repository = billsRepository(db);
    repositories.set(db, repository);
  }
  return repository;
}

export type BillsRepository = ReturnType<typeof billsRepository>;

function billsRepository(db: Kysely<AppDatabase>) {
  return {
    ...createBillWrites(db),
    ...createBillDayFigures(db),
    /**
     * The open bill of a table or of a reservation; `lock` holds it until the transaction ends
     * (PostgreSQL): its row, and first the table's or reservation's key, so that when it has no
     * open bill yet, a racer waits for the one this transaction opens and then finds it, instead of
     * opening a second that the one-open-bill index refuses (a 500, seen at three times the
     * evening's load: two guests' first rounds at one table).
     */
    async openBillOf(by: { tableId: number } | { reservationId: number }, lock: boolean): Promise<BillRow | undefined> {
      if (lock)
        await lockForWriting(
          db,
          'postgres',
          'tableId' in by ? `bills:open:table:${by.tableId}` : `bills:open:reservation:${by.reservationId}`,
        );
      let query = db.selectFrom('bills').selectAll().where('status', '=', 'open');
      query =
        'tableId' in by
          ? query.where('table_id', '=', by.tableId).where('reservation_id', 'is', null)
          : query.where('reservation_id', '=', by.reservationId);
      if (lock) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /** A bill by id, read `at` a branch or the brand; `lock` holds its row until the transaction ends (PostgreSQL). */
    async bill(id: number, at: BillsAt, lock = false): Promise<BillRow | undefined> {
      let query = db
        .selectFrom('bills')
        .selectAll()
        .where('id', '=', id)
        .$if(at !== 'brand', (q) => q.where('branch_id', '=', at as BranchId));
      if (lock) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /** Bills by id, newest first, read `at` a branch (another branch's are not among them) or the brand. */
    async bills(ids: number[], at: BillsAt): Promise<BillRow[]> {
      if (ids.length === 0) return [];
      return (at === 'brand' ? await billsAtBrand(db, ids) : await billsAtBranch(db, ids, at)).rows;
    },

    /** A branch's bill ids, newest first, by status and the local day they opened; those older than `before` (the page before's last). */
    async ids(
      branch: BranchId,
      filter: { status?: string | undefined; date?: string | undefined },
      limit: number,
      before?: number,
    ): Promise<number[]> {
      let query = db.selectFrom('bills').select('id').where('branch_id', '=', branch);
      if (before !== undefined) query = query.where('id', '<', before);
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.date) query = query.where('local_date', '=', filter.date);
      return (await query.orderBy('id', 'desc').limit(limit).execute()).map((r) => r.id);
    },

    /**
     * A bill's own parts: its discounts and its payments (bill-sources.ts adds the tickets and the
     * online payments' refunds). One statement, as every bill's money reads them: the two tables'
     * rows under one list of columns, each row a discount ('d') or a payment ('p').
     */
    async parts(ids: number[]): Promise<{ discounts: DiscountRow[]; payments: PaymentRow[] }> {
      const { rows } = await billParts(db, ids);
      const discounts: DiscountRow[] = [];
      const payments: PaymentRow[] = [];
      for (const { kind, percent_bp, reason, by_name, created_at, ...row } of rows) {
        const common = { id: row.id, branch_id: row.branch_id, bill_id: row.bill_id, by_user_id: row.by_user_id };
        if (kind === 'd')
          discounts.push({
            ...common,
            amount: row.amount,
            percent_bp,
            reason: reason ?? '',
            by_name: by_name ?? '',
            created_at: created_at ?? '',
          });
        else payments.push({ ...row, amount: row.amount as Minor } as PaymentRow);
      }
      return { discounts, payments };
    },
  };
}
