import type { KitchenTicket } from '../../../shared/contract/kitchen.ts';
import { PRINTER_TEXTS } from '../../../shared/contract/printers.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import type { ReceiptContent } from '../bills/bills.service.ts';
import { needsImage, textImage } from './bangla-image.ts';

/**
 * What the printers print, as receiptline markup (SERVICE.md "Jobs"): the kitchen order ticket
 * in large print, the recall and cancel slips, the receipt (the rows of the receipt page) and
 * the test page. Text the printers' code pages lack (Bangla) becomes a picture line, so a job's
 * markup is complete when it is queued and is rendered into the printer's bytes when fetched.
 */

const FULFILMENT_NAMES = { pickup: 'PICK-UP', delivery: 'DELIVERY', dine_in: 'DINE IN' } as const;

/** receiptline's special characters, escaped (its README "Escape sequences in text"). */
export function escapeText(text: string): string {
  return text.replace(/[\\|{}~_"`^]/g, (c) => `\\${c}`).replace(/^([-=])/, '\\$1');
}

/** Dots across the paper (203 dpi heads: 576 on 80 mm, 384 on 58 mm). */
export const dotsAcross = (paperMm: number) => (paperMm === 58 ? 384 : 576);

/** One line of text: as text, or as a picture when the printer's fonts lack it; `size`: ^ marks for large print. */
async function line(text: string, paperMm: number, size = ''): Promise<string> {
  if (needsImage(text)) return `{i:${await textImage(text, dotsAcross(paperMm), size ? 40 : 24)}}`;
  return `${size}${escapeText(text)}`;
}

function hhmm(instant: string, timeZone: string): string {
  const minutes = wallClockOf(instant, timeZone).minutes;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function whoFor(ticket: KitchenTicket): string {
  if (ticket.table) return `Table ${ticket.table.name}`;
  if (ticket.reservation) return `${ticket.reservation.name} (${ticket.reservation.partySize}) ${ticket.reservation.tables.join(', ')}`.trim();
  return ticket.customer.name;
}

/** A kitchen or bar order ticket: number, fulfilment, table or customer, promised time, then each of its lines in large print. */
export async function orderTicket(ticket: KitchenTicket, lines: KitchenTicket['lines'], station: string, paperMm: number, timeZone: string, heading?: string): Promise<string> {
  const out: string[] = [];
  if (heading) out.push(`^^^${heading}`, '-');
  out.push(`^^^${escapeText(ticket.number)}`, `"${escapeText(FULFILMENT_NAMES[ticket.fulfilment])}" | ${escapeText(station)}`);
  out.push(await line(whoFor(ticket), paperMm, '^^'));
  out.push(`^^Ready ${hhmm(ticket.readyAt, timeZone)}${ticket.scheduled ? '' : ' ASAP'} | Placed ${hhmm(ticket.placedAt, timeZone)}`, '-');
  for (const item of lines) {
    out.push(await line(`${item.quantity} x ${item.name}`, paperMm, '^^'));
    for (const option of item.options ?? []) out.push(await line(`   + ${option.name}`, paperMm, '^'));
    if (item.note) out.push(await line(`   NOTE: ${item.note}`, paperMm, '^'));
    if (item.allergens.length > 0) out.push(`\`"ALLERGENS: ${escapeText(item.allergens.join(', ').toUpperCase())}"\``);
  }
  out.push('-', '=');
  return out.join('\n');
}

/** "RECALLED" or "CANCELLED" (with its reason) over the ticket's lines at this station. */
export async function slip(kind: 'recall' | 'cancel', ticket: KitchenTicket, lines: KitchenTicket['lines'], station: string, paperMm: number, timeZone: string): Promise<string> {
  const heading = kind === 'recall' ? PRINTER_TEXTS.recalled : PRINTER_TEXTS.cancelled;
  const body = await orderTicket(ticket, lines, station, paperMm, timeZone, heading);
  if (kind === 'cancel' && ticket.cancelReason) return body.replace(/\n-\n=$/, `\n-\n${await line(`Reason: ${ticket.cancelReason}`, paperMm, '^')}\n-\n=`);
  return body;
}

/** The receipt: the same rows as GET /api/v1/bills/{id}/receipt. */
export async function receipt(content: ReceiptContent, paperMm: number): Promise<string> {
  const out = [await line(content.name, paperMm, '^^'), await line(content.address, paperMm)];
  if (content.taxNumber) out.push(await line(content.taxNumber, paperMm));
  out.push('', escapeText(content.meta), escapeText(content.when), '-');
  for (const row of content.rows) {
    if (row.style) out.push('-');
    const label = needsImage(row.label) ? `${await line(row.label, paperMm)}\n${escapeText(row.amount)}` : `${row.style === 'total' ? '"' : ''}${escapeText(row.label)} | ${escapeText(row.amount)}`;
    out.push(label);
    if (row.detail) out.push(await line(`  ${row.detail}`, paperMm));
  }
  out.push('-', 'Thank you', '=');
  return out.join('\n');
}

/** The test page: the printer's name, role and paper, a rule, a line of Bangla drawn as a picture. */
export async function testPage(printer: { name: string; role: string; paperMm: number }, at: string, timeZone: string): Promise<string> {
  return [`^^^TEST PAGE`, await line(printer.name, printer.paperMm, '^^'), `${escapeText(printer.role)} | ${printer.paperMm} mm`, `${wallClockOf(at, timeZone).date} ${hhmm(at, timeZone)}`, '-', await line('বাংলা: পরীক্ষা', printer.paperMm), '-', '='].join('\n');
}
