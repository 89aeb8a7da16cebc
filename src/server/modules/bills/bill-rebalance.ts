import type { Minor } from '../../../shared/domain/money.ts';
import type { Kysely } from 'kysely';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { giveBackPlan } from '../../../shared/domain/billing.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import type { Engine } from '../../db/database.ts';
import type { AppDatabase } from '../../db/schema.ts';
import type { BillSources } from './bill-sources.ts';
import { type BillParts, type billSums, everyTicketCancelled, givenBack, leftToGiveBack } from './bills.mappers.ts';
import { type BillRow, type BillPaymentRow, type NewBillPayment, createBillsRepository } from './bills.repository.ts';
import type { BillState, OnlineRefunds, Rebalanced } from './bills.ledger.ts';
import { type KeptRules, billRules, givenBackAtOnce, rulesOf } from './bill-rules.ts';

/**
 * What keeps a bill's money right after every change (bills.ledger.ts answers it as its own): its rules
 * kept from its first payment, a payment taken, what is owed given back, the bill paid, voided or rewritten.
 */
export function createBillRebalance(
  engine: Engine,
  sources: BillSources,
  deps: { onlineRefunds?: OnlineRefunds },
  {
    stateOf,
    sumsOf,
  }: {
    stateOf(executor: Kysely<AppDatabase>, row: BillRow, settings: RestaurantSettings): Promise<BillState>;
    sumsOf: typeof billSums;
  },
) {
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
      state.parts.discounts.map((d, i) => ({ id: d.id, amount: state.money.discounts[i] as Minor })),
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
        state.parts.discounts.map((d, i) => ({ id: d.id, amount: state.money.discounts[i] as Minor })),
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

  return { freezeRules, close, rebalance, takePayment };
}
