import type { BranchId } from '../../db/branch.ts';
import type { Kysely } from 'kysely';
import { BILL_METHOD_OF_PAY_METHOD } from '../../../shared/constants.ts';
import { fromMinorUnits } from '../../../shared/contract/common.ts';
import { formatMoney } from '../../../shared/format-money.ts';
import { conflict } from '../../http/errors.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { Fulfilment } from '../../../shared/contract/tickets.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { lockForWriting } from '../../db/write-lock.ts';
import type { BillLedger } from './bills.ledger.ts';
import { type KeptRules, billRules, rulesOf } from './bill-rules.ts';
import { type BillRow, createBillsRepository } from './bills.repository.ts';
import type { TicketsOnBills } from './bill-sources.ts';
import { createBillPartyMoves } from './bill-party-moves.ts';
import { createBillPaymentMoves } from './bill-payment-moves.ts';
import { ZERO, subtractMinor } from '../../../shared/domain/money.ts';

/** A reservation's party, as a bill it opens counts its covers. */
export type Party = { id: number; partySize: number };

/** What the moves share with the rest of the bills service. */
export interface MovesContext {
  ledger: BillLedger;
  nowIso: () => string;
  openBill(
    trx: Kysely<AppDatabase>,
    settings: RestaurantSettings,
    bill: { branch: BranchId; fulfilment: Fulfilment; tableId: number | null; reservation: Party | null },
    now: string,
    numberLater?: boolean,
  ): Promise<BillRow>;
  afterCommit(
    bill: Pick<BillRow, 'id' | 'branch_id'>,
    outcome: { refundIds: number[]; paidTickets: { id: number; userId: number | null }[] },
  ): () => Promise<void>;
}

/**
 * What the other modules do to a bill in their own transaction (decision 041: calls through a
 * narrow interface, never events, for the money stays exact): a ticket placed, handed over or
 * cancelled (tickets, kitchen), a payment that succeeded online (its purpose), a seated party's
 * deposit and the party leaving (reservations), a refund that went through (payments). The
 * tickets' moves are here; the online money's in bill-payment-moves.ts, the parties' in bill-party-moves.ts.
 */
export function createBillMoves(
  engine: Engine,
  deps: { tickets: TicketsOnBills },
  { ledger, nowIso, openBill, afterCommit }: MovesContext,
) {
  const { lockBill } = ledger;
  return {
    ...createBillPaymentMoves({ ledger, nowIso }),
    ...createBillPartyMoves(engine, { ledger, nowIso, openBill }),
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
        /** The branch placing it, whose bill it is on. */
        branch: BranchId;
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
          {
            branch: ticket.branch,
            fulfilment: ticket.fulfilment,
            tableId: reservation === null ? ticket.tableId : null,
            reservation,
          },
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
      const dueBefore = before?.due ?? ZERO;
      const ticketId = await write(row.id, billRules(row, settings));
      if (ticket.paidWith !== null) {
        const state = await ledger.stateOf(trx, row, settings);
        const amount = subtractMinor(state.due, dueBefore);
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
              tip: ZERO,
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
      const row = await lockBill(trx, billId, 'brand');
      if (!row || row.status === 'void' || (row.status === 'paid' && !change.cancelled)) return nothing;
      const now = nowIso();
      const reason = change.cancelled ? `Order cancelled: ${change.reason ?? 'cancelled'}` : 'Order handed over';
      if (change.collected && row.fulfilment !== 'dine_in') {
        const state = await ledger.stateOf(trx, row, settings);
        if (state.due > 0)
          return afterCommit(
            row,
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
                tip: ZERO,
                tendered: null,
                change: null,
                status: 'succeeded',
                at: now,
                by_user_id: null,
              },
              reason,
            ),
          );
        return afterCommit(row, await ledger.rebalance(trx, row, settings, now, reason, state));
      }
      return afterCommit(row, await ledger.rebalance(trx, row, settings, now, reason));
    },
  };
}
