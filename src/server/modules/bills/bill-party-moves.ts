import type { BranchId } from '../../db/branch.ts';
import type { Kysely } from 'kysely';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { lockForWriting } from '../../db/write-lock.ts';
import type { MovesContext, Party } from './bill-moves.ts';
import { createBillsRepository } from './bills.repository.ts';
import { type Minor, ZERO } from '../../../shared/domain/money.ts';

/**
 * What the reservations do to a bill in their own transaction (bill-moves.ts spreads it into its
 * own): a seated party's deposit paid on its bill, and that bill closed when the party leaves covered.
 */
export function createBillPartyMoves(
  engine: Engine,
  { ledger, nowIso, openBill }: Pick<MovesContext, 'ledger' | 'nowIso' | 'openBill'>,
) {
  return {
    /**
     * A seated party's paid deposit (decision 032), in the caller's transaction (`settings` read
     * before it): a payment on the open bill of its reservation (opened now if the party has
     * ordered nothing yet), counted in its due like any payment. Once: the bill payment names
     * the deposit's payment, which the database lets count on one bill only (a second call
     * writes nothing). The bill is not closed here: the party has yet to eat. Whether it was written.
     */
    async depositOnBill(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      reservation: Party & { branch: BranchId },
      payment: { paymentId: number; method: string; provider: string; amount: Minor },
    ): Promise<boolean> {
      const repository = createBillsRepository(trx);
      if (engine === 'sqlite') await lockForWriting(trx, engine, 'bills');
      const now = nowIso();
      const row =
        (await repository.openBillOf({ reservationId: reservation.id }, engine === 'postgres')) ??
        (await openBill(
          trx,
          settings,
          {
            branch: reservation.branch,
            fulfilment: 'dine_in',
            tableId: null,
            reservation: { id: reservation.id, partySize: reservation.partySize },
          },
          now,
        ));
      await ledger.freezeRules(trx, row, settings);
      return repository.insertPaymentOnce({
        bill_id: row.id,
        key: null,
        request: null,
        method: payment.method,
        provider: payment.provider,
        amount: payment.amount,
        tip: ZERO,
        tendered: null,
        change: null,
        status: 'succeeded',
        at: now,
        by_user_id: null,
        payment_id: payment.paymentId,
      });
    },

    /**
     * A reservation's party left (completed), in the caller's transaction: if its open bill is
     * covered by what was paid on it (a deposit at least as large as the meal), the bill is paid
     * now with its receipt number, and what was paid beyond its total is answered (minor units)
     * for the caller to give back. A bill with nothing eaten on it takes no receipt number: it is
     * void and the whole deposit is answered. Undefined when there is no such bill or something is still due.
     */
    async closeCovered(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      reservationId: number,
    ): Promise<
      | { billId: number; branchId: number; surplus: Minor; paidTickets: { id: number; userId: number | null }[] }
      | undefined
    > {
      const repository = createBillsRepository(trx);
      if (engine === 'sqlite') await lockForWriting(trx, engine, 'bills');
      const row = await repository.openBillOf({ reservationId }, engine === 'postgres');
      if (!row) return undefined;
      const state = await ledger.stateOf(trx, row, settings);
      if (state.due > 0 || state.kept === 0) return undefined;
      if (!state.parts.lines.some((l) => l.ticket_status !== 'cancelled')) {
        await repository.voidBill(row.id);
        return { billId: row.id, branchId: row.branch_id, surplus: state.owedBack, paidTickets: [] };
      }
      await ledger.close(trx, row, state, settings, nowIso());
      return {
        billId: row.id,
        branchId: row.branch_id,
        surplus: state.owedBack,
        paidTickets: state.parts.tickets.map((t) => ({ id: t.id, userId: t.user_id })),
      };
    },
  };
}
