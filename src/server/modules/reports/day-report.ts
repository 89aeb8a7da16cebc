import type { BrandDayReport, DayReport } from '../../../shared/contract/bills.ts';
import { fromMinorUnits } from '../../../shared/contract/common.ts';
import { DAY_FIGURES } from '../../../shared/domain/day-figures.ts';
import { type Minor, ZERO, addMinor, subtractMinor, sumMinor } from '../../../shared/domain/money.ts';

/** What a day report is made of, in minor units: the bills' day (bills.service), the deposits kept (payments) and the covers seated (reservations). */
export interface DayParts {
  bills: {
    bills: number;
    subtotal: Minor;
    discount: Minor;
    serviceCharge: Minor;
    deliveryFee: Minor;
    covers: number;
    taxes: (string | null)[];
    /** The distinct currencies of the day's bills (null: a bill from before they kept one). */
    currencies: (string | null)[];
    payments: { method: string; count: number; amount: Minor; tip: Minor }[];
    refunds: { all: Minor; cash: Minor };
  };
  kept: { count: number; amount: Minor };
  coversSeated: number;
  /** The cash counts kept for the day (reports.repository), oldest first. */
  cashCounts: { counted: Minor; expected: Minor; by: string | null; at: string }[];
}

/**
 * The day report (docs/reference/ordering.md "The day report") and the cash the day expects, from
 * its parts; `currency` is the settings' today, the currency of a bill that kept none and of a day without bills.
 */
export function dayReportOf(parts: DayParts, currency: string): { report: DayReport; cashExpected: Minor } {
  const day = parts.bills;
  const currencies = [...new Set(day.currencies.map((c) => c ?? currency))];
  const taxes = new Map<string, { name: string; rate: number; base: Minor; amount: Minor }>();
  for (const json of day.taxes) {
    // A bill's taxes are kept as JSON in minor units (bills.ledger.ts).
    for (const tax of JSON.parse(json ?? '[]') as { name: string; rate: number; base: Minor; amount: Minor }[]) {
      const key = `${tax.name}|${tax.rate}`;
      const sum = taxes.get(key) ?? { name: tax.name, rate: tax.rate, base: ZERO, amount: ZERO };
      sum.base = addMinor(sum.base, tax.base);
      sum.amount = addMinor(sum.amount, tax.amount);
      taxes.set(key, sum);
    }
  }
  const tips = sumMinor(day.payments.map((p) => p.tip));
  const cash = sumMinor(day.payments.filter((p) => p.method === 'cash').flatMap((p) => [p.amount, p.tip]));
  const cashExpected = subtractMinor(cash, day.refunds.cash);
  const taken = subtractMinor(sumMinor(day.payments.flatMap((p) => [p.amount, p.tip])), day.refunds.all);
  return {
    cashExpected,
    report: {
      bills: day.bills,
      covers: parts.coversSeated,
      gross: fromMinorUnits(day.subtotal),
      discounts: fromMinorUnits(day.discount),
      serviceCharge: fromMinorUnits(day.serviceCharge),
      deliveryFees: fromMinorUnits(day.deliveryFee),
      taxes: [...taxes.values()]
        .sort((a, b) => a.rate - b.rate)
        .map((t) => ({ name: t.name, rate: t.rate, base: fromMinorUnits(t.base), amount: fromMinorUnits(t.amount) })),
      tips: fromMinorUnits(tips),
      payments: [...day.payments]
        .sort((a, b) => a.method.localeCompare(b.method))
        .map((p) => ({ method: p.method, count: p.count, amount: fromMinorUnits(p.amount) })),
      refunds: fromMinorUnits(day.refunds.all),
      cashExpected: fromMinorUnits(cashExpected),
      netSales: fromMinorUnits(subtractMinor(day.subtotal, day.discount)),
      totalTaken: fromMinorUnits(taken),
      depositsKept: { count: parts.kept.count, amount: fromMinorUnits(parts.kept.amount) },
      // A count keeps what was expected when it was made: a payment taken since does not rewrite it.
      cashCounts: parts.cashCounts.map((c) => ({
        counted: fromMinorUnits(c.counted),
        expected: fromMinorUnits(c.expected),
        difference: fromMinorUnits(subtractMinor(c.counted, c.expected)),
        by: c.by ?? '',
        at: c.at,
      })),
      currency: currencies[0] ?? currency,
      ...(currencies.length > 1 ? { currencies } : {}),
    },
  };
}

/**
 * The brand's day from its branches' (docs/reference/branches.md "Staff and the owner"): every
 * count and sum added in minor units, the taxes and currencies gathered for `dayReportOf` to
 * add by rate as it does for one branch, the payments added by method, the cash counts of every
 * branch together by time. What `dayReportOf` makes of it adds up to the branches' figures exactly.
 */
export function sumDayParts(all: DayParts[]): DayParts {
  const payments = new Map<string, DayParts['bills']['payments'][number]>();
  for (const p of all.flatMap((parts) => parts.bills.payments)) {
    const sum = payments.get(p.method) ?? { method: p.method, count: 0, amount: ZERO, tip: ZERO };
    payments.set(p.method, {
      method: p.method,
      count: sum.count + p.count,
      amount: addMinor(sum.amount, p.amount),
      tip: addMinor(sum.tip, p.tip),
    });
  }
  const bills = all.map((parts) => parts.bills);
  const add = (of: (b: DayParts['bills']) => Minor) => sumMinor(bills.map(of));
  return {
    bills: {
      bills: bills.reduce((n, b) => n + b.bills, 0),
      subtotal: add((b) => b.subtotal),
      discount: add((b) => b.discount),
      serviceCharge: add((b) => b.serviceCharge),
      deliveryFee: add((b) => b.deliveryFee),
      covers: bills.reduce((n, b) => n + b.covers, 0),
      taxes: bills.flatMap((b) => b.taxes),
      currencies: bills.flatMap((b) => b.currencies),
      payments: [...payments.values()],
      refunds: { all: add((b) => b.refunds.all), cash: add((b) => b.refunds.cash) },
    },
    kept: {
      count: all.reduce((n, parts) => n + parts.kept.count, 0),
      amount: sumMinor(all.map((parts) => parts.kept.amount)),
    },
    coversSeated: all.reduce((n, parts) => n + parts.coversSeated, 0),
    cashCounts: all.flatMap((parts) => parts.cashCounts).sort((a, b) => a.at.localeCompare(b.at)),
  };
}

/** Whether a day has anything to report at a branch (an archived branch's row is listed only then). */
export const hasFigures = (parts: DayParts): boolean =>
  parts.bills.bills > 0 || parts.kept.count > 0 || parts.coversSeated > 0 || parts.cashCounts.length > 0;

/** A day report's rows as the CSV has them: the date, the currency, the single figures, the taxes, the payments, the deposits kept. */
function dayRowsOf(date: string, r: DayReport): [string, string][] {
  const money = (n: number) => n.toFixed(2);
  return [
    ['date', date],
    ['currency', r.currencies?.join(' ') ?? r.currency],
    ...DAY_FIGURES.map((figure): [string, string] => [
      figure.csv,
      figure.kind === 'money' ? money(figure.of(r)) : String(figure.of(r)),
    ]),
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
}

// Numbers as they are (a negative one too); any other cell that a spreadsheet could read as a formula is quoted and defused.
const cell = (text: string) =>
  /^-?\d+(\.\d+)?$/.test(text)
    ? text
    : /[",\n\r]/.test(text) || /^[=+\-@]/.test(text)
      ? `"${text.replace(/^([=+\-@])/, "'$1").replaceAll('"', '""')}"`
      : text;

const csvOf = (rows: string[][]) => `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;

/** GET /api/v1/reports/day.csv: a branch's day report's figures, one a row. */
export function dayCsvOf(date: string, r: DayReport): string {
  return csvOf([['figure', 'value'], ...dayRowsOf(date, r)]);
}

/**
 * GET /api/v1/reports/day.csv?branch=all: the same rows, a column per branch (by its slug) and
 * the brand's last. A tax rate or a payment method a branch had none of reads 0 in its column.
 */
export function brandDayCsvOf(date: string, r: BrandDayReport): string {
  // The brand's rows name every rate and method any branch had: they are the rows, in its order.
  const brand = dayRowsOf(date, r);
  const branches = r.branches.map((branch) => new Map(dayRowsOf(date, branch)));
  const zero = (figure: string) => (figure.endsWith(' count') ? '0' : '0.00');
  return csvOf([
    ['figure', ...r.branches.map((branch) => branch.slug), 'brand'],
    ...brand.map(([figure, value]) => [figure, ...branches.map((column) => column.get(figure) ?? zero(figure)), value]),
  ]);
}
