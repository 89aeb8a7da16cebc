import type { Kysely } from 'kysely';
import { BILL_METHOD_OF_PAY_METHOD } from '../../../shared/constants.ts';
import { fromMinorUnits } from '../../../shared/contract/common.ts';
import { formatMoney } from '../../../shared/format-money.ts';
import { conflict } from '../../http/errors.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { Fulfilment } from '../../../shared/contract/tickets.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { lockForWriting } from '../../db/write-lock.ts';
import { type BillLedger, type KeptRules, billRules, rulesOf } from './bills.ledger.ts';
import { type BillRow, createBillsRepository } from './bills.repository.ts';
import type { TicketsOnBills } from './bill-sources.ts';

/** A reservation's party, as a bill it opens counts its covers. */
export type Party = { id: number; partySize: number };

/** What the moves share with the rest of the bills service. */
export interface MovesContext {
  ledger: BillLedger;
  nowIso: () => string;
  openBill(
    trx: Kysely<AppDatabase>,
    settings: RestaurantSettings,
    bill: { fulfilment: Fulfilment; tableId: number | null; reservation: Party | null },
    now: string,
    numberLater?: boolean,
  ): Promise<BillRow>;
  afterCommit(
    billId: number,
    outcome: { refundIds: number[]; paidTickets: { id: number; userId: number | null }[] },
  ): () => Promise<void>;
}

/**
 * What the other modules do to a bill in their own transaction (decision 041: calls through a
 * narrow interface, never events, for the money stays exact): a ticket placed, handed over or
 * cancelled (tickets, kitchen), a payment that succeeded online (its purpose), a seated party's
 * deposit and the party leaving (reservations), a refund that went through (payments).
 */
export function createBillMoves(
  engine: Engine,
  deps: { tickets: TicketsOnBills },
  { ledger, nowIso, openBill, afterCommit }: MovesContext,
) {
  const { lockBill } = ledger;
  return {
    /**
     * Puts a newly placed ticket on its bill, in the transaction that places it (which holds the
     * kitchen): pick-up and delivery open a bill of their own; dine-in joins the open bill of its
     * reservation or table, or opens it; then `write` writes the ticket onto that bill (its id),
     * priced under the bill's rules: those it kept from its first payment, else the settings'
     * (decision 055: the round's answer and ticket say what the bill charges for it).
     * A ticket placed paid (the spec's PAY, demo provider) is a payment on that bill of what the
     * ticket added to its due. `settings` are read before the transaction. A bill opened here has
     * a provisional number: `opened` is it, for the placing's last statement to number with the
     * ticket (numberRows, decision 046).
     */
    async attachTicket(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      ticket: {
        fulfilment: Fulfilment;
        tableId: number | null;
        reservation: Party | null;
        paidWith: string | null;
        userId: number | null;
      },
      write: (billId: number, rules: KeptRules) => Promise<number>,
    ): Promise<{ ticketId: number; billId: number; opened: { id: number; day: string } | null }> {
      const repository = createBillsRepository(trx);
      const now = nowIso();
      const reservation = ticket.fulfilment === 'dine_in' ? ticket.reservation : null;
      const shared =
        ticket.fulfilment === 'dine_in'
          ? reservation !== null
            ? { reservationId: reservation.id }
            : ticket.tableId !== null
              ? { tableId: ticket.tableId }
              : undefined
          : undefined;
      if (engine === 'sqlite' && shared) await lockForWriting(trx, engine, 'bills');
      const existing = shared ? await repository.openBillOf(shared, engine === 'postgres') : undefined;
      const row =
        existing ??
        (await openBill(
          trx,
          settings,
          { fulfilment: ticket.fulfilment, tableId: reservation === null ? ticket.tableId : null, reservation },
          now,
          true,
        ));
      // A bill opened just now has nothing on it yet: nothing due.
      const before = existing ? await ledger.stateOf(trx, row, settings) : undefined;
      // Money a table's bill owes back is its last party's: a new round never counts against it (decision 055).
      // A reservation's bill is one party's, whose deposit waits for the rounds to come.
      if (before && before.owedBack > 0 && row.reservation_id === null)
        throw conflict('tableOwesBack', {
          v0: formatMoney(fromMinorUnits(before.owedBack), row.currency ?? settings.currency),
        });
      const dueBefore = before?.due ?? 0;
      const ticketId = await write(row.id, billRules(row, settings));
      if (ticket.paidWith !== null) {
        const state = await ledger.stateOf(trx, row, settings);
        const amount = state.due - dueBefore;
        if (amount > 0)
          await ledger.takePayment(
            trx,
            row,
            settings,
            state,
            {
              bill_id: row.id,
              key: null,
              request: null,
              method: BILL_METHOD_OF_PAY_METHOD[ticket.paidWith] ?? ticket.paidWith,
              provider: 'demo',
              amount,
              tip: 0,
              tendered: null,
              change: null,
              status: 'succeeded',
              at: now,
              by_user_id: ticket.userId,
            },
            'Paid at checkout',
          );
        else await ledger.rebalance(trx, row, settings, now, 'Paid at checkout', state);
      }
      return { ticketId, billId: row.id, opened: existing ? null : { id: row.id, day: row.local_date } };
    },

    /**
     * The billing rules a round for this table or reservation would be priced under, as
     * `attachTicket` prices it: its open bill's kept rules, else the settings' (a quote of "New order").
     */
    async roundRules(
      executor: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      by: { tableId: number } | { reservationId: number },
    ): Promise<KeptRules> {
      const row = await createBillsRepository(executor).openBillOf(by, false);
      return row ? billRules(row, settings) : rulesOf(settings);
    },

    /**
     * The kitchen moved a ticket, in its transaction (`settings` read before it). Completing a
     * pick-up or delivery ticket whose money was due takes it in cash (docs/reference/operations.md "Tickets":
     * staff take the money when they hand the order over): a cash payment of its bill's due,
     * which pays the bill. A table's or reservation's bill is paid with "Take payment" instead.
     * A cancel takes the ticket's lines off its bill, open or paid: what was paid beyond the
     * bill's total is owed back (online money refunded at once, once committed: run what this
     * answers then); a bill whose every ticket is cancelled, with nothing kept, becomes void.
     * `onBill`: the bill the ticket is on, when the caller read it with the ticket (else read here).
     */
    async ticketMoved(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      ticketId: number,
      change: { collected: boolean; cancelled: boolean; reason?: string },
      onBill?: number | null,
    ): Promise<() => Promise<void>> {
      const billId = onBill === undefined ? await deps.tickets.billOf(trx, ticketId) : onBill;
      const nothing = async () => {};
      if (billId === null) return nothing;
      const row = await lockBill(trx, billId);
      if (!row || row.status === 'void' || (row.status === 'paid' && !change.cancelled)) return nothing;
      const now = nowIso();
      const reason = change.cancelled ? `Order cancelled: ${change.reason ?? 'cancelled'}` : 'Order handed over';
      if (change.collected && row.fulfilment !== 'dine_in') {
        const state = await ledger.stateOf(trx, row, settings);
        if (state.due > 0)
          return afterCommit(
            billId,
            await ledger.takePayment(
              trx,
              row,
              settings,
              state,
              {
                bill_id: billId,
                key: null,
                request: null,
                method: 'cash',
                provider: 'restaurant',
                amount: state.due,
                tip: 0,
                tendered: null,
                change: null,
                status: 'succeeded',
                at: now,
                by_user_id: null,
              },
              reason,
            ),
          );
        return afterCommit(billId, await ledger.rebalance(trx, row, settings, now, reason, state));
      }
      return afterCommit(billId, await ledger.rebalance(trx, row, settings, now, reason));
    },

    /**
     * A payment that succeeded elsewhere (an online provider's `succeeded`), in the caller's
     * transaction (`settings` read before it): under the bill's lock, at most its due, recorded
     * as succeeded; at due 0 the bill is paid (figures, receipt number, tickets paid).
     * Answers what happened, and the paid tickets to announce once committed (`announcePaid`).
     * A bill that is no longer open, or a due smaller than the amount, records nothing: the
     * caller refunds or keeps the money as it decides (`notOpen`, `overDue`).
     */
    async recordSucceeded(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      billId: number,
      payment: {
        method: string;
        provider: string;
        amount: number;
        tip: number;
        byUserId: number | null;
        paymentId?: number;
      },
    ): Promise<{
      outcome: 'recorded' | 'paid' | 'notOpen' | 'overDue' | 'notFound';
      paidTickets: { id: number; userId: number | null }[];
    }> {
      const row = await lockBill(trx, billId);
      if (!row) return { outcome: 'notFound', paidTickets: [] };
      if (row.status !== 'open') return { outcome: 'notOpen', paidTickets: [] };
      const before = await ledger.stateOf(trx, row, settings);
      if (payment.amount > before.due) return { outcome: 'overDue', paidTickets: [] };
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
      return closed ? { outcome: 'paid', paidTickets } : { outcome: 'recorded', paidTickets: [] };
    },

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
      reservation: Party,
      payment: { paymentId: number; method: string; provider: string; amount: number },
    ): Promise<boolean> {
      const repository = createBillsRepository(trx);
      if (engine === 'sqlite') await lockForWriting(trx, engine, 'bills');
      const now = nowIso();
      const row =
        (await repository.openBillOf({ reservationId: reservation.id }, engine === 'postgres')) ??
        (await openBill(trx, settings, { fulfilment: 'dine_in', tableId: null, reservation }, now));
      await ledger.freezeRules(trx, row, settings);
      return repository.insertPaymentOnce({
        bill_id: row.id,
        key: null,
        request: null,
        method: payment.method,
        provider: payment.provider,
        amount: payment.amount,
        tip: 0,
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
    ): Promise<{ billId: number; surplus: number; paidTickets: { id: number; userId: number | null }[] } | undefined> {
      const repository = createBillsRepository(trx);
      if (engine === 'sqlite') await lockForWriting(trx, engine, 'bills');
      const row = await repository.openBillOf({ reservationId }, engine === 'postgres');
      if (!row) return undefined;
      const state = await ledger.stateOf(trx, row, settings);
      if (state.due > 0 || state.kept === 0) return undefined;
      if (!state.parts.lines.some((l) => l.ticket_status !== 'cancelled')) {
        await repository.voidBill(row.id);
        return { billId: row.id, surplus: state.owedBack, paidTickets: [] };
      }
      await ledger.close(trx, row, state, settings, nowIso());
      return {
        billId: row.id,
        surplus: state.owedBack,
        paidTickets: state.parts.tickets.map((t) => ({ id: t.id, userId: t.user_id })),
      };
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
      amount: number,
    ): Promise<boolean> {
      const now = nowIso();
      return createBillsRepository(trx).refundOnline(paymentId, amount, now, wallClockOf(now, settings.timeZone).date);
    },
  };
}
