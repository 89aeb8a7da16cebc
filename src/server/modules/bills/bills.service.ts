import type { Kysely } from 'kysely';
import { roleAtLeast } from '../../../shared/constants.ts';
import { BILL_MESSAGES, type Bill, type BillStatus, type DayReport, type DiscountBody, type PaymentBody } from '../../../shared/contract/bills.ts';
import { fromMinorUnits, toMinorUnits } from '../../../shared/contract/common.ts';
import { formatMoney } from '../../../shared/format-money.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { Fulfilment } from '../../../shared/contract/tickets.ts';
import { type BillMoney, basisPoints, billMoney, changeOf, paymentSums, percentOf, splitShares } from '../../../shared/domain/billing.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { lockForWriting } from '../../db/write-lock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import { type BillParts, toBill } from './bills.mappers.ts';
import { type BillRow, createBillsRepository } from './bills.repository.ts';
import { receiptHtml } from './receipt.ts';

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
  /** Guests seated on a local day (DAY_FIGURE_DEFINITIONS.covers), the reservations module's. */
  coversSeated?: () => ((date: string) => Promise<number>) | undefined;
}

/** The spec's PAY methods as a bill counts them ("nagod" is the spec's spelling of Nagad). */
const DEMO_METHODS: Record<string, string> = { bank: 'bank', bkash: 'bkash', nagod: 'nagad' };

export function createBillsService(db: Kysely<AppDatabase>, engine: Engine, deps: BillsDeps) {
  const nowIso = () => new Date(deps.now?.() ?? Date.now()).toISOString();

  /** Holds a bill until the transaction ends; its row (undefined: no such bill). */
  async function lockBill(trx: Kysely<AppDatabase>, id: number): Promise<BillRow | undefined> {
    if (engine === 'sqlite') await lockForWriting(trx, engine, 'bills');
    return createBillsRepository(trx).bill(id, engine === 'postgres');
  }

  /** An open bill's money under these settings (minor units). */
  function moneyOf(row: BillRow, parts: BillParts, settings: RestaurantSettings): BillMoney {
    const lines = parts.lines.filter((l) => l.ticket_status !== 'cancelled');
    const billing = settings.billing;
    return billMoney({
      fulfilment: row.fulfilment as Fulfilment,
      lines: lines.map((l) => ({ total: toMinorUnits(Number(l.price)), category: l.category ?? '' })),
      discounts: parts.discounts.map((d) => (d.percent_bp !== null ? { percent: d.percent_bp / 100 } : { amount: Number(d.amount ?? 0) })),
      deliveryFee: parts.tickets.filter((t) => t.status !== 'cancelled').reduce((s, t) => s + toMinorUnits(Number(t.delivery_fee)), 0),
      rules: { taxInclusive: billing.taxInclusive, rates: billing.rates, categoryRates: billing.categoryRates, serviceChargePercent: billing.serviceChargePercent },
    });
  }

  async function partsOf(executor: Kysely<AppDatabase>, ids: number[]): Promise<Map<number, BillParts>> {
    const all = await createBillsRepository(executor).parts(ids);
    return new Map(ids.map((id) => [id, { tickets: all.tickets.get(id) ?? [], lines: all.lines.get(id) ?? [], discounts: all.discounts.get(id) ?? [], payments: all.payments.get(id) ?? [] }]));
  }

  async function views(executor: Kysely<AppDatabase>, ids: number[], settings: RestaurantSettings): Promise<Bill[]> {
    const rows = await createBillsRepository(executor).bills(ids);
    const parts = await partsOf(
      executor,
      rows.map((r) => r.id),
    );
    return rows.map((row) => {
      const own = parts.get(row.id) as BillParts;
      return toBill(row, own, row.status === 'paid' ? undefined : moneyOf(row, own, settings), settings.billing);
    });
  }

  async function view(executor: Kysely<AppDatabase>, id: number, settings: RestaurantSettings): Promise<Bill> {
    const bill = (await views(executor, [id], settings))[0];
    if (!bill) throw notFound(BILL_MESSAGES.notFound);
    return bill;
  }

  /** The open bill's due and whether it may be closed, in minor units. */
  async function dueOf(trx: Kysely<AppDatabase>, row: BillRow, settings: RestaurantSettings) {
    const parts = (await partsOf(trx, [row.id])).get(row.id) as BillParts;
    const money = moneyOf(row, parts, settings);
    const sums = paymentSums(
      money.total,
      parts.payments.map((p) => ({ amount: Number(p.amount), tip: Number(p.tip), succeeded: p.status === 'succeeded' })),
    );
    return { money, parts, ...sums };
  }

  /** Writes what the bill was paid at, its receipt number, and the tickets' payment. */
  async function close(trx: Kysely<AppDatabase>, row: BillRow, money: BillMoney, parts: BillParts, settings: RestaurantSettings, now: string): Promise<void> {
    const repository = createBillsRepository(trx);
    const receipt = await repository.nextReceiptNumber();
    const lineRates: Record<string, number> = {};
    const open = parts.lines.filter((l) => l.ticket_status !== 'cancelled');
    open.forEach((line, i) => {
      lineRates[String(line.id)] = money.lineRates[i] as number;
    });
    await repository.markPaid(
      row.id,
      {
        paid_at: now,
        paid_date: wallClockOf(now, settings.timeZone).date,
        receipt_number: receipt,
        subtotal: money.subtotal,
        discount: money.discount,
        service_charge: money.serviceCharge,
        delivery_fee: money.deliveryFee,
        tax: money.tax,
        total: money.total,
        tax_inclusive: settings.billing.taxInclusive ? 1 : 0,
        taxes: JSON.stringify(money.taxes.map((t) => ({ name: settings.billing.taxName, rate: t.rate, base: t.base, amount: t.amount }))),
        line_rates: JSON.stringify(lineRates),
      },
      parts.discounts.map((d, i) => ({ id: d.id, amount: money.discounts[i] as number })),
    );
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
      const shared = ticket.fulfilment === 'dine_in' ? (ticket.reservationId !== null ? { reservationId: ticket.reservationId } : ticket.tableId !== null ? { tableId: ticket.tableId } : undefined) : undefined;
      let row = shared ? await repository.openBillOf(shared, engine === 'postgres') : undefined;
      let dueBefore = 0;
      if (row) dueBefore = (await dueOf(trx, row, settings)).due;
      else {
        const day = wallClockOf(now, settings.timeZone).date;
        const seq = await repository.nextSeq(day);
        const reservationId = ticket.fulfilment === 'dine_in' ? ticket.reservationId : null;
        const tableId = ticket.fulfilment === 'dine_in' && reservationId === null ? ticket.tableId : null;
        const id = await repository.insert({
          local_date: day,
          seq,
          number: `B-${String(seq).padStart(3, '0')}`,
          fulfilment: ticket.fulfilment,
          table_id: tableId,
          reservation_id: reservationId,
          covers: reservationId !== null ? await repository.partySize(reservationId) : 0,
          opened_at: now,
        });
        row = (await repository.bill(id)) as BillRow;
      }
      await repository.putTicketOn(ticket.id, row.id);
      if (ticket.paidWith !== null) {
        const after = await dueOf(trx, row, settings);
        const amount = after.due - dueBefore;
        if (amount > 0) {
          await repository.insertPayment({ bill_id: row.id, key: null, request: null, method: DEMO_METHODS[ticket.paidWith] ?? ticket.paidWith, provider: 'demo', amount, tip: 0, tendered: null, change: null, status: 'succeeded', at: now, by_user_id: ticket.userId });
        }
        const closed = await dueOf(trx, row, settings);
        if (closed.due === 0) await close(trx, row, closed.money, closed.parts, settings, now);
      }
      return row.id;
    },

    /**
     * The kitchen moved a ticket, in its transaction (`settings` read before it). Completing a
     * pick-up or delivery ticket whose money was due takes it in cash (OPERATIONS.md "Tickets":
     * staff take the money when they hand the order over): a cash payment of its bill's due,
     * which pays the bill. A table's or reservation's bill is paid with "Take payment" instead.
     * A bill whose every ticket is cancelled, with nothing paid on it, becomes void.
     */
    async ticketMoved(trx: Kysely<AppDatabase>, settings: RestaurantSettings, ticketId: number, change: { collected: boolean; cancelled: boolean }): Promise<void> {
      const repository = createBillsRepository(trx);
      const billId = await repository.billOfTicket(ticketId);
      if (billId === null) return;
      const row = await lockBill(trx, billId);
      if (!row || row.status !== 'open') return;
      const now = nowIso();
      const state = await dueOf(trx, row, settings);
      if (change.cancelled && state.parts.tickets.every((t) => t.status === 'cancelled') && state.paid === 0) {
        await repository.voidBill(billId);
        return;
      }
      if (change.collected && row.fulfilment !== 'dine_in' && state.due > 0) {
        await repository.insertPayment({ bill_id: billId, key: null, request: null, method: 'cash', provider: 'restaurant', amount: state.due, tip: 0, tendered: null, change: null, status: 'succeeded', at: now, by_user_id: null });
        const after = await dueOf(trx, row, settings);
        await close(trx, row, after.money, after.parts, settings, now);
      }
    },

    /**
     * A payment that succeeded elsewhere (an online provider's `succeeded`, a deposit), in the
     * caller's transaction (`settings` read before it): under the bill's lock, at most its due,
     * recorded as succeeded; at due 0 the bill is paid (figures, receipt number, tickets paid).
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
      const before = await dueOf(trx, row, settings);
      if (payment.amount > before.due) return { outcome: 'overDue', paidTickets: [] };
      const now = nowIso();
      await createBillsRepository(trx).insertPayment({ bill_id: billId, key: null, request: null, method: payment.method, provider: payment.provider, amount: payment.amount, tip: payment.tip, tendered: null, change: null, status: 'succeeded', at: now, by_user_id: payment.byUserId, payment_id: payment.paymentId ?? null });
      if (before.due - payment.amount !== 0) return { outcome: 'recorded', paidTickets: [] };
      await close(trx, row, before.money, before.parts, settings, now);
      return { outcome: 'paid', paidTickets: before.parts.tickets.map((t) => ({ id: t.id, userId: t.user_id })) };
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
      let row = await repository.openBillOf({ reservationId }, engine === 'postgres');
      const now = nowIso();
      if (!row) {
        const day = wallClockOf(now, settings.timeZone).date;
        const seq = await repository.nextSeq(day);
        const id = await repository.insert({ local_date: day, seq, number: `B-${String(seq).padStart(3, '0')}`, fulfilment: 'dine_in', table_id: null, reservation_id: reservationId, covers: await repository.partySize(reservationId), opened_at: now });
        row = (await repository.bill(id)) as BillRow;
      }
      return repository.insertPaymentOnce({ bill_id: row.id, key: null, request: null, method: payment.method, provider: payment.provider, amount: payment.amount, tip: 0, tendered: null, change: null, status: 'succeeded', at: now, by_user_id: null, payment_id: payment.paymentId });
    },

    /**
     * A reservation's party left (completed), in the caller's transaction: if its open bill is
     * covered by what was paid on it (a deposit at least as large as the meal), the bill is paid
     * now with its receipt number, and what was paid beyond its total is answered (minor units)
     * for the caller to give back. Undefined when there is no such bill or something is still due.
     */
    async closeCovered(trx: Kysely<AppDatabase>, settings: RestaurantSettings, reservationId: number): Promise<{ billId: number; surplus: number; paidTickets: { id: number; userId: number | null }[] } | undefined> {
      const repository = createBillsRepository(trx);
      if (engine === 'sqlite') await lockForWriting(trx, engine, 'bills');
      const row = await repository.openBillOf({ reservationId }, engine === 'postgres');
      if (!row) return undefined;
      const state = await dueOf(trx, row, settings);
      if (state.due > 0 || state.paid === 0) return undefined;
      await close(trx, row, state.money, state.parts, settings, nowIso());
      return { billId: row.id, surplus: -state.due, paidTickets: state.parts.tickets.map((t) => ({ id: t.id, userId: t.user_id })) };
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

    /** GET /api/v1/bills: staff. */
    async list(filter: { status?: BillStatus | undefined; date?: string | undefined }): Promise<Bill[]> {
      const settings = await deps.restaurant.get();
      return views(db, await createBillsRepository(db).ids(filter, 500), settings);
    },

    /** GET /api/v1/bills/{id}: staff, or a guest with a ticket on it (others 404). */
    async one(caller: Caller, id: number): Promise<Bill> {
      await readable(caller, id);
      return view(db, id, await deps.restaurant.get());
    },

    /** POST /api/v1/bills/{id}/discounts */
    async discount(caller: Caller, id: number, body: DiscountBody): Promise<Bill> {
      const settings = await deps.restaurant.get();
      const now = nowIso();
      const paidTickets = await db.transaction().execute(async (trx) => {
        const row = await lockBill(trx, id);
        if (!row) throw notFound(BILL_MESSAGES.notFound);
        if (row.status === 'paid') throw conflict(BILL_MESSAGES.paid);
        if (row.status === 'void') throw conflict(BILL_MESSAGES.void);
        const { money } = await dueOf(trx, row, settings);
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
        // Money already taken stays taken: a discount may bring the due to 0 (which pays the bill), not below.
        const after = await dueOf(trx, row, settings);
        if (after.due < 0) throw conflict(`This discount would take the bill below what was already paid (${formatMoney(fromMinorUnits(after.paid), settings.currency)})`);
        if (after.due !== 0) return [];
        await close(trx, row, after.money, after.parts, settings, now);
        return after.parts.tickets;
      });
      deps.onChange?.(id);
      if (paidTickets.length > 0) deps.onPaid?.(paidTickets.map((t) => ({ id: t.id, userId: t.user_id })));
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
      const request = JSON.stringify({ method: body.method, amount, tip, tendered });
      const { created, paidTickets } = await db.transaction().execute(async (trx) => {
        const row = await lockBill(trx, id);
        if (!row) throw notFound(BILL_MESSAGES.notFound);
        const repository = createBillsRepository(trx);
        const earlier = await repository.paymentByKey(id, body.key);
        if (earlier) {
          if (earlier.request !== request) throw conflict(BILL_MESSAGES.keyReused);
          return { created: false, paidTickets: [] };
        }
        if (row.status === 'paid') throw conflict(BILL_MESSAGES.paid);
        if (row.status === 'void') throw conflict(BILL_MESSAGES.void);
        const before = await dueOf(trx, row, settings);
        if (amount > before.due) throw conflict(BILL_MESSAGES.overDue(formatMoney(fromMinorUnits(before.due), settings.currency)));
        const change = body.method === 'cash' && tendered !== null ? (changeOf(tendered, amount, tip) ?? null) : null;
        if (body.method === 'cash' && tendered !== null && change === null) throw badRequest('tendered must cover the amount and the tip');
        await repository.insertPayment({ bill_id: id, key: body.key, request, method: body.method, provider: 'restaurant', amount, tip, tendered, change, status: 'succeeded', at: now, by_user_id: caller.id });
        // The money is what it was before this payment (a payment changes no line, discount or fee).
        if (before.due - amount !== 0) return { created: true, paidTickets: [] };
        await close(trx, row, before.money, before.parts, settings, now);
        return { created: true, paidTickets: before.parts.tickets };
      });
      if (created) deps.onChange?.(id);
      if (paidTickets.length > 0) deps.onPaid?.(paidTickets.map((t) => ({ id: t.id, userId: t.user_id })));
      return { bill: await view(db, id, settings), created };
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
        ['bills', String(r.bills)],
        ['covers', String(r.covers)],
        ['gross', money(r.gross)],
        ['discounts', money(r.discounts)],
        ['serviceCharge', money(r.serviceCharge)],
        ['deliveryFees', money(r.deliveryFees)],
        ...r.taxes.flatMap((t): [string, string][] => [
          [`tax ${t.name} ${t.rate}% base`, money(t.base)],
          [`tax ${t.name} ${t.rate}% amount`, money(t.amount)],
        ]),
        ['tips', money(r.tips)],
        ...r.payments.flatMap((p): [string, string][] => [
          [`payments ${p.method} count`, String(p.count)],
          [`payments ${p.method} amount`, money(p.amount)],
        ]),
        ['refunds', money(r.refunds)],
        ['cashExpected', money(r.cashExpected)],
        ['netSales', money(r.netSales)],
        ['totalTaken', money(r.totalTaken)],
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
