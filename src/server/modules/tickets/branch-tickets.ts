import type { Kysely } from 'kysely';
import { PAYMENT_PAID } from '../../../shared/constants.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { CheckoutBody, Fulfilment, Ticket } from '../../../shared/contract/tickets.ts';
import type { StaffOrderBody, StaffQuoteBody } from '../../../shared/contract/staff-orders.ts';
import { arrivalOf } from '../../../shared/domain/capacity.ts';
import { asapPromise, scheduledTimes } from '../../../shared/domain/kitchen-promise.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { Caller } from '../auth/auth.service.ts';
import { createBoardRepository } from './board.repository.ts';
import { createKitchenCapacity } from './capacity.ts';
import type { OnlineHold } from './online-checkout.ts';
import { createGuestCheckout } from './guest-checkout.ts';
import { createTicketWrite, money, offered } from './placing.ts';
import { createTicketMoves } from './ticket-moves.ts';
import { createStaffOrder, staffOrderHash, unpaused } from './staff-order.ts';
import type { BillingSettingsLike } from '../../../shared/domain/billing.ts';
import { type TicketLineRow, quotedMoney, toTicket } from './tickets.mappers.ts';
import { createTicketsRepository } from './tickets.repository.ts';
import type { TicketsDeps } from './tickets.deps.ts';
import type { BranchId } from '../../db/branch.ts';
import type { guestTickets } from './guest-tickets.ts';

export type { StatusTimes } from './board.repository.ts';
export type { TicketsDeps } from './tickets.deps.ts';

/** The tickets of one branch (`createTicketsService().at(branch)`). */
export function createBranchTickets(
  db: Kysely<AppDatabase>,
  engine: Engine,
  deps: TicketsDeps,
  branch: BranchId,
  guests: ReturnType<typeof guestTickets>,
) {
  const nowIso = () => new Date(deps.now?.() ?? Date.now()).toISOString();
  const capacity = createKitchenCapacity(db, engine, deps, branch, guests);
  /** The language a caller reads in: their request's, else the restaurant's (decision 045). */
  const readerLanguage = async (caller: Pick<Caller, 'language'>): Promise<Language> =>
    caller.language ?? (await deps.restaurant.at(branch).get()).language;

  /** Tickets as the contract has them, their lines named in `language` (decision 050). */
  async function views(
    executor: Kysely<AppDatabase>,
    ids: number[],
    language: Language = 'en',
    billsRead = true,
  ): Promise<Ticket[]> {
    return (await viewsAndLines(executor, ids, language, billsRead)).tickets;
  }

  /** `views`, with each shown ticket's line rows as read (their dish and chosen options: the kitchen's cards weigh their allergens), in line order. */
  async function viewsAndLines(
    executor: Kysely<AppDatabase>,
    ids: number[],
    language: Language = 'en',
    billsRead = true,
  ): Promise<{ tickets: Ticket[]; lines: TicketLineRow[] }> {
    const read = await createTicketsRepository(executor, branch).withLines(ids);
    const lines = read.flatMap((ticket) => ticket.lines);
    return {
      tickets: await withBillMoney(
        executor,
        read.map(({ row, lines }) => toTicket(row, lines, language)),
        billsRead,
      ),
      lines,
    };
  }

  /** A pick-up's or delivery's money as its own bill has it (`billsRead` false: not read). */
  async function withBillMoney(
    executor: Kysely<AppDatabase>,
    tickets: Ticket[],
    billsRead: boolean,
  ): Promise<Ticket[]> {
    // A pick-up's or delivery's money is its own bill's, as it stands (a discount, the settings before its payment);
    // a cancelled one shows what it was, and what was given back of it. `billsRead` false: the
    // caller knows each bill holds only its ticket as placed, whose figures are its bill's.
    const own = tickets.filter((t) => t.fulfilment !== 'dine_in' && t.billId !== undefined);
    if (own.length === 0 || !billsRead) return tickets;
    const money = await deps.bills.ownBillMoney(
      executor,
      own.map((t) => Number(t.billId)),
    );
    for (const ticket of own) {
      const bill = money.get(Number(ticket.billId));
      if (!bill) continue;
      const { refunded, ...figures } = bill.shown;
      if (ticket.status !== 'cancelled') Object.assign(ticket, figures);
      if (refunded > 0) ticket.refunded = refunded;
    }
    return tickets;
  }

  const write = createTicketWrite(db, deps, capacity, views, branch);
  const moves = createTicketMoves(db, deps, capacity, branch);
  const guest = createGuestCheckout(deps, capacity, write, nowIso);
  const staff = createStaffOrder(deps, capacity, write, nowIso, branch);
  const { keyedTicket, staffLines } = staff;

  const service = {
    /** Holds the kitchen shared (capacity.ts, decision 042): a kitchen move or a payment's settling, whose load changes are one statement per bucket. */
    enterKitchen: (trx: Kysely<AppDatabase>) => capacity.enterKitchen(trx),
    /** Builds this process's bucket loads under these settings if they are not built yet (before a transaction that holds the kitchen shared). */
    kitchenReady: (settings: RestaurantSettings) => capacity.readyAgain(settings),

    /**
     * A ticket's online payment succeeded (in the payment's transaction, which holds the
     * kitchen shared: enterKitchen): awaiting_payment → received and paid, its promise checked again.
     * `paid` false: the money did not count on its bill (refunded), so the ticket stays due there.
     * Whether it moved (false: it was no longer awaiting its payment).
     */
    async paymentSucceeded(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      ticketId: number,
      provider: string,
      paid = true,
    ): Promise<boolean> {
      const repository = createTicketsRepository(trx, branch);
      const row = await repository.forPayment(ticketId);
      if (!row || row.status !== 'awaiting_payment') return false;
      const now = nowIso();
      const again = await capacity.promiseAgain(trx, settings, row, now);
      // Its new promise's room is taken as a placing takes it (decision 042); when a racer took it first, the promise stays.
      const move =
        again.readyAt !== row.ready_at &&
        (await capacity.take(trx, settings, again.load, again.readyAt, Number(row.units)));
      const promise = move ? again : { readyAt: row.ready_at, scheduled: Number(row.scheduled) === 1 };
      const moved = await repository.settleAwaiting(ticketId, {
        status: 'received',
        ...(paid ? { payment: PAYMENT_PAID } : {}),
        ready_at: promise.readyAt,
        scheduled: promise.scheduled ? 1 : 0,
        ...(row.fulfilment === 'delivery' ? { arrive_at: arrivalOf(settings, promise.readyAt) } : {}),
      });
      // The load leaves the promise it no longer has (the new one's, when the ticket did not move after all).
      if (move) await capacity.release(trx, settings, moved ? row.ready_at : promise.readyAt, row.units);
      if (!moved) return false;
      if (paid) await deps.orders.payOnline(trx, ticketId, provider);
      return true;
    },

    /**
     * A ticket's online payment failed or expired (in the payment's transaction, holding the
     * kitchen): awaiting_payment → cancelled, its room in the kitchen freed and its lines free
     * to be placed again. Whether it moved.
     */
    async paymentEnded(
      trx: Kysely<AppDatabase>,
      settings: RestaurantSettings,
      ticketId: number,
      reason: string,
    ): Promise<boolean> {
      const repository = createTicketsRepository(trx, branch);
      const row = await repository.forPayment(ticketId);
      if (!row || row.status !== 'awaiting_payment') return false;
      const moved = await repository.settleAwaiting(ticketId, {
        status: 'cancelled',
        cancel_reason: reason,
        cancelled_at: nowIso(),
      });
      if (!moved) return false;
      await capacity.shiftLoad(trx, settings, { readyAt: row.ready_at, units: row.units }, -1);
      await repository.releaseLines(ticketId);
      await deps.orders.release(trx, ticketId);
      return true;
    },

    /** The kitchen's reads of tickets (the board's order, the all-day counts, a ticket's status: kitchen.service). */
    kitchenReads: (({ move: _move, ...reads }) => reads)(createBoardRepository(db, branch)),

    /** A ticket's move by the kitchen (ticket-moves.ts): the kitchen answers it with the board's card. */
    move: moves.move,

    /** A local day's tickets (status, payment, total, times): the read the owner's figures count (reports). */
    ofDay: (date: string) => createTicketsRepository(db, branch).ofDay(date),

    /** Tickets by id as the contract has them, newest first (the kitchen board's cards), named in `language`. */
    views: (ids: number[], language?: Language) => views(db, ids, language),

    /** `views`, with the shown tickets' line rows as read (the kitchen's cards: one read of the lines). */
    viewsAndLines: (ids: number[], language?: Language) => viewsAndLines(db, ids, language),

    /** GET /api/v1/checkout/quote: money and the kitchen's forecast for these lines. */
    async quote(caller: Caller, fulfilment: Fulfilment, orderIds: number[]) {
      const settings = await deps.restaurant.at(branch).get();
      const now = nowIso();
      offered(settings, fulfilment);
      const rows = await deps.orders.linesToPlace(db, caller.id, orderIds, branch);
      const placed = rows.find((l) => l.ticket_id !== null);
      if (placed) throw conflict('alreadyPlaced', { name: placed });
      const { lines, units } = await capacity.weigh(db, rows);
      const load = await capacity.kitchenLoad(db, settings, now, false);
      return {
        ...quotedMoney(money(lines, fulfilment, settings)),
        asap: asapPromise(settings, load, units, now, fulfilment === 'delivery'),
        times: scheduledTimes(settings, load, units, now),
      };
    },

    /**
     * POST /api/v1/tickets/quote (staff): the money and the kitchen's forecast for lines staff are
     * taking, unpaused as their orders are; a table's round priced as its bill will price it (the
     * bill of the party seated there, else the table's), under the rules that bill kept.
     */
    async staffQuote(body: StaffQuoteBody) {
      const settings = unpaused(await deps.restaurant.at(branch).get());
      const now = nowIso();
      offered(settings, body.fulfilment);
      const { lines, units } = await staffLines(db, body);
      const load = await capacity.kitchenLoad(db, settings, now, false);
      let rules: BillingSettingsLike = settings.billing;
      if (body.fulfilment === 'dine_in' && body.tableId !== undefined) {
        const seated = await deps.reservations.at(branch).seatedAt(db, body.tableId);
        rules = await deps.bills.roundRules(
          db,
          settings,
          seated ? { reservationId: seated.id } : { tableId: body.tableId },
        );
      }
      return {
        ...quotedMoney(money(lines, body.fulfilment, settings, rules)),
        asap: asapPromise(settings, load, units, now, body.fulfilment === 'delivery'),
        times: scheduledTimes(settings, load, units, now),
      };
    },

    /** POST /api/v1/checkout; with `online`, an online payment is written with the ticket (awaiting_payment). */
    checkout: (caller: Caller, body: CheckoutBody, online?: OnlineHold) =>
      guest.checkout(caller, { body, fallBackToScheduled: false, ...(online ? { onlineHold: online } : {}) }),

    /**
     * The spec's pay call places a one-line ticket: pick-up as soon as possible unless the body
     * says otherwise, and, when the kitchen cannot promise ASAP now (closed), its next free time.
     */
    payOne: (caller: Caller, body: CheckoutBody) =>
      guest.checkout(caller, { body, fallBackToScheduled: body.when === 'asap' }),

    /**
     * POST /api/v1/tickets (staff): a ticket with source "staff"; `created` false when its key
     * had already placed this very order (the ticket then is that one). The same key with another
     * body is 409, and so is the same key sent by another account (the account is part of the body).
     */
    async staffOrder(caller: Caller, body: StaffOrderBody): Promise<{ ticket: Ticket; created: boolean }> {
      const bodyHash = staffOrderHash(caller.id, body);
      // A plain retry answers without waiting for the kitchen; the claim in the transaction decides the races.
      const used = await createTicketsRepository(db, branch).keyOf(body.key);
      if (used && used.ticket_id !== null)
        return {
          ticket: (
            await views(db, [await keyedTicket(db, body.key, bodyHash)], await readerLanguage(caller))
          )[0] as Ticket,
          created: false,
        };
      return staff.place(caller, body, bodyHash);
    },
  };

  return service;
}

export type BranchTickets = ReturnType<typeof createBranchTickets>;
