import type { Bill, BillStatus } from '../../../shared/contract/bills.ts';
import { fromMinorUnits } from '../../../shared/contract/common.ts';
import type { Fulfilment } from '../../../shared/contract/tickets.ts';
import { type BillMoney, paymentSums } from '../../../shared/domain/billing.ts';
import { chosenOptions, copiedName } from '../../db/dish-copy.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { BillLineRow, BillPaymentRow, BillRow, BillTicketRow, DiscountRow } from './bills.repository.ts';
import { type Minor, ZERO, asMinor } from '../../../shared/domain/money.ts';

export interface BillParts {
  tickets: BillTicketRow[];
  lines: BillLineRow[];
  discounts: DiscountRow[];
  payments: BillPaymentRow[];
}

/** What was given back (or set aside to be) of a bill payment: for an online one, what its payment set aside for refunds too. */
export function givenBack(p: BillPaymentRow): Minor {
  return asMinor(Math.max(Number(p.refunded), Number(p.reserved ?? 0)));
}

/** Whether every ticket of a bill is cancelled: nothing on it was served, and it is void once all its money is given back (decision 055). */
export function everyTicketCancelled(parts: Pick<BillParts, 'tickets'>): boolean {
  return parts.tickets.length > 0 && parts.tickets.every((t) => t.status === 'cancelled');
}

/** What is left to give back of a bill payment: of its amount, or, on a bill whose every ticket is cancelled, of its amount and tip. */
export function leftToGiveBack(p: BillPaymentRow, everything: boolean): { amount: Minor; refunded: Minor } {
  return { amount: asMinor(Number(p.amount) + (everything ? Number(p.tip) : 0)), refunded: givenBack(p) };
}

/** A bill's paid, due, owedBack, tips and refunded against its total (minor units); a bill whose every ticket is cancelled owes its tips back too. */
export function billSums(total: Minor, parts: BillParts) {
  return paymentSums(
    total,
    parts.payments.map((p) => ({
      amount: asMinor(p.amount),
      tip: asMinor(p.tip),
      succeeded: p.status === 'succeeded',
      refunded: givenBack(p),
    })),
    everyTicketCancelled(parts),
  );
}

/** A bill's own sums in minor units, those its view says: its total, its due (0 once paid) and what was given back. */
export interface BillAmounts {
  total: Minor;
  due: Minor;
  refunded: Minor;
}

/**
 * A bill as the contract has it, with its own sums in minor units (`amounts`, handed to the
 * server's callers instead of the view's numbers read back). `money` is an unpaid bill's figures
 * under the settings of the moment; a paid bill is read from the figures written on it when it
 * was paid (and a bill paid before bills had rates, migration 0009, shows its lines at 0 %). Its
 * lines' dishes and options are named in `language`, as their copies have them (decision 050).
 */
export function toBill(
  row: BillRow,
  parts: BillParts,
  money: BillMoney | undefined,
  billing: { taxName: string; taxInclusive: boolean },
  language: Language = 'en',
): { bill: Bill; amounts: BillAmounts } {
  let lines: { line: BillLineRow; rate: number }[];
  let figures: {
    subtotal: Minor;
    discounts: Minor[];
    serviceCharge: Minor;
    deliveryFee: Minor;
    taxes: { name: string; rate: number; base: Minor; amount: Minor }[];
    total: Minor;
    inclusive: boolean;
  };
  if (money) {
    const open = parts.lines.filter((l) => l.ticket_status !== 'cancelled');
    lines = open.map((line, i) => ({ line, rate: money.lineRates[i] as number }));
    figures = {
      subtotal: money.subtotal,
      discounts: money.discounts,
      serviceCharge: money.serviceCharge,
      deliveryFee: money.deliveryFee,
      taxes: money.taxes.map((t) => ({ name: billing.taxName, ...t })),
      total: money.total,
      inclusive: billing.taxInclusive,
    };
  } else {
    const rates = JSON.parse(row.line_rates ?? '{}') as Record<string, number>;
    const legacy = Object.keys(rates).length === 0;
    lines = parts.lines
      .filter((l) => legacy || Object.hasOwn(rates, String(l.id)))
      .map((line) => ({ line, rate: rates[String(line.id)] ?? 0 }));
    figures = {
      subtotal: asMinor(row.subtotal ?? 0),
      discounts: parts.discounts.map((d) => asMinor(d.amount ?? 0)),
      serviceCharge: asMinor(row.service_charge ?? 0),
      deliveryFee: asMinor(row.delivery_fee ?? 0),
      // Kept in minor units when the bill was paid (bills.ledger.ts).
      taxes: JSON.parse(row.taxes ?? '[]') as { name: string; rate: number; base: Minor; amount: Minor }[],
      total: asMinor(row.total ?? 0),
      inclusive: Number(row.tax_inclusive ?? 1) === 1,
    };
  }
  const sums = billSums(figures.total, parts);
  // A paid bill has nothing due: money given back after it was paid (a goodwill refund) is a refund, not a debt.
  const amounts: BillAmounts = {
    total: figures.total,
    due: row.status === 'paid' ? ZERO : sums.due,
    refunded: sums.refunded,
  };
  const bill: Bill = {
    _id: String(row.id),
    branchId: String(row.branch_id),
    number: row.number,
    status: row.status as BillStatus,
    fulfilment: row.fulfilment as Fulfilment,
    ticketIds: parts.tickets.map((t) => String(t.id)),
    lines: lines.map(({ line, rate }) => {
      const total = asMinor(line.price);
      const quantity = Number(line.quantity);
      return {
        _id: String(line.id),
        ticketId: String(line.ticket_id),
        name: copiedName(line, language),
        options: chosenOptions(line.options, language),
        quantity,
        unitPrice: fromMinorUnits(asMinor(Math.round(total / quantity))),
        total: fromMinorUnits(total),
        taxRate: rate,
      };
    }),
    subtotal: fromMinorUnits(figures.subtotal),
    discounts: parts.discounts.map((d, i) => {
      const discount: Bill['discounts'][number] = {
        _id: String(d.id),
        amount: fromMinorUnits(figures.discounts[i] ?? ZERO),
        reason: d.reason,
        by: d.by_name,
      };
      if (d.percent_bp !== null) discount.percent = Number(d.percent_bp) / 100;
      return discount;
    }),
    serviceCharge: fromMinorUnits(figures.serviceCharge),
    deliveryFee: fromMinorUnits(figures.deliveryFee),
    taxes: figures.taxes.map((t) => ({
      name: t.name,
      rate: t.rate,
      base: fromMinorUnits(t.base),
      amount: fromMinorUnits(t.amount),
    })),
    taxInclusive: figures.inclusive,
    tips: fromMinorUnits(sums.tips),
    total: fromMinorUnits(amounts.total),
    paid: fromMinorUnits(sums.paid),
    due: fromMinorUnits(amounts.due),
    owedBack: fromMinorUnits(sums.owedBack),
    refunded: fromMinorUnits(amounts.refunded),
    payments: parts.payments.map((p) => {
      const payment: Bill['payments'][number] = {
        _id: String(p.id),
        method: p.method,
        provider: p.provider,
        amount: fromMinorUnits(asMinor(p.amount)),
        tip: fromMinorUnits(asMinor(p.tip)),
        status: p.status,
        at: p.at,
      };
      if (p.tendered !== null) payment.tendered = fromMinorUnits(asMinor(p.tendered));
      if (p.change !== null) payment.change = fromMinorUnits(asMinor(p.change));
      if (p.payment_id !== null) payment.paymentId = String(p.payment_id);
      if (Number(p.refunded) > 0) {
        payment.refunded = fromMinorUnits(asMinor(p.refunded));
        if (p.refunded_at !== null) payment.refundedAt = p.refunded_at;
      }
      return payment;
    }),
    openedAt: row.opened_at,
  };
  if (row.table_id !== null) bill.tableId = String(row.table_id);
  if (row.reservation_id !== null) bill.reservationId = String(row.reservation_id);
  if (row.receipt_number !== null) bill.receiptNumber = Number(row.receipt_number);
  if (row.paid_at !== null) bill.paidAt = row.paid_at;
  return { bill, amounts };
}
