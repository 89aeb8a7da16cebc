import type { Kysely } from 'kysely';
import { BILL_METHOD_OF_PAY_METHOD, roleAtLeast } from '../../../shared/constants.ts';
import { BILL_MESSAGES, type Bill, type BillRefundBody, type BillStatus, type DayReport, type DiscountBody, type PaymentBody } from '../../../shared/contract/bills.ts';
import { fromMinorUnits, toMinorUnits } from '../../../shared/contract/common.ts';
import { formatMoney } from '../../../shared/format-money.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { Fulfilment } from '../../../shared/contract/tickets.ts';
import { basisPoints, changeOf, giveBackPlan, percentOf, splitShares } from '../../../shared/domain/billing.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { type KeyScope, claimKey } from '../../db/request-keys.ts';
import { decodeCursor, pageFrom, pageSize } from '../../http/paging.ts';
import { lockForWriting } from '../../db/write-lock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import { type BillParts, givenBack, toBill } from './bills.mappers.ts';
import { type OnlineRefunds, billRules, createBillLedger } from './bills.ledger.ts';

export type { OnlineRefunds } from './bills.ledger.ts';
import { type BillPaymentRow, type BillRow, createBillsRepository } from './bills.repository.ts';
import { receiptHtml } from './receipt.ts';
import { DAY_FIGURES } from '../../../shared/domain/day-figures.ts';

/**
 * Bills (ORDERING.md "The bill"): every ticket is put on one in the transaction that places it
 * (`attachTicket`, called by the tickets service); staff discount, split and take payments;
 * the bill is paid when its due reaches 0 and gets the next receipt number in that same
 * transaction. A change to one bill holds its row (PostgreSQL `for update`, on any server; on
 * SQLite the write lock) from its first read to its commit, so two payments racing for the last
 * due cannot both have it, and a discount cannot slip in after the payment that closed it.
 */

export interface BillsDeps {
  restaurant: RestaurantService;
  now?: () => number;
  /** Called once committed when a payment or a discount paid a bill: its tickets' `payment` became "paid" (live events). */
  onPaid?: (tickets: { id: number; userId: number | null }[]) => void;
  /** Called once committed when a bill's money changed (a discount, a payment): the Floor hears it. */
  onChange?: (billId: number) => void;
  /**
   * The deposits kept on a local day (no bill has them), minor units: the payments module's,
   * which depends on bills, so wired once it is made (decision 032, addendum). None without it.
   */
  keptDeposits?: () => ((date: string) => Promise<{ count: number; amount: number }>) | undefined;
  /** Refunds of online payments (the payments module's, which depends on bills: wired once it is made). None without it. */
  onlineRefunds?: () => OnlineRefunds | undefined;
  /** Guests seated on a local day (DAY_FIGURE_DEFINITIONS.covers), the reservations module's. */
  coversSeated?: () => ((date: string) => Promise<number>) | undefined;
}


export function createBillsService(db: Kysely<AppDatabase>, engine: Engine, deps: BillsDeps) {
  const nowIso = () => new Date(deps.now?.() ?? Date.now()).toISOString();
  const ledger = createBillLedger(engine, { onlineRefunds: () => deps.onlineRefunds?.() });
  const { lockBill } = ledger;

  async function views(executor: Kysely<AppDatabase>, ids: number[], settings: RestaurantSettings): Promise<Bill[]> {
    const rows = await createBillsRepository(executor).bills(ids);
    const parts = await ledger.partsOf(
      executor,
      rows.map((r) => r.id),
    );
    return rows.map((row) => {
      const own = parts.get(row.id) as BillParts;
      return toBill(row, own, row.status === 'paid' ? undefined : ledger.moneyOf(row, own, settings), billRules(row, settings));
    });
  }

  async function view(executor: Kysely<AppDatabase>, id: number, settings: RestaurantSettings): Promise<Bill> {
    const bill = (await views(executor, [id], settings))[0];
    if (!bill) throw notFound(BILL_MESSAGES.notFound);
    return bill;
  }

  /** Once committed: the refunds a change set aside go to their provider, and the Floor and the paid tickets' guests hear of it. */
  function afterCommit(billId: number, outcome: { refundIds: number[]; paidTickets: { id: number; userId: number | null }[] }): () => Promise<void> {
    return async () => {
      await ledger.sendRefunds(outcome.refundIds);
      deps.onChange?.(billId);
      if (outcome.paidTickets.length > 0) deps.onPaid?.(outcome.paidTickets);
    };
  }

  /** Opens a bill (numbered B-001… per local day). */
  async function openBill(trx: Kysely<AppDatabase>, settings: RestaurantSettings, bill: { fulfilment: Fulfilment; tableId: number | null; reservationId: number | null }, now: string): Promise<BillRow> {
    const repository = createBillsRepository(trx);
    const day = wallClockOf(now, settings.timeZone).date;
    // The day's numbers are held to the commit (placings no longer hold the whole kitchen: decision 042).
    if (engine === 'postgres') await lockForWriting(trx, engine, `numbers:${day}`);
    const seq = await repository.nextSeq(day);
    const id = await repository.insert({
      local_date: day,
      seq,
      number: `B-${String(seq).padStart(3, '0')}`,
      fulfilment: bill.fulfilment,
      table_id: bill.fulfilment === 'dine_in' && bill.reservationId === null ? bill.tableId : null,
      reservation_id: bill.fulfilment === 'dine_in' ? bill.reservationId : null,
      covers: bill.reservationId !== null ? await repository.partySize(bill.reservationId) : 0,
      opened_at: now,
    });
    return (await repository.bill(id)) as BillRow;
  }

  /**
   * A change of a bill sent with a client's key, in one transaction with the bill held: the key is
   * bound to this bill and body (request_keys), so the same again answers undefined (nothing done,
   * `created` false) and another bill or body is 409 with `reused`, changing nothing. `work` gets
   * the body as it is kept and answers what to run once committed.
   */
  async function keyedChange(id: number, scope: KeyScope, key: string, body: object, reused: string, work: (trx: Kysely<AppDatabase>, row: BillRow, request: string) => Promise<() => Promise<void>>): Promise<(() => Promise<void>) | undefined> {
    const request = JSON.stringify(body);
    return db.transaction().execute(async (trx) => {
      const row = await lockBill(trx, id);
      if (!row) throw notFound(BILL_MESSAGES.notFound);
      const claim = await claimKey(trx, scope, key, JSON.stringify({ billId: id, ...body }), nowIso());
      if (claim === 'other') throw conflict(reused);
      if (claim === 'same') return undefined;
      return work(trx, row, request);
    });
  }

  async function readable(caller: Caller, id: number): Promise<void> {
    if (roleAtLeast(caller.role, 'staff')) return;
    if (!(await createBillsRepository(db).hasTicketOf(id, caller.id))) throw notFound(BILL_MESSAGES.notFound);
  }

  async function dayReport(date: string): Promise<{ report: DayReport; cashExpected: number }> {
    const repository = createBillsRepository(db);
    const day = await repository.paidOn(date);
    const refunds = await repository.refundsOn(date);
    const kept = (await deps.keptDeposits?.()?.(date)) ?? { count: 0, amount: 0 };
    const taxes = new Map<string, { name: string; rate: number; base: number; amount: number }>();
    for (const json of day.taxes) {
      for (const tax of JSON.parse(json ?? '[]') as { name: string; rate: number; base: number; amount: number }[]) {
        const key = `${tax.name}|${tax.rate}`;
        const sum = taxes.get(key) ?? { name: tax.name, rate: tax.rate, base: 0, amount: 0 };
        sum.base += tax.base;
        sum.amount += tax.amount;
        taxes.set(key, sum);
      }
    }
    let tips = 0;
    let cash = 0;
    for (const p of day.payments) {
      tips += p.tip;
      if (p.method === 'cash') cash += p.amount + p.tip;
    }
    const cashExpected = cash - refunds.cash;
    const taken = day.payments.reduce((sum, p) => sum + p.amount + p.tip, 0) - refunds.all;
    const covers = (await deps.coversSeated?.()?.(date)) ?? day.covers;
    return {
      cashExpected,
      report: {
        bills: day.bills,
        covers,
        gross: fromMinorUnits(day.subtotal),
        discounts: fromMinorUnits(day.discount),
        serviceCharge: fromMinorUnits(day.serviceCharge),
        deliveryFees: fromMinorUnits(day.deliveryFee),
        taxes: [...taxes.values()].sort((a, b) => a.rate - b.rate).map((t) => ({ name: t.name, rate: t.rate, base: fromMinorUnits(t.base), amount: fromMinorUnits(t.amount) })),
        tips: fromMinorUnits(tips),
        payments: [...day.payments].sort((a, b) => a.method.localeCompare(b.method)).map((p) => ({ method: p.method, count: p.count, amount: fromMinorUnits(p.amount) })),
        refunds: fromMinorUnits(refunds.all),
        cashExpected: fromMinorUnits(cashExpected),
        netSales: fromMinorUnits(day.subtotal - day.discount),
        totalTaken: fromMinorUnits(taken),
        depositsKept: { count: kept.count, amount: fromMinorUnits(kept.amount) },
      },
    };
  }

  return {
    /**
     * Puts a newly placed ticket on its bill, in the transaction that places it (which holds the
     * kitchen): pick-up and delivery open a bill of their own; dine-in joins the open bill of its
     * reservation or table, or opens it. A ticket placed paid (the spec's PAY, demo provider) is
     * a payment on that bill of what the ticket added to its due. `settings` are read before the
     * transaction.
     */
    async attachTicket(trx: Kysely<AppDatabase>, settings: RestaurantSettings, ticket: { id: number; fulfilment: Fulfilment; tableId: number | null; reservationId: number | null; paidWith: string | null; userId: number | null }): Promise<number> {
      const repository = createBillsRepository(trx);
      const now = nowIso();
      let reservationId = ticket.fulfilment === 'dine_in' ? ticket.reservationId : null;
      // A round for the table of a seated party joins that party's bill, where its deposit is.
      if (ticket.fulfilment === 'dine_in' && reservationId === null && ticket.tableId !== null) reservationId = (await repository.seatedReservationAt(ticket.tableId)) ?? null;
      const shared = ticket.fulfilment === 'dine_in' ? (reservationId !== null ? { reservationId } : ticket.tableId !== null ? { tableId: ticket.tableId } : undefined) : undefined;
      if (engine === 'sqlite' && shared) await lockForWriting(trx, engine, 'bills');
      const row = (shared ? await repository.openBillOf(shared, engine === 'postgres') : undefined) ?? (await openBill(trx, settings, { fulfilment: ticket.fulfilment, tableId: reservationId === null ? ticket.tableId : null, reservationId }, now));
      const dueBefore = (await ledger.stateOf(trx, row, settings)).due;
      await repository.putTicketOn(ticket.id, row.id);
      if (ticket.paidWith !== null) {
        const amount = (await ledger.stateOf(trx, row, settings)).due - dueBefore;
        if (amount > 0) {
          await ledger.freezeRules(trx, row, settings);
          await repository.insertPayment({ bill_id: row.id, key: null, request: null, method: BILL_METHOD_OF_PAY_METHOD[ticket.paidWith] ?? ticket.paidWith, provider: 'demo', amount, tip: 0, tendered: null, change: null, status: 'succeeded', at: now, by_user_id: ticket.userId });
        }
        await ledger.rebalance(trx, row, settings, now, 'Paid at checkout');
      }
      return row.id;
    },

    /**
     * The kitchen moved a ticket, in its transaction (`settings` read before it). Completing a
     * pick-up or delivery ticket whose money was due takes it in cash (OPERATIONS.md "Tickets":
     * staff take the money when they hand the order over): a cash payment of its bill's due,
     * which pays the bill. A table's or reservation's bill is paid with "Take payment" instead.
     * A cancel takes the ticket's lines off its bill, open or paid: what was paid beyond the
     * bill's total is owed back (online money refunded at once, once committed: run what this
     * answers then); a bill whose every ticket is cancelled, with nothing kept, becomes void.
     */
    async ticketMoved(trx: Kysely<AppDatabase>, settings: RestaurantSettings, ticketId: number, change: { collected: boolean; cancelled: boolean; reason?: string }): Promise<() => Promise<void>> {
      const repository = createBillsRepository(trx);
      const billId = await repository.billOfTicket(ticketId);
      const nothing = async () => {};
      if (billId === null) return nothing;
      const row = await lockBill(trx, billId);
      if (!row || row.status === 'void' || (row.status === 'paid' && !change.cancelled)) return nothing;
      const now = nowIso();
      if (change.collected && row.fulfilment !== 'dine_in') {
        const { due } = await ledger.stateOf(trx, row, settings);
        if (due > 0) {
          await ledger.freezeRules(trx, row, settings);
          await repository.insertPayment({ bill_id: billId, key: null, request: null, method: 'cash', provider: 'restaurant', amount: due, tip: 0, tendered: null, change: null, status: 'succeeded', at: now, by_user_id: null });
        }
      }
      return afterCommit(billId, await ledger.rebalance(trx, row, settings, now, change.cancelled ? `Order cancelled: ${change.reason ?? 'cancelled'}` : 'Order handed over'));
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
      payment: { method: string; provider: string; amount: number; tip: number; byUserId: number | null; paymentId?: number },
    ): Promise<{ outcome: 'recorded' | 'paid' | 'notOpen' | 'overDue' | 'notFound'; paidTickets: { id: number; userId: number | null }[] }> {
      const row = await lockBill(trx, billId);
      if (!row) return { outcome: 'notFound', paidTickets: [] };
      if (row.status !== 'open') return { outcome: 'notOpen', paidTickets: [] };
      const before = await ledger.stateOf(trx, row, settings);
      if (payment.amount > before.due) return { outcome: 'overDue', paidTickets: [] };
      const now = nowIso();
      await ledger.freezeRules(trx, row, settings);
      await createBillsRepository(trx).insertPayment({ bill_id: billId, key: null, request: null, method: payment.method, provider: payment.provider, amount: payment.amount, tip: payment.tip, tendered: null, change: null, status: 'succeeded', at: now, by_user_id: payment.byUserId, payment_id: payment.paymentId ?? null });
      const { paidTickets, closed } = await ledger.rebalance(trx, row, settings, now, 'Paid online');
      return closed ? { outcome: 'paid', paidTickets } : { outcome: 'recorded', paidTickets: [] };
    },

    /**
     * A seated party's paid deposit (decision 032), in the caller's transaction (`settings` read
     * before it): a payment on the open bill of its reservation (opened now if the party has
     * ordered nothing yet), counted in its due like any payment. Once: the bill payment names
     * the deposit's payment, which the database lets count on one bill only (a second call
     * writes nothing). The bill is not closed here: the party has yet to eat. Whether it was written.
     */
    async depositOnBill(trx: Kysely<AppDatabase>, settings: RestaurantSettings, reservationId: number, payment: { paymentId: number; method: string; provider: string; amount: number }): Promise<boolean> {
      const repository = createBillsRepository(trx);
      if (engine === 'sqlite') await lockForWriting(trx, engine, 'bills');
      const now = nowIso();
      const row = (await repository.openBillOf({ reservationId }, engine === 'postgres')) ?? (await openBill(trx, settings, { fulfilment: 'dine_in', tableId: null, reservationId }, now));
      await ledger.freezeRules(trx, row, settings);
      return repository.insertPaymentOnce({ bill_id: row.id, key: null, request: null, method: payment.method, provider: payment.provider, amount: payment.amount, tip: 0, tendered: null, change: null, status: 'succeeded', at: now, by_user_id: null, payment_id: payment.paymentId });
    },

    /**
     * A reservation's party left (completed), in the caller's transaction: if its open bill is
     * covered by what was paid on it (a deposit at least as large as the meal), the bill is paid
     * now with its receipt number, and what was paid beyond its total is answered (minor units)
     * for the caller to give back. A bill with nothing eaten on it takes no receipt number: it is
     * void and the whole deposit is answered. Undefined when there is no such bill or something is still due.
     */
    async closeCovered(trx: Kysely<AppDatabase>, settings: RestaurantSettings, reservationId: number): Promise<{ billId: number; surplus: number; paidTickets: { id: number; userId: number | null }[] } | undefined> {
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
      return { billId: row.id, surplus: state.owedBack, paidTickets: state.parts.tickets.map((t) => ({ id: t.id, userId: t.user_id })) };
    },

    /**
     * A refund of an online payment went through (in the caller's transaction; `settings` read
     * before it): written on the bill payment that payment made, if it made one, with the local
     * day it was made, which the day report counts. Whether a bill payment took it.
     */
    async refundedOnline(trx: Kysely<AppDatabase>, settings: RestaurantSettings, paymentId: number, amount: number): Promise<boolean> {
      const now = nowIso();
      return createBillsRepository(trx).refundOnline(paymentId, amount, now, wallClockOf(now, settings.timeZone).date);
    },

    /**
     * The money of bills that are a pick-up's or a delivery's own, by bill id, as a ticket shows
     * it: the bill's figures as they stand (tips apart), so that My Orders, the kitchen and the
     * bill say one number. Read with the caller's handle (a ticket's views).
     */
    async ownBillMoney(executor: Kysely<AppDatabase>, ids: number[]): Promise<Map<number, Pick<Bill, 'subtotal' | 'taxes' | 'taxInclusive' | 'serviceCharge' | 'deliveryFee' | 'total' | 'refunded'>>> {
      const bills = await views(executor, [...new Set(ids)], await deps.restaurant.get());
      return new Map(bills.filter((b) => b.fulfilment !== 'dine_in').map((b) => [Number(b._id), { subtotal: b.subtotal, taxes: b.taxes, taxInclusive: b.taxInclusive, serviceCharge: b.serviceCharge, deliveryFee: b.deliveryFee, total: b.total, refunded: b.refunded }]));
    },

    /** What cancelling a ticket would give back of its bill's money (the kitchen's cancel dialog says it first), in the contract's units. */
    async cancelPreview(ticketId: number): Promise<{ billId: string | null; refund: number; giveBack: { method: string; amount: number }[] }> {
      const repository = createBillsRepository(db);
      const billId = await repository.billOfTicket(ticketId);
      const row = billId === null ? undefined : await repository.bill(billId);
      if (!row || row.status === 'void') return { billId: billId === null ? null : String(billId), refund: 0, giveBack: [] };
      const preview = await ledger.previewCancel(db, row, await deps.restaurant.get(), ticketId);
      return { billId: String(row.id), refund: fromMinorUnits(preview.refund), giveBack: preview.giveBack.map((g) => ({ method: g.method, amount: fromMinorUnits(g.amount) })) };
    },

    /** What a bill has due now (minor units) and whether it is open, for a caller who may pay it: its guest or staff (others: 404). */
    async payable(caller: Caller, id: number): Promise<{ status: BillStatus; due: number }> {
      await readable(caller, id);
      const bill = await view(db, id, await deps.restaurant.get());
      return { status: bill.status, due: toMinorUnits(bill.due) };
    },

    /** Sends the live events of a bill that `recordSucceeded` counted a payment on, and of the tickets it paid (after the commit). */
    announcePaid(billId: number, tickets: { id: number; userId: number | null }[]): void {
      deps.onChange?.(billId);
      if (tickets.length > 0) deps.onPaid?.(tickets);
    },

    /** GET /api/v1/bills: staff; a page of at most `limit` (500), after `cursor` (paging.ts). */
    async list(filter: { status?: BillStatus | undefined; date?: string | undefined; limit?: number | undefined; cursor?: string | undefined }): Promise<{ bills: Bill[]; nextCursor: string | null }> {
      const settings = await deps.restaurant.get();
      const size = pageSize(filter.limit);
      const page = pageFrom(await createBillsRepository(db).ids(filter, size + 1, decodeCursor(filter.cursor, ['n'])?.[0] as number | undefined), size, (id) => [id]);
      return { bills: await views(db, page.rows, settings), nextCursor: page.nextCursor };
    },

    /** GET /api/v1/bills/{id}: staff, or a guest with a ticket on it (others 404). */
    async one(caller: Caller, id: number): Promise<Bill> {
      await readable(caller, id);
      return view(db, id, await deps.restaurant.get());
    },

    /** POST /api/v1/bills/{id}/discounts: on an open bill; what it takes below what was paid is owed back. */
    async discount(caller: Caller, id: number, body: DiscountBody): Promise<Bill> {
      const settings = await deps.restaurant.get();
      const now = nowIso();
      const after = await db.transaction().execute(async (trx) => {
        const row = await lockBill(trx, id);
        if (!row) throw notFound(BILL_MESSAGES.notFound);
        if (row.status === 'paid') throw conflict(BILL_MESSAGES.paid);
        if (row.status === 'void') throw conflict(BILL_MESSAGES.void);
        const { money } = await ledger.stateOf(trx, row, settings);
        if (!roleAtLeast(caller.role, 'admin')) {
          const adding = body.percent !== undefined ? percentOf(money.subtotal, body.percent) : toMinorUnits(body.amount as number);
          const limit = percentOf(money.subtotal, settings.billing.staffDiscountMaxPercent);
          if (money.discount + adding > limit) throw forbidden(BILL_MESSAGES.staffLimit(settings.billing.staffDiscountMaxPercent));
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
        return afterCommit(id, await ledger.rebalance(trx, row, settings, now, `Discount: ${body.reason}`));
      });
      await after();
      return view(db, id, settings);
    },

    /** GET /api/v1/bills/{id}/split?ways=N */
    async split(id: number, ways: number): Promise<{ due: number; shares: number[] }> {
      const bill = await view(db, id, await deps.restaurant.get());
      const due = toMinorUnits(bill.due);
      return { due: bill.due, shares: splitShares(due, ways).map(fromMinorUnits) };
    },

    /** POST /api/v1/bills/{id}/payments: `created` false for a repeated key. */
    async pay(caller: Caller, id: number, body: PaymentBody): Promise<{ bill: Bill; created: boolean }> {
      const settings = await deps.restaurant.get();
      const now = nowIso();
      const amount = toMinorUnits(body.amount);
      const tip = toMinorUnits(body.tip ?? 0);
      const tendered = body.tendered !== undefined ? toMinorUnits(body.tendered) : null;
      if (tendered !== null && body.method !== 'cash') throw badRequest('tendered is for cash payments');
      const after = await keyedChange(id, 'bill-payment', body.key, { method: body.method, amount, tip, tendered }, BILL_MESSAGES.keyReused, async (trx, row, request) => {
        if (row.status === 'paid') throw conflict(BILL_MESSAGES.paid);
        if (row.status === 'void') throw conflict(BILL_MESSAGES.void);
        const before = await ledger.stateOf(trx, row, settings);
        if (amount > before.due) throw conflict(BILL_MESSAGES.overDue(formatMoney(fromMinorUnits(before.due), settings.currency)));
        const change = body.method === 'cash' && tendered !== null ? (changeOf(tendered, amount, tip) ?? null) : null;
        if (body.method === 'cash' && tendered !== null && change === null) throw badRequest('tendered must cover the amount and the tip');
        await ledger.freezeRules(trx, row, settings);
        await createBillsRepository(trx).insertPayment({ bill_id: id, key: body.key, request, method: body.method, provider: 'restaurant', amount, tip, tendered, change, status: 'succeeded', at: now, by_user_id: caller.id });
        return afterCommit(id, await ledger.rebalance(trx, row, settings, now, 'Payment taken'));
      });
      await after?.();
      return { bill: await view(db, id, settings), created: after !== undefined };
    },

    /**
     * POST /api/v1/bills/{id}/refunds (staff): money taken at the restaurant given back, at most
     * what is owed back, from the bill's payments of that method (newest first). The key is bound
     * to its bill and body: the same answers the same (`created` false), anything else is 409.
     */
    async giveBack(caller: Caller, id: number, body: BillRefundBody): Promise<{ bill: Bill; created: boolean }> {
      const settings = await deps.restaurant.get();
      const now = nowIso();
      const amount = toMinorUnits(body.amount);
      const after = await keyedChange(id, 'bill-refund', body.key, { method: body.method, amount, reason: body.reason }, BILL_MESSAGES.refundKeyReused, async (trx, row) => {
        const repository = createBillsRepository(trx);
        const state = await ledger.stateOf(trx, row, settings);
        if (state.owedBack === 0) throw conflict(BILL_MESSAGES.nothingOwed);
        if (amount > state.owedBack) throw conflict(BILL_MESSAGES.refundTooMuch(formatMoney(fromMinorUnits(state.owedBack), settings.currency)));
        const taken = state.parts.payments.filter((p) => p.status === 'succeeded' && p.provider === 'restaurant' && p.method === body.method);
        const plan = giveBackPlan(
          amount,
          taken.map((p) => ({ amount: Number(p.amount), refunded: givenBack(p) })),
        );
        if ([...plan.values()].reduce((sum, n) => sum + n, 0) !== amount) throw conflict(BILL_MESSAGES.refundMethod(body.method));
        const date = wallClockOf(now, settings.timeZone).date;
        for (const [i, take] of plan) await repository.giveBack((taken[i] as BillPaymentRow).id, take, now, date, body.reason, caller.id);
        return afterCommit(id, await ledger.rebalance(trx, row, settings, now, body.reason));
      });
      await after?.();
      return { bill: await view(db, id, settings), created: after !== undefined };
    },

    /** GET /api/v1/bills/{id}/receipt: printable HTML (staff, or the bill's guest). */
    async receipt(caller: Caller, id: number): Promise<string> {
      await readable(caller, id);
      const settings = await deps.restaurant.get();
      return receiptHtml(await view(db, id, settings), settings, nowIso());
    },

    /** GET /api/v1/reports/day */
    async dayReport(date: string): Promise<DayReport> {
      return (await dayReport(date)).report;
    },

    /** GET /api/v1/reports/day.csv */
    async dayCsv(date: string): Promise<string> {
      const r = (await dayReport(date)).report;
      const money = (n: number) => n.toFixed(2);
      const rows: [string, string][] = [
        ['date', date],
        ...DAY_FIGURES.map((figure): [string, string] => [figure.csv, figure.kind === 'money' ? money(figure.of(r)) : String(figure.of(r))]),
        ...r.taxes.flatMap((t): [string, string][] => [
          [`tax ${t.name} ${t.rate}% base`, money(t.base)],
          [`tax ${t.name} ${t.rate}% amount`, money(t.amount)],
        ]),
        ...r.payments.flatMap((p): [string, string][] => [
          [`payments ${p.method} count`, String(p.count)],
          [`payments ${p.method} amount`, money(p.amount)],
        ]),
        ['depositsKept count', String(r.depositsKept.count)],
        ['depositsKept amount', money(r.depositsKept.amount)],
      ];
      // Numbers as they are (a negative one too); any other cell that a spreadsheet could read as a formula is quoted and defused.
      const cell = (text: string) => (/^-?\d+(\.\d+)?$/.test(text) ? text : /[",\n\r]/.test(text) || /^[=+\-@]/.test(text) ? `"${text.replace(/^([=+\-@])/, "'$1").replaceAll('"', '""')}"` : text);
      return `${['figure,value', ...rows.map(([k, v]) => `${cell(k)},${cell(v)}`)].join('\r\n')}\r\n`;
    },

    /** POST /api/v1/reports/cash-count: kept with what was expected. */
    async cashCount(caller: Caller, date: string, counted: number): Promise<{ expected: number; counted: number; difference: number }> {
      const { cashExpected } = await dayReport(date);
      const countedCents = toMinorUnits(counted);
      await createBillsRepository(db).insertCashCount({ local_date: date, expected: cashExpected, counted: countedCents, by_user_id: caller.id, at: nowIso() });
      return { expected: fromMinorUnits(cashExpected), counted: fromMinorUnits(countedCents), difference: fromMinorUnits(countedCents - cashExpected) };
    },
  };
}

export type BillsService = ReturnType<typeof createBillsService>;
