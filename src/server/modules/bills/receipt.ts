import type { Bill, BillStatus } from '../../../shared/contract/bills.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import { formatMoney } from '../../../shared/format-money.ts';
import type { Caller } from '../auth/auth.service.ts';

/**
 * The printable receipt (ORDERING.md "The bill"): one HTML page for an 80 mm roll printer
 * (print CSS: the page is 80 mm wide and as long as the receipt, 4 mm margins, monospaced figures), with the restaurant's
 * name, address and tax number, the lines with their options, discounts, service charge, each
 * rate's tax, tips, payments and change, the receipt number and the local time (the time it was
 * paid, else now) on the restaurant's clock. Every text from data is escaped.
 */

function escape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}


function localTime(instant: string, timeZone: string): string {
  const clock = wallClockOf(instant, timeZone);
  const hh = String(Math.floor(clock.minutes / 60)).padStart(2, '0');
  const mm = String(clock.minutes % 60).padStart(2, '0');
  return `${clock.date} ${hh}:${mm}`;
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
export function receiptContent(bill: Bill, settings: RestaurantSettings, now: string): ReceiptContent {
  const billing = settings.billing;
  // Every amount in the restaurant's currency by the one formatter, as on every screen ("$12.00", "BDT 1500.00").
  const money = (amount: number) => formatMoney(amount, settings.currency);
  const rows: ReceiptRow[] = bill.lines.map((l) => ({ label: `${l.quantity} × ${l.name}`, ...(l.options.length > 0 ? { detail: l.options.map((o) => o.name).join(', ') } : {}), amount: money(l.total) }));
  rows.push({ label: 'Subtotal', amount: money(bill.subtotal), style: 'sep' });
  for (const d of bill.discounts) rows.push({ label: `Discount${d.percent !== undefined ? ` ${d.percent} %` : ''}: ${d.reason}`, amount: `−${money(d.amount)}` });
  if (bill.serviceCharge > 0) rows.push({ label: 'Service charge', amount: money(bill.serviceCharge) });
  if (bill.deliveryFee > 0) rows.push({ label: 'Delivery fee', amount: money(bill.deliveryFee) });
  for (const t of bill.taxes) rows.push({ label: `${t.name} ${t.rate} %${bill.taxInclusive ? ' (included)' : ''} on ${money(t.base)}`, amount: money(t.amount) });
  rows.push({ label: 'Total', amount: money(bill.total), style: 'total' });
  for (const p of bill.payments.filter((payment) => payment.status === 'succeeded')) {
    rows.push({ label: `Paid by ${p.method}`, amount: money(p.amount) });
    if (p.tip > 0) rows.push({ label: 'Tip', amount: money(p.tip) });
    if (p.tendered !== undefined) rows.push({ label: 'Tendered', amount: money(p.tendered) });
    if (p.change !== undefined) rows.push({ label: 'Change', amount: money(p.change) });
    if (p.refunded !== undefined && p.refunded > 0) rows.push({ label: 'Refunded', amount: `−${money(p.refunded)}` });
  }
  if (bill.tips > 0) rows.push({ label: 'Tips', amount: money(bill.tips) });
  rows.push({ label: 'Due', amount: money(bill.due), style: 'sep' });
  return {
    title: bill.receiptNumber !== undefined ? `Receipt ${bill.receiptNumber}` : `Bill ${bill.number}`,
    name: settings.name,
    address: settings.address,
    ...(billing.taxNumber ? { taxNumber: `${billing.taxName} number ${billing.taxNumber}` } : {}),
    meta: bill.receiptNumber !== undefined ? `Receipt no. ${bill.receiptNumber}` : `Bill ${bill.number} (not paid)`,
    when: localTime(bill.paidAt ?? now, settings.timeZone),
    rows,
  };
}

export function receiptHtml(bill: Bill, settings: RestaurantSettings, now: string): string {
  const content = receiptContent(bill, settings, now);
  const body = content.rows
    .map((r) => row(`${escape(r.label)}${r.detail ? `<span class="options">${escape(r.detail)}</span>` : ''}`, escape(r.amount), r.style ?? ''))
    .join('\n');
  const rowCount = bill.lines.length * 2 + bill.discounts.length + bill.taxes.length + bill.payments.length * 4 + 8;
  return `<!doctype html>
<html lang="en">
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
<table aria-label="Items">
${body}
</table>
<p class="meta">Thank you</p>
</main>
</body>
</html>
`;
}

/** A bill's receipt, as the printable page and as rows for a receipt printer (the bills service spreads these in). */
export function createReceipts(deps: { settings: () => Promise<RestaurantSettings>; bill: (id: number, settings: RestaurantSettings) => Promise<Bill>; readable: (caller: Caller, id: number) => Promise<void>; nowIso: () => string }) {
  return {
    /** GET /api/v1/bills/{id}/receipt: printable HTML (staff, or the bill's guest). */
    async receipt(caller: Caller, id: number): Promise<string> {
      await deps.readable(caller, id);
      const settings = await deps.settings();
      return receiptHtml(await deps.bill(id, settings), settings, deps.nowIso());
    },

    /** A bill's receipt as rows, for its printed copy (the printers module; staff's calls only). */
    async receiptContent(id: number): Promise<{ status: BillStatus; content: ReceiptContent }> {
      const settings = await deps.settings();
      const bill = await deps.bill(id, settings);
      return { status: bill.status, content: receiptContent(bill, settings, deps.nowIso()) };
    },
  };
}
