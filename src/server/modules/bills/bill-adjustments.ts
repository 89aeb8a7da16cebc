import type { BranchId } from '../../db/branch.ts';
import { roleAtLeast } from '../../../shared/constants.ts';
import type { Bill, DiscountBody, KeepSplitBody } from '../../../shared/contract/bills.ts';
import { fromMinorUnits, toMinorUnits } from '../../../shared/contract/common.ts';
import { basisPoints, percentOf, splitShares } from '../../../shared/domain/billing.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { BillsContext } from './bills.service.ts';
import { createBillsRepository } from './bills.repository.ts';
import { paidShares } from './kept-split.ts';

/**
 * Staff's changes of how an open bill's due is met (bills.service.ts spreads them into its own): a
 * discount, and its split, quoted or kept (issue 58). Made at staff's branch (`bills.at(branch)`):
 * another branch's bill answers 404 and nothing changes (decision 062).
 */
export function createBillAdjustments(
  {
    db,
    deps,
    ledger,
    nowIso,
    view,
    viewWithAmounts,
    keyedChange,
    afterCommit,
  }: Pick<
    BillsContext,
    'db' | 'deps' | 'ledger' | 'nowIso' | 'view' | 'viewWithAmounts' | 'keyedChange' | 'afterCommit'
  >,
  branch: BranchId,
) {
  return {
    /** POST /api/v1/bills/{id}/discounts: on an open bill; what it takes below what was paid is owed back. */
    async discount(caller: Caller, id: number, body: DiscountBody): Promise<Bill> {
      const settings = await deps.restaurant.at(branch).get();
      const now = nowIso();
      // A discount queued offline carries a key (docs/reference/service.md "Staff screens that survive the Wi-Fi"): sent again, it is taken once.
      const request = {
        percent: body.percent ?? null,
        amount: body.amount !== undefined ? toMinorUnits(body.amount) : null,
        reason: body.reason,
      };
      const after = await keyedChange(
        id,
        branch,
        'bill-discount',
        body.key,
        request,
        'keyWasAlreadyUsedDiscount',
        async (trx, row) => {
          if (row.status === 'paid') throw conflict('billAlreadyPaid');
          if (row.status === 'void') throw conflict('billVoid');
          const { money } = await ledger.stateOf(trx, row, settings);
          if (!roleAtLeast(caller.role, 'admin')) {
            const adding =
              body.percent !== undefined
                ? percentOf(money.subtotal, body.percent)
                : toMinorUnits(body.amount as number);
            const limit = percentOf(money.subtotal, settings.billing.staffDiscountMaxPercent);
            if (money.discount + adding > limit)
              throw forbidden('staffMayTakeMostOff', { v0: settings.billing.staffDiscountMaxPercent });
          }
          await createBillsRepository(trx).insertDiscount({
            bill_id: id,
            percent_bp: body.percent !== undefined ? basisPoints(body.percent) : null,
            amount: body.amount !== undefined ? toMinorUnits(body.amount) : null,
            reason: body.reason,
            by_user_id: caller.id,
            by_name: caller.name,
            created_at: now,
          });
          return afterCommit(row, await ledger.rebalance(trx, row, settings, now, `Discount: ${body.reason}`));
        },
      );
      await after?.();
      return view(db, branch, id, settings, caller.language ?? settings.language);
    },

    /** GET /api/v1/bills/{id}/split?ways=N */
    async split(id: number, ways: number): Promise<{ due: number; shares: number[] }> {
      const { due } = (await viewWithAmounts(db, branch, id, await deps.restaurant.at(branch).get())).amounts;
      return { due: fromMinorUnits(due), shares: splitShares(due, ways).map(fromMinorUnits) };
    },

    /**
     * POST /api/v1/bills/{id}/split (staff): the split kept on the bill until its shares are paid
     * (issue 58, decision 057), so every screen and server of the bill takes the same shares; split
     * again, the shares already paid stay paid and the due is shared over the others.
     */
    async keepSplit(caller: Caller, id: number, body: KeepSplitBody): Promise<Bill> {
      const settings = await deps.restaurant.at(branch).get();
      const after = await keyedChange(
        id,
        branch,
        'bill-split',
        body.key,
        { ways: body.ways },
        'keyWasAlreadyUsedSplit',
        async (trx, row) => {
          if (row.status === 'paid') throw conflict('billAlreadyPaid');
          if (row.status === 'void') throw conflict('billVoid');
          const { parts } = await ledger.stateOf(trx, row, settings);
          const paid = paidShares(parts.payments);
          const highest = Math.max(0, ...paid.keys());
          if (highest >= body.ways || paid.size >= body.ways)
            throw conflict('sharesAlreadyPaidSplit', {
              v0: Math.max(paid.size, highest),
              v1: Math.max(paid.size, highest) + 1,
            });
          await createBillsRepository(trx).keepSplit(id, body.ways);
          return afterCommit(row, { refundIds: [], paidTickets: [] });
        },
      );
      await after?.();
      return view(db, branch, id, settings, caller.language ?? settings.language);
    },
  };
}
