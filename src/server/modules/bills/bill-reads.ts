import { type BranchId, asBranchId } from '../../db/branch.ts';
import type { Kysely } from 'kysely';
import type { Bill, BillStatus } from '../../../shared/contract/bills.ts';
import { fromMinorUnits } from '../../../shared/contract/common.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { decodeCursor, pageFrom, pageSize } from '../../http/paging.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { BillsContext } from './bills.service.ts';
import { createBillsRepository } from './bills.repository.ts';
import { type Minor } from '../../../shared/domain/money.ts';

/** A pick-up's or a delivery's own bill's figures as its ticket shows them (the contract's numbers). */
type OwnBillFigures = Pick<
  Bill,
  'subtotal' | 'taxes' | 'taxInclusive' | 'serviceCharge' | 'deliveryFee' | 'total' | 'refunded'
>;

/**
 * The bills service's reads (bills.service.ts spreads them into its own): the bills listed and one,
 * a ticket's bill money, a cancel's preview, what a bill has payable, the day's figures.
 */
export function createBillReads({
  db,
  deps,
  ledger,
  withAmounts,
  views,
  viewWithAmounts,
  view,
  readerAt,
}: Pick<BillsContext, 'db' | 'deps' | 'ledger' | 'withAmounts' | 'views' | 'viewWithAmounts' | 'view' | 'readerAt'>) {
  /** A branch's settings: a bill is priced by the rules of the branch it is at. */
  const settingsAt = (branch: BranchId) => deps.restaurant.at(branch).get();
  return {
    /**
     * The money of bills that are a pick-up's or a delivery's own, by bill id, as a ticket shows
     * it: the bill's figures as they stand (tips apart), so that My Orders, the kitchen and the
     * bill say one number (`shown`, the contract's), and its total and what was given back in
     * minor units. Read with the caller's handle (a ticket's views).
     */
    async ownBillMoney(
      executor: Kysely<AppDatabase>,
      ids: number[],
    ): Promise<Map<number, { shown: OwnBillFigures; total: Minor; refunded: Minor }>> {
      const bills = await withAmounts(executor, 'brand', [...new Set(ids)], settingsAt);
      return new Map(
        bills
          .filter(({ bill: b }) => b.fulfilment !== 'dine_in')
          .map(({ bill: b, amounts }) => [
            Number(b._id),
            {
              shown: {
                subtotal: b.subtotal,
                taxes: b.taxes,
                taxInclusive: b.taxInclusive,
                serviceCharge: b.serviceCharge,
                deliveryFee: b.deliveryFee,
                total: b.total,
                refunded: b.refunded,
              },
              total: amounts.total,
              refunded: amounts.refunded,
            },
          ]),
      );
    },

    /** What cancelling a ticket would give back of its bill's money (the kitchen's cancel dialog says it first), in the contract's units. */
    async cancelPreview(
      ticketId: number,
    ): Promise<{ billId: string | null; refund: number; giveBack: { method: string; amount: number }[] }> {
      const repository = createBillsRepository(db);
      const billId = await deps.tickets.billOf(db, ticketId);
      const row = billId === null ? undefined : await repository.bill(billId, 'brand');
      if (!row || row.status === 'void')
        return { billId: billId === null ? null : String(billId), refund: 0, giveBack: [] };
      const preview = await ledger.previewCancel(db, row, await settingsAt(asBranchId(row.branch_id)), ticketId);
      return {
        billId: String(row.id),
        refund: fromMinorUnits(preview.refund),
        giveBack: preview.giveBack.map((g) => ({ method: g.method, amount: fromMinorUnits(g.amount) })),
      };
    },

    /**
     * What a bill has due now (minor units) and whether it is open, for a caller who may pay it: its
     * guest, or staff at `branch` (others, and another branch's bill: 404).
     */
    async payable(
      caller: Caller,
      id: number,
      branch?: BranchId,
    ): Promise<{ status: BillStatus; due: Minor; currency: string | undefined; branch: BranchId }> {
      const at = await readerAt(caller, id, branch);
      const { bill, amounts } = await viewWithAmounts(db, at, id, settingsAt);
      // Charged in the currency the bill was opened in (decision 057), whatever the settings say now.
      return {
        status: bill.status,
        due: amounts.due,
        currency: bill.currency,
        branch: asBranchId(Number(bill.branchId)),
      };
    },

    /** GET /api/v1/bills: staff, a branch's; a page of at most `limit` (500), after `cursor` (paging.ts); lines named in the `asked` language or the restaurant's. */
    async list(
      branch: BranchId,
      filter: {
        status?: BillStatus | undefined;
        date?: string | undefined;
        limit?: number | undefined;
        cursor?: string | undefined;
      },
      asked?: Language,
    ): Promise<{ bills: Bill[]; nextCursor: string | null }> {
      const settings = await settingsAt(branch);
      const size = pageSize(filter.limit);
      const page = pageFrom(
        await createBillsRepository(db).ids(
          branch,
          filter,
          size + 1,
          decodeCursor(filter.cursor, ['n'])?.[0] as number | undefined,
        ),
        size,
        (id) => [id],
      );
      return {
        bills: await views(db, branch, page.rows, settings, asked ?? settings.language),
        nextCursor: page.nextCursor,
      };
    },

    /** GET /api/v1/bills/{id}: staff at `branch` (another branch's bill 404), or a guest with a ticket on it (others 404). */
    async one(caller: Caller, id: number, branch?: BranchId): Promise<Bill> {
      const at = await readerAt(caller, id, branch);
      return view(db, at, id, settingsAt, caller.language ?? (await deps.restaurant.brand()).language);
    },

    /** The figures of a branch's bills paid on a local day and the refunds made on it, minor units (the owner's day report). */
    async dayFigures(date: string, branch: BranchId) {
      const repository = createBillsRepository(db);
      return { ...(await repository.paidOn(date, branch)), refunds: await repository.refundsOn(date, branch) };
    },
  };
}
