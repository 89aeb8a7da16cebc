import type { Bill, BillStatus } from '../../../shared/contract/bills.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import { type Writer, writerFor } from '../../../shared/i18n/format.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { BranchId } from '../../db/branch.ts';
import { textIn } from '../../../shared/contract/menu-texts.ts';
import type { BranchPlace } from '../branches/branches.service.ts';
import type { BillsAt } from './bills.repository.ts';

/**
 * The printable receipt (docs/reference/ordering.md "The bill"): one HTML page for an 80 mm roll printer
 * (print CSS: the page is 80 mm wide and as long as the receipt, 4 mm margins, monospaced figures), with the restaurant's
 * name, address and tax number, the lines with their options, discounts, service charge, each
 * rate's tax, tips, payments and change, the receipt number and the local time (the time it was
 * paid, else now) on the restaurant's clock. Every text from data is escaped. It is the bill's
 * branch's (docs/reference/branches.md "Guests"): its name, address and clock; from the second
 * branch on (`names`: the branch's names in both languages) its name in the receipt's language
 * and its phone.
 */

function escape(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
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
  /** The language it is written in. */
  language: Language;
  title: string;
  name: string;
  address: string;
  /** "Phone: …", from the second branch on. */
  phone?: string;
  taxNumber?: string;
  meta: string;
  when: string;
  rows: ReceiptRow[];
  /** The rows' name for screen readers, and the last line. */
  items: string;
  thanks: string;
}

/** What a receipt says (unescaped), in `w`'s language: the restaurant, the number and local time, its rows. */
export function receiptContent(
  bill: Bill,
  settings: RestaurantSettings,
  now: string,
  w: Writer,
  names?: Record<Language, string>,
): ReceiptContent {
  const billing = settings.billing;
  // Every amount in the bill's currency (the one it was opened in: decision 057) by the one formatter, as on every screen ("$12.00", "BDT 1500.00", "৳১,৫০০.০০").
  const money = (amount: number) => w.money(amount, bill.currency ?? settings.currency);
  const minus = (amount: number) => `−${money(amount)}`;
  const rows: ReceiptRow[] = bill.lines.map((l) => ({
    label: `${w.digits(l.quantity)} × ${l.name}`,
    ...(l.options.length > 0 ? { detail: l.options.map((o) => o.name).join(', ') } : {}),
    amount: money(l.total),
  }));
  rows.push({ label: w.t('receipt.subtotal', 'Subtotal'), amount: money(bill.subtotal), style: 'sep' });
  for (const d of bill.discounts) {
    const label =
      d.percent !== undefined
        ? w.t('receipt.discountPercent', 'Discount {{percent}} %: {{reason}}', {
            percent: w.digits(d.percent),
            reason: d.reason,
          })
        : w.t('receipt.discount', 'Discount: {{reason}}', { reason: d.reason });
    rows.push({ label, amount: minus(d.amount) });
  }
  if (bill.serviceCharge > 0)
    rows.push({ label: w.t('receipt.serviceCharge', 'Service charge'), amount: money(bill.serviceCharge) });
  if (bill.deliveryFee > 0)
    rows.push({ label: w.t('receipt.deliveryFee', 'Delivery fee'), amount: money(bill.deliveryFee) });
  for (const t of bill.taxes) {
    const values = { tax: t.name, rate: w.digits(t.rate), base: money(t.base) };
    rows.push({
      label: bill.taxInclusive
        ? w.t('receipt.taxIncluded', '{{tax}} {{rate}} % (included) on {{base}}', values)
        : w.t('receipt.tax', '{{tax}} {{rate}} % on {{base}}', values),
      amount: money(t.amount),
    });
  }
  rows.push({ label: w.t('receipt.total', 'Total'), amount: money(bill.total), style: 'total' });
  for (const p of bill.payments.filter((payment) => payment.status === 'succeeded')) {
    rows.push({
      label: w.t('receipt.paidBy', 'Paid by {{method}}', { method: methodName(p.method, w) }),
      amount: money(p.amount),
    });
    if (p.tip > 0) rows.push({ label: w.t('receipt.tip', 'Tip'), amount: money(p.tip) });
    if (p.tendered !== undefined) rows.push({ label: w.t('receipt.tendered', 'Tendered'), amount: money(p.tendered) });
    if (p.change !== undefined) rows.push({ label: w.t('receipt.change', 'Change'), amount: money(p.change) });
    if (p.refunded !== undefined && p.refunded > 0)
      rows.push({ label: w.t('receipt.refunded', 'Refunded'), amount: minus(p.refunded) });
  }
  if (bill.tips > 0) rows.push({ label: w.t('receipt.tips', 'Tips'), amount: money(bill.tips) });
  rows.push({ label: w.t('receipt.due', 'Due'), amount: money(bill.due), style: 'sep' });
  const number = bill.receiptNumber !== undefined ? w.digits(bill.receiptNumber) : undefined;
  return {
    language: w.language,
    title:
      number !== undefined
        ? w.t('receipt.title', 'Receipt {{number}}', { number })
        : w.t('receipt.billTitle', 'Bill {{number}}', { number: bill.number }),
    name: names ? textIn(names, w.language) : settings.name,
    address: settings.address,
    ...(names ? { phone: w.t('receipt.phone', 'Phone: {{phone}}', { phone: settings.phone }) } : {}),
    ...(billing.taxNumber
      ? {
          taxNumber: w.t('receipt.taxNumber', '{{tax}} number {{number}}', {
            tax: billing.taxName,
            number: billing.taxNumber,
          }),
        }
      : {}),
    meta:
      number !== undefined
        ? w.t('receipt.number', 'Receipt no. {{number}}', { number })
        : w.t('receipt.notPaid', 'Bill {{number}} (not paid)', { number: bill.number }),
    when: w.digits(localTime(bill.paidAt ?? now, settings.timeZone)),
    rows,
    items: w.t('receipt.items', 'Items'),
    thanks: w.t('receipt.thanks', 'Thank you'),
  };
}

/** A payment's method as the receipt names it ("cash", "card", "bKash"). */
function methodName(method: string, w: Writer): string {
  if (method === 'cash') return w.t('receipt.cash', 'cash');
  if (method === 'card') return w.t('receipt.card', 'card');
  if (method === 'bank') return w.t('receipt.bank', 'bank');
  // The providers' own names (issue 58, point 7), not the API's keys.
  if (method === 'bkash') return w.t('receipt.bkash', 'bKash');
  if (method === 'nagad') return w.t('receipt.nagad', 'Nagad');
  return method;
}

export function receiptHtml(
  bill: Bill,
  settings: RestaurantSettings,
  now: string,
  w: Writer,
  names?: Record<Language, string>,
): string {
  const content = receiptContent(bill, settings, now, w, names);
  const body = content.rows
    .map((r) =>
      row(
        `${escape(r.label)}${r.detail ? `<span class="options">${escape(r.detail)}</span>` : ''}`,
        escape(r.amount),
        r.style ?? '',
      ),
    )
    .join('\n');
  const rowCount = bill.lines.length * 2 + bill.discounts.length + bill.taxes.length + bill.payments.length * 4 + 8;
  return `<!doctype html>
<html lang="${content.language}">
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
${content.phone ? `<p>${escape(content.phone)}</p>\n` : ''}${content.taxNumber ? `<p>${escape(content.taxNumber)}</p>` : ''}
<p class="meta">${escape(content.meta)}<br>${escape(content.when)}</p>
<table aria-label="${escape(content.items)}">
${body}
</table>
<p class="meta">${escape(content.thanks)}</p>
</main>
</body>
</html>
`;
}

/** A bill's receipt, as the printable page and as rows for a receipt printer (the bills service spreads these in). */
export function createReceipts(deps: {
  /** The branch a bill is at (the brand's guest reads it wherever it is). */
  branchOf: (id: number) => Promise<BranchId>;
  /** A branch's settings, and its names from the second branch on. */
  place: (branch: BranchId) => Promise<BranchPlace>;
  bill: (at: BillsAt, id: number, settings: RestaurantSettings, language: Language) => Promise<Bill>;
  readerAt: (caller: Caller, id: number, branch: BranchId | undefined) => Promise<BillsAt>;
  nowIso: () => string;
}) {
  return {
    /**
     * GET /api/v1/bills/{id}/receipt: printable HTML (staff at `branch`, or the bill's guest), in
     * the reader's language (decision 049), the dishes too (050).
     */
    async receipt(caller: Caller, id: number, branch?: BranchId): Promise<string> {
      const at = await deps.readerAt(caller, id, branch);
      const { settings, names } = await deps.place(at === 'brand' ? await deps.branchOf(id) : at);
      const w = await writerFor(caller.language ?? settings.language, settings.latinDigits);
      return receiptHtml(await deps.bill(at, id, settings, w.language), settings, deps.nowIso(), w, names);
    },

    /**
     * A bill's receipt as rows, for its printed copy (the printers module; staff's calls only, at a
     * branch: another branch's bill is 404): in the restaurant's language, the dishes too.
     */
    async receiptContent(id: number, branch: BranchId): Promise<{ status: BillStatus; content: ReceiptContent }> {
      const { settings, names } = await deps.place(branch);
      const bill = await deps.bill(branch, id, settings, settings.language);
      return {
        status: bill.status,
        content: receiptContent(
          bill,
          settings,
          deps.nowIso(),
          await writerFor(settings.language, settings.latinDigits),
          names,
        ),
      };
    },
  };
}
