import type { KitchenTicket } from '../../../shared/contract/kitchen.ts';
import type { PrinterRole } from '../../../shared/contract/printers.ts';
import { wallClockOf } from '../../../shared/domain/wall-clock.ts';
import { allergenName } from '../../../shared/i18n/allergens.ts';
import type { Writer } from '../../../shared/i18n/format.ts';
import { INTL_LOCALES } from '../../../shared/i18n/languages.ts';
import type { ReceiptContent } from '../bills/bills.service.ts';
import { needsImage, rowImage, textImage } from './bangla-image.ts';

/**
 * What the printers print, as receiptline markup (docs/reference/service.md "Jobs"): the kitchen order ticket
 * in large print, the recall and cancel slips, the receipt (the rows of the receipt page) and
 * the test page, in the restaurant's language (`w`, decision 049). Text the printers' code pages
 * lack (Bangla) becomes a picture line, so a job's markup is complete when it is queued and is
 * rendered into the printer's bytes when fetched; each picture keeps the markup it stands for in
 * its comment, which a plain-text copy prints instead (printers.render.ts).
 */

/** receiptline's special characters, escaped (its README "Escape sequences in text"). */
export function escapeText(text: string): string {
  return text.replace(/[\\|{}~_"`^]/g, (c) => `\\${c}`).replace(/^([-=])/, '\\$1');
}

/** Dots across the paper (203 dpi heads: 576 on 80 mm, 384 on 58 mm). */
export const dotsAcross = (paperMm: number) => (paperMm === 58 ? 384 : 576);

/** Letters' height in a picture for receiptline's size marks (^ wider and taller, ^^^ the most). */
const pixels = (size: string) => (size.length >= 3 ? 48 : size.length > 0 ? 40 : 24);

/** A picture line, with the markup it stands for as its comment (base64: no receiptline escapes to mind). */
export const picture = (png: string, markup: string) =>
  `{i:${png};_:${Buffer.from(markup, 'utf8').toString('base64')}}`;

/** One line of text: as text, or as a picture when the printer's fonts lack it; `size`: ^ marks for large print. */
export async function line(text: string, paperMm: number, size = ''): Promise<string> {
  const markup = `${size}${escapeText(text)}`;
  return needsImage(text) ? picture(await textImage(text, dotsAcross(paperMm), pixels(size)), markup) : markup;
}

/** Two texts at either end of a line (a label and its amount); `marks` around the left one as text ('"': bold, '^^': large). */
async function columns(left: string, right: string, paperMm: number, marks = '', closing = ''): Promise<string> {
  const markup = `${marks}${escapeText(left)}${closing} | ${escapeText(right)}`;
  return needsImage(left + right)
    ? picture(await rowImage(left, right, dotsAcross(paperMm), pixels(marks.replace(/[^^]/g, ''))), markup)
    : markup;
}

function hhmm(instant: string, timeZone: string, w: Writer): string {
  const minutes = wallClockOf(instant, timeZone).minutes;
  return w.digits(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
}

const fulfilmentName = (fulfilment: KitchenTicket['fulfilment'], w: Writer) =>
  fulfilment === 'pickup'
    ? w.t('print.pickup', 'PICK-UP')
    : fulfilment === 'delivery'
      ? w.t('print.delivery', 'DELIVERY')
      : w.t('print.dineIn', 'DINE IN');

export const roleName = (role: PrinterRole, w: Writer) =>
  role === 'kitchen'
    ? w.t('print.roleKitchen', 'kitchen')
    : role === 'bar'
      ? w.t('print.roleBar', 'bar')
      : w.t('print.roleReceipt', 'receipt');

/** An allergen by its one name (the dish page's and the kitchen card's), in capitals: "TREE NUTS". */
const allergenOnPaper = (allergen: string, w: Writer): string =>
  allergenName(allergen, w.language).toLocaleUpperCase(INTL_LOCALES[w.language]);

function whoFor(ticket: KitchenTicket, w: Writer): string {
  if (ticket.table) return w.t('print.table', 'Table {{name}}', { name: ticket.table.name });
  if (ticket.reservation)
    return `${ticket.reservation.name} (${w.digits(ticket.reservation.partySize)}) ${ticket.reservation.tables.join(', ')}`.trim();
  return ticket.customer.name;
}

/** A kitchen or bar order ticket: number, fulfilment, table or customer, promised time, then each of its lines in large print. */
export async function orderTicket(
  ticket: KitchenTicket,
  lines: KitchenTicket['lines'],
  station: string,
  paperMm: number,
  timeZone: string,
  w: Writer,
  heading?: string,
): Promise<string> {
  const out: string[] = [];
  if (heading) out.push(await line(heading, paperMm, '^^^'), '-');
  out.push(
    `^^^${escapeText(ticket.number)}`,
    await columns(fulfilmentName(ticket.fulfilment, w), station, paperMm, '"', '"'),
  );
  out.push(await line(whoFor(ticket, w), paperMm, '^^'));
  const ready = w.t('print.ready', 'Ready {{time}}', { time: hhmm(ticket.readyAt, timeZone, w) });
  out.push(
    await columns(
      ticket.scheduled ? ready : `${ready} ${w.t('print.asap', 'ASAP')}`,
      w.t('print.placed', 'Placed {{time}}', { time: hhmm(ticket.placedAt, timeZone, w) }),
      paperMm,
      '^^',
    ),
    '-',
  );
  for (const item of lines) {
    out.push(await line(`${w.digits(item.quantity)} x ${item.name}`, paperMm, '^^'));
    for (const option of item.options ?? []) out.push(await line(`   + ${option.name}`, paperMm, '^'));
    if (item.note) out.push(await line(`   ${w.t('print.note', 'NOTE: {{note}}', { note: item.note })}`, paperMm, '^'));
    if (item.allergens.length > 0) {
      const allergens = w.t('print.allergens', 'ALLERGENS: {{list}}', {
        list: item.allergens.map((a) => allergenOnPaper(a, w)).join(', '),
      });
      out.push(needsImage(allergens) ? await line(allergens, paperMm) : `\`"${escapeText(allergens)}"\``);
    }
  }
  out.push('-', '=');
  return out.join('\n');
}

/** "RECALLED" or "CANCELLED" (with its reason) over the ticket's lines at this station. */
export async function slip(
  kind: 'recall' | 'cancel',
  ticket: KitchenTicket,
  lines: KitchenTicket['lines'],
  station: string,
  paperMm: number,
  timeZone: string,
  w: Writer,
): Promise<string> {
  const body = await orderTicket(ticket, lines, station, paperMm, timeZone, w, slipHeading(kind, w));
  if (kind === 'cancel' && ticket.cancelReason)
    return body.replace(
      /\n-\n=$/,
      `\n-\n${await line(w.t('print.reason', 'Reason: {{reason}}', { reason: ticket.cancelReason }), paperMm, '^')}\n-\n=`,
    );
  return body;
}

export const slipHeading = (kind: 'recall' | 'cancel', w: Writer) =>
  kind === 'recall' ? w.t('print.recalled', 'RECALLED') : w.t('print.cancelled', 'CANCELLED');

/** The receipt: the same rows as GET /api/v1/bills/{id}/receipt, in the language they were written in. */
export async function receipt(content: ReceiptContent, paperMm: number): Promise<string> {
  const out = [await line(content.name, paperMm, '^^'), await line(content.address, paperMm)];
  if (content.phone) out.push(await line(content.phone, paperMm));
  if (content.taxNumber) out.push(await line(content.taxNumber, paperMm));
  out.push('', await line(content.meta, paperMm), await line(content.when, paperMm), '-');
  for (const row of content.rows) {
    if (row.style) out.push('-');
    out.push(await columns(row.label, row.amount, paperMm, row.style === 'total' ? '"' : ''));
    if (row.detail) out.push(await line(`  ${row.detail}`, paperMm));
  }
  out.push('-', await line(content.thanks, paperMm), '=');
  return out.join('\n');
}

/** The test page: the printer's name, role and paper, a rule, a line of Bangla drawn as a picture. */
export async function testPage(
  printer: { name: string; role: PrinterRole; paperMm: number },
  at: string,
  timeZone: string,
  w: Writer,
): Promise<string> {
  return [
    await line(w.t('print.testPage', 'TEST PAGE'), printer.paperMm, '^^^'),
    await line(printer.name, printer.paperMm, '^^'),
    await columns(
      roleName(printer.role, w),
      w.t('print.paper', '{{mm}} mm', { mm: w.digits(printer.paperMm) }),
      printer.paperMm,
    ),
    await line(`${w.digits(wallClockOf(at, timeZone).date)} ${hhmm(at, timeZone, w)}`, printer.paperMm),
    '-',
    await line('বাংলা: পরীক্ষা', printer.paperMm),
    '-',
    '=',
  ].join('\n');
}
