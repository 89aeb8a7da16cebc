import type { Bill, BillStatus } from '../../../shared/contract/bills.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import { formatMoney } from '../../../shared/format-money.ts';
import { localDigits } from '../../../shared/i18n/format.ts';
import { loadLanguage, t } from '../../../shared/i18n/i18n.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { Caller } from '../auth/auth.service.ts';

/**
 * The printable receipt (ORDERING.md "The bill"): one HTML page for an 80 mm roll printer
 * (print CSS: the page is 80 mm wide and as long as the receipt, 4 mm margins, monospaced figures), with the restaurant's
 * name, address and tax number, the lines with their options, discounts, service charge, each
 * rate's tax, tips, payments and change, the receipt number and the local time (the time it was
 * paid, else now) on the restaurant's clock. Every text from data is escaped. The page is in
 * the language of whoever opens it (else the restaurant's); the printed copy is English for now
 * (a receipt printer's fonts, decision 045).
 */

function escape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}


function localTime(instant: string, timeZone: string, language: Language, latinDigits: boolean): string {
  const clock = wallClockOf(instant, timeZone);
  const hh = String(Math.floor(clock.minutes / 60)).padStart(2, '0');
  const mm = String(clock.minutes % 60).padStart(2, '0');
  return localDigits(`${clock.date} ${hh}:${mm}`, language, latinDigits);
}

function row(label: string, amount: string, className = ''): string {
  return `<tr${className ? ` class="${className}"` : ''}><td>${label}</td><td class="num">${amount}</td></tr>`;
}

/**
 * The page: 80 mm wide; as long as the receipt (browsers print no page of "auto" length), from
 * its number of rows, generously, so that one receipt is one piece of the roll.
 */
function pageRule(rows: number): string {
  return `@page { size: 80mm ${Math.max(100, 60 + rows * 7)}mm; margin: 4mm; }`;
}

const STYLE = `
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body { width: 72mm; margin: 0 auto; font: 11px/1.35 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; color: #000; background: #fff; }
h1 { font-size: 14px; margin: 0 0 2px; text-align: center; }
p { margin: 0; text-align: center; }
table { width: 100%; border-collapse: collapse; margin-top: 6px; }
td { padding: 1px 0; vertical-align: top; word-break: break-word; }
td.num { text-align: right; white-space: nowrap; padding-left: 4px; font-variant-numeric: tabular-nums; }
tr.total td { font-weight: bold; border-top: 1px dashed #000; padding-top: 3px; }
tr.sep td { border-top: 1px dashed #000; }
.options { display: block; padding-left: 8px; }
.meta { margin-top: 6px; text-align: center; }
@media screen { body { padding: 4mm; border: 1px solid #ccc; margin-top: 8px; } }
`;

/** A receipt's rows, for its HTML page and its printed copy alike (the same content). */
export interface ReceiptRow {
  label: string;
  /** Under the label (a line's options). */
  detail?: string;
  amount: string;
  style?: 'sep' | 'total';
}

export interface ReceiptContent {
  title: string;
  name: string;
  address: string;
  taxNumber?: string;
  meta: string;
  when: string;
  rows: ReceiptRow[];
}

/** What a receipt says (unescaped): the restaurant, the number and local time, its rows. */
/** A payment's method on the receipt ("Paid by cash"); bKash and Nagad are names. */
const methodWord = (method: string, l: Language): string =>
  ({ cash: t('receipt.cash', 'cash', undefined, l), card: t('receipt.card', 'card', undefined, l), bank: t('receipt.bank', 'bank', undefined, l) })[method] ?? method;

/** What a receipt says (unescaped) in `language` (English unless said): the restaurant, the number and local time, its rows. */
export function receiptContent(bill: Bill, settings: RestaurantSettings, now: string, l: Language = 'en'): ReceiptContent {
  const billing = settings.billing;
  const latin = settings.latinDigits ?? false;
  // Every amount in the restaurant's currency by the one formatter, as on every screen ("$12.00", "BDT 1500.00").
  const money = (amount: number) => formatMoney(amount, settings.currency, l, latin);
  const digits = (value: number | string) => localDigits(String(value), l, latin);
  const rows: ReceiptRow[] = bill.lines.map((line) => ({ label: `${digits(line.quantity)} × ${line.name}`, ...(line.options.length > 0 ? { detail: line.options.map((o) => o.name).join(', ') } : {}), amount: money(line.total) }));
  rows.push({ label: t('receipt.subtotal', 'Subtotal', undefined, l), amount: money(bill.subtotal), style: 'sep' });
  for (const d of bill.discounts) rows.push({ label: `${d.percent !== undefined ? t('receipt.discountPercent', 'Discount {{n}} %', { n: digits(d.percent) }, l) : t('receipt.discount', 'Discount', undefined, l)}: ${d.reason}`, amount: `−${money(d.amount)}` });
  if (bill.serviceCharge > 0) rows.push({ label: t('receipt.serviceCharge', 'Service charge', undefined, l), amount: money(bill.serviceCharge) });
  if (bill.deliveryFee > 0) rows.push({ label: t('receipt.deliveryFee', 'Delivery fee', undefined, l), amount: money(bill.deliveryFee) });
  for (const tax of bill.taxes) {
    const values = { tax: tax.name, rate: digits(tax.rate), base: money(tax.base) };
    rows.push({ label: bill.taxInclusive ? t('receipt.taxIncluded', '{{tax}} {{rate}} % (included) on {{base}}', values, l) : t('receipt.tax', '{{tax}} {{rate}} % on {{base}}', values, l), amount: money(tax.amount) });
  }
  rows.push({ label: t('receipt.total', 'Total', undefined, l), amount: money(bill.total), style: 'total' });
  for (const p of bill.payments.filter((payment) => payment.status === 'succeeded')) {
    rows.push({ label: t('receipt.paidBy', 'Paid by {{method}}', { method: methodWord(p.method, l) }, l), amount: money(p.amount) });
    if (p.tip > 0) rows.push({ label: t('receipt.tip', 'Tip', undefined, l), amount: money(p.tip) });
    if (p.tendered !== undefined) rows.push({ label: t('receipt.tendered', 'Tendered', undefined, l), amount: money(p.tendered) });
    if (p.change !== undefined) rows.push({ label: t('receipt.change', 'Change', undefined, l), amount: money(p.change) });
    if (p.refunded !== undefined && p.refunded > 0) rows.push({ label: t('receipt.refunded', 'Refunded', undefined, l), amount: `−${money(p.refunded)}` });
  }
  if (bill.tips > 0) rows.push({ label: t('receipt.tips', 'Tips', undefined, l), amount: money(bill.tips) });
  rows.push({ label: t('receipt.due', 'Due', undefined, l), amount: money(bill.due), style: 'sep' });
  const receiptNo = bill.receiptNumber;
  return {
    title: receiptNo !== undefined ? t('receipt.title', 'Receipt {{number}}', { number: digits(receiptNo) }, l) : t('receipt.billTitle', 'Bill {{number}}', { number: bill.number }, l),
    name: settings.name,
    address: settings.address,
    ...(billing.taxNumber ? { taxNumber: t('receipt.taxNumber', '{{tax}} number {{number}}', { tax: billing.taxName, number: billing.taxNumber }, l) } : {}),
    meta: receiptNo !== undefined ? t('receipt.receiptNo', 'Receipt no. {{number}}', { number: digits(receiptNo) }, l) : t('receipt.notPaid', 'Bill {{number}} (not paid)', { number: bill.number }, l),
    when: localTime(bill.paidAt ?? now, settings.timeZone, l, latin),
    rows,
  };
}

export function receiptHtml(bill: Bill, settings: RestaurantSettings, now: string, language: Language = 'en'): string {
  const content = receiptContent(bill, settings, now, language);
  const body = content.rows
    .map((r) => row(`${escape(r.label)}${r.detail ? `<span class="options">${escape(r.detail)}</span>` : ''}`, escape(r.amount), r.style ?? ''))
    .join('\n');
  const rowCount = bill.lines.length * 2 + bill.discounts.length + bill.taxes.length + bill.payments.length * 4 + 8;
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(content.title)} · ${escape(content.name)}</title>
<style>${pageRule(rowCount)}${STYLE}</style>
</head>
<body>
<main>
<h1>${escape(content.name)}</h1>
<p>${escape(content.address)}</p>
${content.taxNumber ? `<p>${escape(content.taxNumber)}</p>` : ''}
<p class="meta">${escape(content.meta)}<br>${escape(content.when)}</p>
<table aria-label="${escape(t('receipt.items', 'Items', undefined, language))}">
${body}
</table>
<p class="meta">${escape(t('receipt.thankYou', 'Thank you', undefined, language))}</p>
</main>
</body>
</html>
`;
}

/** A bill's receipt, as the printable page and as rows for a receipt printer (the bills service spreads these in). */
export function createReceipts(deps: { settings: () => Promise<RestaurantSettings>; bill: (id: number, settings: RestaurantSettings) => Promise<Bill>; readable: (caller: Caller, id: number) => Promise<void>; nowIso: () => string }) {
  return {
    /** GET /api/v1/bills/{id}/receipt: printable HTML (staff, or the bill's guest), in the language asked for, else the restaurant's. */
    async receipt(caller: Caller, id: number, asked?: Language): Promise<string> {
      await deps.readable(caller, id);
      const settings = await deps.settings();
      const language = asked ?? settings.language ?? 'en';
      await loadLanguage(language);
      return receiptHtml(await deps.bill(id, settings), settings, deps.nowIso(), language);
    },

    /** A bill's receipt as rows, for its printed copy (the printers module; staff's calls only). */
    async receiptContent(id: number): Promise<{ status: BillStatus; content: ReceiptContent }> {
      const settings = await deps.settings();
      const bill = await deps.bill(id, settings);
      return { status: bill.status, content: receiptContent(bill, settings, deps.nowIso()) };
    },
  };
}
