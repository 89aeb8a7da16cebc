import type { Kysely } from 'kysely';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { Fulfilment } from '../../../shared/contract/tickets.ts';
import { type BillMoney, type BillingRules, billMoney, giveBackPlan } from '../../../shared/domain/billing.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { lockForWriting } from '../../db/write-lock.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { type BillSources, billParts } from './bill-sources.ts';
import { type BillParts, billSums, everyTicketCancelled, givenBack, leftToGiveBack } from './bills.mappers.ts';
import { type BillRow, type BillPaymentRow, type NewBillPayment, createBillsRepository } from './bills.repository.ts';
import { type Minor, ZERO, addMinor, asMinor, subtractMinor, sumMinor } from '../../../shared/domain/money.ts';

/**
 * A bill's money as it stands, and what keeps it right after every change (docs/reference/ordering.md "Money
 * that agrees on every screen", decision 036):
 * - a bill follows the billing settings of the moment until its first payment, then the rules
 *   it took then (`bills.rules`), so a settings change never moves a partly paid bill;
 * - `due` and `owedBack` are never below 0: when a cancel or a discount brings `total` under
 *   what was paid, the excess is owed back. Online payments (and the spec's demo PAY) are given
 *   back at once, through their provider; money taken at the restaurant waits for staff to give
 *   it back (`POST /api/v1/bills/{id}/refunds`). A deposit stays on its reservation's bill until
 *   the party leaves (the reservations' completion gives back what the meal did not use);
 * - an open bill with lines whose `due` and `owedBack` are both 0 is paid, with the next receipt
 *   number; a bill already paid keeps its receipt and has its figures written again;
 * - a bill whose every ticket was cancelled is void once everything paid on it is given back,
 *   the tips too (decision 055): online at once, at the restaurant by staff. A void bill that had
 *   been paid keeps its receipt number (the numbers run without a gap) and its paid day.
 */

/** The billing rules a bill is priced with, as kept on it (JSON). */
export interface KeptRules extends BillingRules {
  taxName: string;
}

export function rulesOf(settings: RestaurantSettings): KeptRules {
  const b = settings.billing;
  return {
    taxName: b.taxName,
    taxInclusive: b.taxInclusive,
    rates: { ...b.rates },
    categoryRates: { ...b.categoryRates },
    serviceChargePercent: b.serviceChargePercent,
  };
}

/** The rules of a bill: those it took at its first payment, else the settings'. */
export function billRules(row: BillRow, settings: RestaurantSettings): KeptRules {
  return row.rules !== null ? (JSON.parse(row.rules) as KeptRules) : rulesOf(settings);
}

/** Whether a bill payment's money goes back at once when owed (not waiting for staff): an online payment other than a deposit, or the spec's demo PAY. */
function givenBackAtOnce(p: BillPaymentRow): boolean {
  if (p.status !== 'succeeded') return false;
  if (p.payment_id !== null) return p.deposit !== 1;
  return p.provider === 'demo';
}

/** Refunds of online payments (the payments module's): set aside in the bill's transaction, sent once committed. */
export type OnlineRefunds = PaymentsService['refunds'];

export interface BillState {
  money: BillMoney;
  parts: BillParts;
  paid: Minor;
  kept: Minor;
  due: Minor;
  owedBack: Minor;
  tips: Minor;
  refunded: Minor;
}

/** What a rebalance did: online refunds to send once committed, the tickets it paid, whether it paid the bill. */
export type Rebalanced = { refundIds: number[]; paidTickets: { id: number; userId: number | null }[]; closed: boolean };

export function createBillLedger(engine: Engine, sources: BillSources, deps: { onlineRefunds?: OnlineRefunds }) {
  /** Holds a bill until the transaction ends; its row (undefined: no such bill). */
  async function lockBill(trx: Kysely<AppDatabase>, id: number): Promise<BillRow | undefined> {
    if (engine === 'sqlite') await lockForWriting(trx, engine, 'bills');
    return createBillsRepository(trx).bill(id, engine === 'postgres');
  }

  /** A bill's money under its rules (minor units), over the lines of its tickets not cancelled. */
  function moneyOf(row: BillRow, parts: BillParts, settings: RestaurantSettings): BillMoney {
    const lines = parts.lines.filter((l) => l.ticket_status !== 'cancelled');
    return billMoney({
      fulfilment: row.fulfilment as Fulfilment,
      lines: lines.map((l) => ({ total: asMinor(l.price), category: l.category ?? '' })),
      discounts: parts.discounts.map((d) =>
        d.percent_bp !== null ? { percent: d.percent_bp / 100 } : { amount: asMinor(d.amount ?? 0) },
      ),
      deliveryFee: sumMinor(parts.tickets.filter((t) => t.status !== 'cancelled').map((t) => asMinor(t.delivery_fee))),
      rules: billRules(row, settings),
    });
  }

  const sumsOf = billSums;

  const partsOf = (executor: Kysely<AppDatabase>, ids: number[]) => billParts(sources, executor, ids);

  async function stateOf(
    executor: Kysely<AppDatabase>,
    row: BillRow,
    settings: RestaurantSettings,
  ): Promise<BillState> {
    const parts = (await partsOf(executor, [row.id])).get(row.id) as BillParts;
    const money = moneyOf(row, parts, settings);
    return { money, parts, ...sumsOf(money.total, parts) };
  }

  /** Before a bill's first payment: it keeps the rules of this moment from now on (the row too). */
  async function freezeRules(trx: Kysely<AppDatabase>, row: BillRow, settings: RestaurantSettings): Promise<void> {
    if (row.rules !== null) return;
    row.rules = JSON.stringify(rulesOf(settings));
    await createBillsRepository(trx).setRules(row.id, row.rules);
  }

  /** The figures a bill is paid at, as written on it. */
  function figures(state: BillState, rules: KeptRules) {
    const lineRates: Record<string, number> = {};
    state.parts.lines
      .filter((l) => l.ticket_status !== 'cancelled')
      .forEach((line, i) => {
        lineRates[String(line.id)] = state.money.lineRates[i] as number;
      });
    const { money } = state;
    return {
      subtotal: money.subtotal,
      discount: money.discount,
      service_charge: money.serviceCharge,
      delivery_fee: money.deliveryFee,
      tax: money.tax,
      total: money.total,
      tax_inclusive: rules.taxInclusive ? 1 : 0,
      taxes: JSON.stringify(
        money.taxes.map((t) => ({ name: rules.taxName, rate: t.rate, base: t.base, amount: t.amount })),
      ),
      line_rates: JSON.stringify(lineRates),
      rules: JSON.stringify(rules),
    };
  }

  /**
   * Pays an open bill: its tickets' payment, its discounts' amounts, then its figures with its
   * receipt number in the last statement, so that the receipt counter's row is held from there
   * to the commit only (decision 046).
   */
  async function close(
    trx: Kysely<AppDatabase>,
    row: BillRow,
    state: BillState,
    settings: RestaurantSettings,
    now: string,
  ): Promise<void> {
    const repository = createBillsRepository(trx);
    await sources.tickets.billPaid(trx, row.id);
    await repository.setDiscountAmounts(
      state.parts.discounts.map((d, i) => ({ id: d.id, amount: state.money.discounts[i] as number })),
    );
    const paid = {
      paid_at: row.paid_at ?? now,
      paid_date: row.paid_date ?? wallClockOf(now, settings.timeZone).date,
      ...figures(state, billRules(row, settings)),
    };
    await repository.markPaidWithReceipt(engine, row.id, paid, row.receipt_number);
    row.status = 'paid';
  }

  /**
   * After a change of a bill's money (a cancel, a discount, a payment, a refund), in the
   * caller's transaction with the bill held: gives back at once what is owed of online payments,
   * then pays, voids or rewrites the bill as its money now says. Answers the online refunds to
   * send once committed and the tickets it paid.
   */
  async function rebalance(
    trx: Kysely<AppDatabase>,
    row: BillRow,
    settings: RestaurantSettings,
    now: string,
    reason: string,
    known?: BillState,
  ): Promise<Rebalanced> {
    const repository = createBillsRepository(trx);
    let state = known ?? (await stateOf(trx, row, settings));
    const refundIds: number[] = [];
    if (state.owedBack > 0) {
      const auto = state.parts.payments.filter(givenBackAtOnce);
      const everything = everyTicketCancelled(state.parts);
      const plan = giveBackPlan(
        state.owedBack,
        auto.map((p) => leftToGiveBack(p, everything)),
      );
      const online = deps.onlineRefunds;
      for (const [i, take] of plan) {
        const payment = auto[i] as BillPaymentRow;
        if (payment.payment_id !== null) {
          if (!online) continue;
          const id = await online.write(
            trx,
            payment.payment_id,
            take,
            `owed-${payment.id}-${givenBack(payment)}`,
            reason,
          );
          if (id !== undefined) refundIds.push(id);
        } else await repository.giveBack(payment.id, take, now, wallClockOf(now, settings.timeZone).date, reason, null);
      }
      if (plan.size > 0) state = await stateOf(trx, row, settings);
    }
    const live = state.parts.lines.some((l) => l.ticket_status !== 'cancelled');
    // Every ticket cancelled and all given back (owedBack counts the tips then): nothing of it was kept.
    const emptied = everyTicketCancelled(state.parts) && state.owedBack === 0;
    if (row.status === 'open') {
      if (emptied && state.kept === 0 && row.receipt_number === null) {
        await repository.voidBill(row.id);
        row.status = 'void';
      } else if (live && state.due === 0 && state.owedBack === 0) {
        await close(trx, row, state, settings, now);
        return {
          refundIds,
          paidTickets: state.parts.tickets.map((t) => ({ id: t.id, userId: t.user_id })),
          closed: true,
        };
      }
    } else if (row.status === 'paid') {
      await repository.rewriteFigures(
        row.id,
        figures(state, billRules(row, settings)),
        state.parts.discounts.map((d, i) => ({ id: d.id, amount: state.money.discounts[i] as number })),
      );
      if (emptied) {
        await repository.voidPaid(row.id);
        row.status = 'void';
      }
    }
    return { refundIds, paidTickets: [], closed: false };
  }

  /**
   * A payment taken on a bill whose state was just read (`before`, with the bill held), then the
   * bill rebalanced: it keeps its rules from now on. A payment taken here (not online) is counted
   * into `before` as written rather than read again: a bill's money does not depend on its
   * payments, only its sums do (three statements fewer for every payment).
   */
  async function takePayment(
    trx: Kysely<AppDatabase>,
    row: BillRow,
    settings: RestaurantSettings,
    before: BillState,
    payment: NewBillPayment,
    reason: string,
  ): Promise<Rebalanced> {
    await freezeRules(trx, row, settings);
    const written = await createBillsRepository(trx).insertPayment(payment);
    // An online payment's row carries what its refunds set aside: read again (bill-sources.ts).
    if (written.payment_id !== null) return rebalance(trx, row, settings, payment.at, reason);
    const parts: BillParts = {
      ...before.parts,
      payments: [...before.parts.payments, { ...written, reserved: null, deposit: 0 }],
    };
    return rebalance(trx, row, settings, payment.at, reason, {
      money: before.money,
      parts,
      ...sumsOf(before.money.total, parts),
    });
  }

  /**
   * What cancelling one ticket of a bill would give back, without changing anything: `refund`
   * through providers at once, `giveBack` by staff per method taken at the restaurant (minor units).
   */
  async function previewCancel(
    executor: Kysely<AppDatabase>,
    row: BillRow,
    settings: RestaurantSettings,
    ticketId: number,
  ): Promise<{ refund: Minor; giveBack: { method: string; amount: Minor }[] }> {
    const parts = (await partsOf(executor, [row.id])).get(row.id) as BillParts;
    const without: BillParts = {
      ...parts,
      tickets: parts.tickets.map((t) => (t.id === ticketId ? { ...t, status: 'cancelled' } : t)),
      lines: parts.lines.map((l) => (l.ticket_id === ticketId ? { ...l, ticket_status: 'cancelled' } : l)),
    };
    const { owedBack } = sumsOf(moneyOf(row, without, settings).total, without);
    const everything = everyTicketCancelled(without);
    const auto = without.payments.filter(givenBackAtOnce);
    const refund = sumMinor(
      giveBackPlan(
        owedBack,
        auto.map((p) => leftToGiveBack(p, everything)),
      ).values(),
    );
    const taken = without.payments.filter((p) => p.status === 'succeeded' && p.provider === 'restaurant');
    const byMethod = new Map<string, Minor>();
    for (const [i, amount] of giveBackPlan(
      subtractMinor(owedBack, refund),
      taken.map((p) => leftToGiveBack(p, everything)),
    )) {
      const method = (taken[i] as BillPaymentRow).method;
      byMethod.set(method, addMinor(byMethod.get(method) ?? ZERO, amount));
    }
    return { refund, giveBack: [...byMethod].map(([method, amount]) => ({ method, amount })) };
  }

  return {
    lockBill,
    moneyOf,
    previewCancel,
    partsOf,
    stateOf,
    sumsOf,
    freezeRules,
    close,
    rebalance,
    takePayment,
    sendRefunds: async (ids: number[]) => (ids.length > 0 ? deps.onlineRefunds?.send(ids) : undefined),
  };
}

export type BillLedger = ReturnType<typeof createBillLedger>;
