import type { Kysely } from 'kysely';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { Fulfilment } from '../../../shared/contract/tickets.ts';
import { type BillMoney, billMoney, giveBackPlan } from '../../../shared/domain/billing.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { lockForWriting } from '../../db/write-lock.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { type BillSources, billParts } from './bill-sources.ts';
import { type BillParts, billSums, everyTicketCancelled, leftToGiveBack } from './bills.mappers.ts';
import { type BillRow, type BillPaymentRow, type BillsAt, createBillsRepository } from './bills.repository.ts';
import { billRules, givenBackAtOnce } from './bill-rules.ts';
import { createBillRebalance } from './bill-rebalance.ts';
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
 * The rules are in bill-rules.ts; what keeps the money right after a change, in bill-rebalance.ts.
 */

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
  /** Holds a bill until the transaction ends; its row (undefined: no such bill `at` that branch, or the brand). */
  async function lockBill(trx: Kysely<AppDatabase>, id: number, at: BillsAt): Promise<BillRow | undefined> {
    if (engine === 'sqlite') await lockForWriting(trx, engine, 'bills');
    return createBillsRepository(trx).bill(id, at, engine === 'postgres');
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

  const partsOf = (executor: Kysely<AppDatabase>, ids: number[]) => billParts(executor, sources, ids);

  async function stateOf(
    executor: Kysely<AppDatabase>,
    row: BillRow,
    settings: RestaurantSettings,
  ): Promise<BillState> {
    const parts = (await partsOf(executor, [row.id])).get(row.id) as BillParts;
    const money = moneyOf(row, parts, settings);
    return { money, parts, ...sumsOf(money.total, parts) };
  }

  const { freezeRules, close, rebalance, takePayment } = createBillRebalance(engine, sources, deps, {
    stateOf,
    sumsOf,
  });

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
