import type { Bill } from '../../../shared/contract/bills.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import { formatMoney } from '../../../shared/format-money.ts';

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

export function receiptHtml(bill: Bill, settings: RestaurantSettings, now: string): string {
  const billing = settings.billing;
  // Every amount in the restaurant's currency by the one formatter, as on every screen ("$12.00", "BDT 1500.00").
  const money = (amount: number) => escape(formatMoney(amount, settings.currency));
  const when = localTime(bill.paidAt ?? now, settings.timeZone);
  const lines = bill.lines
    .map((l) => {
      const options = l.options.length > 0 ? `<span class="options">${escape(l.options.map((o) => o.name).join(', '))}</span>` : '';
      return row(`${l.quantity} × ${escape(l.name)}${options}`, money(l.total));
    })
    .join('');
  const discounts = bill.discounts.map((d) => row(`Discount${d.percent !== undefined ? ` ${d.percent} %` : ''}: ${escape(d.reason)}`, `−${money(d.amount)}`)).join('');
  const taxes = bill.taxes.map((t) => row(`${escape(t.name)} ${t.rate} %${bill.taxInclusive ? ' (included)' : ''} on ${money(t.base)}`, money(t.amount))).join('');
  const payments = bill.payments
    .filter((p) => p.status === 'succeeded')
    .map((p) => {
      const parts = [row(`Paid by ${escape(p.method)}`, money(p.amount))];
      if (p.tip > 0) parts.push(row('Tip', money(p.tip)));
      if (p.tendered !== undefined) parts.push(row('Tendered', money(p.tendered)));
      if (p.change !== undefined) parts.push(row('Change', money(p.change)));
      if (p.refunded !== undefined && p.refunded > 0) parts.push(row('Refunded', `−${money(p.refunded)}`));
      return parts.join('');
    })
    .join('');
  const rowCount = bill.lines.length * 2 + bill.discounts.length + bill.taxes.length + bill.payments.length * 4 + 8;
  const title = bill.receiptNumber !== undefined ? `Receipt ${bill.receiptNumber}` : `Bill ${escape(bill.number)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${escape(settings.name)}</title>
<style>${pageRule(rowCount)}${STYLE}</style>
</head>
<body>
<main>
<h1>${escape(settings.name)}</h1>
<p>${escape(settings.address)}</p>
${billing.taxNumber ? `<p>${escape(billing.taxName)} number ${escape(billing.taxNumber)}</p>` : ''}
<p class="meta">${bill.receiptNumber !== undefined ? `Receipt no. ${bill.receiptNumber}` : `Bill ${escape(bill.number)} (not paid)`}<br>${escape(when)}</p>
<table aria-label="Items">
${lines}
${row('Subtotal', money(bill.subtotal), 'sep')}
${discounts}
${bill.serviceCharge > 0 ? row('Service charge', money(bill.serviceCharge)) : ''}
${bill.deliveryFee > 0 ? row('Delivery fee', money(bill.deliveryFee)) : ''}
${taxes}
${row('Total', money(bill.total), 'total')}
${payments}
${bill.tips > 0 ? row('Tips', money(bill.tips)) : ''}
${row('Due', money(bill.due), 'sep')}
</table>
<p class="meta">Thank you</p>
</main>
</body>
</html>
`;
}
