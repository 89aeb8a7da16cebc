import type { BranchId } from '../../db/branch.ts';
import type { Bill, BillRefundBody, PaymentBody } from '../../../shared/contract/bills.ts';
import { fromMinorUnits, toMinorUnits } from '../../../shared/contract/common.ts';
import { formatMoney } from '../../../shared/format-money.ts';
import { changeOf, giveBackPlan } from '../../../shared/domain/billing.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { BillsContext } from './bills.service.ts';
import { everyTicketCancelled, leftToGiveBack } from './bills.mappers.ts';
import { type BillPaymentRow, createBillsRepository } from './bills.repository.ts';
import { type KeptShare, keptShares, paidShares } from './kept-split.ts';

/**
 * Money staff take and give back at the restaurant (bills.service.ts spreads it into its own): a
 * payment, a share of a kept split, a refund of what is owed back. Made at staff's branch
 * (`bills.at(branch)`): another branch's bill answers 404 and nothing changes (decision 062).
 */
export function createBillPayments(
  {
    db,
    deps,
    ledger,
    nowIso,
    view,
    keyedChange,
    afterCommit,
  }: Pick<BillsContext, 'db' | 'deps' | 'ledger' | 'nowIso' | 'view' | 'keyedChange' | 'afterCommit'>,
  branch: BranchId,
) {
  return {
    /** POST /api/v1/bills/{id}/payments: `created` false for a repeated key; with `share`, that share of the kept split, its amount exactly. */
    async pay(caller: Caller, id: number, body: PaymentBody): Promise<{ bill: Bill; created: boolean }> {
      const settings = await deps.restaurant.at(branch).get();
      const now = nowIso();
      const amount = toMinorUnits(body.amount);
      const tip = toMinorUnits(body.tip ?? 0);
      const tendered = body.tendered !== undefined ? toMinorUnits(body.tendered) : null;
      if (tendered !== null && body.method !== 'cash') throw badRequest('tenderedCashPayments');
      const share = body.share ?? null;
      const after = await keyedChange(
        id,
        branch,
        'bill-payment',
        body.key,
        { method: body.method, amount, tip, tendered, ...(share !== null ? { share } : {}) },
        'keyWasAlreadyUsedAnother3',
        async (trx, row, request) => {
          if (row.status === 'paid') throw conflict('billAlreadyPaid');
          if (row.status === 'void') throw conflict('billVoid');
          const before = await ledger.stateOf(trx, row, settings);
          if (amount > before.due)
            throw conflict('amountMoreThanBillS', {
              v0: formatMoney(fromMinorUnits(before.due), row.currency ?? settings.currency),
            });
          if (share !== null) {
            // Read under the bill's lock: two payments of one share cannot both find it unpaid (and the database refuses a second: migration 0031).
            if (row.split_ways === null) throw conflict('billNotSplit');
            if (share > Number(row.split_ways))
              throw conflict('billSplitWaysShare', { v0: Number(row.split_ways), v1: Number(row.split_ways) });
            const shares = keptShares(Number(row.split_ways), paidShares(before.parts.payments), before.due);
            const meant = shares[share - 1] as KeptShare;
            if (meant.paid) throw conflict('shareAlreadyPaid', { v0: share });
            if (meant.amount !== amount)
              throw conflict('shareIsTakeThat', {
                v0: share,
                v1: formatMoney(fromMinorUnits(meant.amount), row.currency ?? settings.currency),
              });
          }
          const change = body.method === 'cash' && tendered !== null ? (changeOf(tendered, amount, tip) ?? null) : null;
          if (body.method === 'cash' && tendered !== null && change === null)
            throw badRequest('tenderedCoverAmountTip');
          return afterCommit(
            row,
            await ledger.takePayment(
              trx,
              row,
              settings,
              before,
              {
                bill_id: id,
                key: body.key,
                request,
                method: body.method,
                provider: 'restaurant',
                amount,
                tip,
                tendered,
                change,
                status: 'succeeded',
                at: now,
                by_user_id: caller.id,
                share,
              },
              'Payment taken',
            ),
          );
        },
      );
      await after?.();
      return {
        bill: await view(db, branch, id, settings, caller.language ?? settings.language),
        created: after !== undefined,
      };
    },

    /**
     * POST /api/v1/bills/{id}/refunds (staff): money taken at the restaurant given back, at most
     * what is owed back, from the bill's payments of that method (newest first). The key is bound
     * to its bill and body: the same answers the same (`created` false), anything else is 409.
     */
    async giveBack(caller: Caller, id: number, body: BillRefundBody): Promise<{ bill: Bill; created: boolean }> {
      const settings = await deps.restaurant.at(branch).get();
      const now = nowIso();
      const amount = toMinorUnits(body.amount);
      const after = await keyedChange(
        id,
        branch,
        'bill-refund',
        body.key,
        { method: body.method, amount, reason: body.reason },
        'keyWasAlreadyUsedAnother',
        async (trx, row) => {
          const repository = createBillsRepository(trx);
          const state = await ledger.stateOf(trx, row, settings);
          if (state.owedBack === 0) throw conflict('nothingOwedBackBill');
          if (amount > state.owedBack)
            throw conflict('amountMoreThanWhatOwed', {
              v0: formatMoney(fromMinorUnits(state.owedBack), row.currency ?? settings.currency),
            });
          const taken = state.parts.payments.filter(
            (p) => p.status === 'succeeded' && p.provider === 'restaurant' && p.method === body.method,
          );
          const everything = everyTicketCancelled(state.parts);
          const plan = giveBackPlan(
            amount,
            taken.map((p) => leftToGiveBack(p, everything)),
          );
          if ([...plan.values()].reduce((sum, n) => sum + n, 0) !== amount)
            throw conflict('noPaymentBillHasMuch', { v0: body.method });
          const date = wallClockOf(now, settings.timeZone).date;
          for (const [i, take] of plan)
            await repository.giveBack((taken[i] as BillPaymentRow).id, take, now, date, body.reason, caller.id);
          return afterCommit(row, await ledger.rebalance(trx, row, settings, now, body.reason));
        },
      );
      await after?.();
      return {
        bill: await view(db, branch, id, settings, caller.language ?? settings.language),
        created: after !== undefined,
      };
    },
  };
}
