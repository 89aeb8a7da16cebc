import type { BrandSettings } from '../restaurant/restaurant.service.ts';
import type { BranchKitchen } from '../kitchen/kitchen.service.ts';
import type { KitchenTicket } from '../../../shared/contract/kitchen.ts';
import { writerFor } from '../../../shared/i18n/format.ts';
import type { PrintJobsTable } from '../../db/schema.ts';
import * as documents from './printers.documents.ts';
import type { createPrintersRepository } from './printers.repository.ts';
import type { NewPrintJob, PrinterRow } from './printers.repository.ts';
import type { PrintEvent, PrintersDeps } from './printers.service.ts';

export const parseCategories = (json: string): string[] => {
  const list: unknown = JSON.parse(json);
  return Array.isArray(list) ? list.map(String) : [];
};

/** Where one branch's settings are read. */
type SettingsReader = Pick<ReturnType<PrintersDeps['restaurant']['at']>, 'get'>;

/** What the printers print is in the restaurant's language: the kitchen reads it (decision 049). */
export async function restaurantWriterOf(brand: () => Promise<BrandSettings>) {
  const { language, latinDigits } = await brand();
  return writerFor(language, latinDigits);
}

/** The jobs an event prints (printers.service.ts inserts them): the order's tickets by station, recall and cancel slips, receipts. */
export function createPrintJobs(
  repository: ReturnType<typeof createPrintersRepository>,
  deps: Pick<PrintersDeps, 'now'> & {
    /** The printers' branch's settings (its time zone on the paper). */
    restaurant: SettingsReader;
    kitchen: Pick<BranchKitchen, 'forPrinting'>;
    /** A bill's receipt at the printers' branch (another branch's bill: 404). */
    bills: { receiptContent(billId: number): ReturnType<PrintersDeps['bills']['receiptContent']> };
  },
) {
  const iso = (ms = deps.now()) => new Date(ms).toISOString();
  const restaurantWriter = () => restaurantWriterOf(deps.restaurant.get);
  const job = (
    printer: PrinterRow,
    kind: PrintJobsTable['kind'],
    title: string,
    document: string,
    extra: Partial<NewPrintJob> = {},
  ): NewPrintJob => ({
    printer_id: printer.id,
    kind,
    title,
    document,
    status: 'queued',
    created_at: iso(),
    ...extra,
  });

  /** The printers of each line: kitchen and bar printers with its category; a category printed nowhere goes to the first kitchen printer. */
  function route(printers: PrinterRow[], categories: string[]): Map<PrinterRow, number[]> {
    const stations = printers.filter((p) => p.role !== 'receipt');
    const firstKitchen = stations.find((p) => p.role === 'kitchen');
    const byPrinter = new Map<PrinterRow, number[]>();
    categories.forEach((category, index) => {
      const takers = stations.filter((p) => parseCategories(p.categories).includes(category));
      for (const printer of takers.length > 0 ? takers : firstKitchen ? [firstKitchen] : [])
        byPrinter.set(printer, [...(byPrinter.get(printer) ?? []), index]);
    });
    return byPrinter;
  }

  async function ticketJobs(event: Extract<PrintEvent, { ticketId: number }>): Promise<NewPrintJob[]> {
    const [printers, { timeZone }, w] = await Promise.all([
      repository.printers(),
      deps.restaurant.get(),
      restaurantWriter(),
    ]);
    // Paper in the restaurant's language names each dish and option as the line copied it in that language (decisions 049, 050).
    const [printed] = await deps.kitchen.forPrinting([event.ticketId], w.language);
    if (!printed) return [];
    const { card, categories } = printed;
    const routed = route(printers, categories);
    const linesOf = (indexes: number[]) =>
      indexes.map((i) => card.lines[i]).filter((l): l is KitchenTicket['lines'][number] => l !== undefined);
    if (event.type === 'ticket-on-board') {
      return Promise.all(
        [...routed].map(async ([printer, indexes]) =>
          job(
            printer,
            'ticket',
            w.t('print.orderTitle', 'Order {{number}}', { number: card.number }),
            await documents.orderTicket(card, linesOf(indexes), printer.name, printer.paper_mm, timeZone, w),
            { ticket_id: event.ticketId, dedupe: `ticket:${event.ticketId}:${printer.id}` },
          ),
        ),
      );
    }
    // Recall and cancel slips go where the order was printed.
    const printedAt = new Set((await repository.ticketJobs(event.ticketId)).map((j) => j.printer_id));
    const kind = event.type === 'ticket-recalled' ? 'recall' : 'cancel';
    return Promise.all(
      [...routed]
        .filter(([printer]) => printedAt.has(printer.id))
        .map(async ([printer, indexes]) =>
          job(
            printer,
            kind,
            `${documents.slipHeading(kind, w)} ${card.number}`,
            await documents.slip(kind, card, linesOf(indexes), printer.name, printer.paper_mm, timeZone, w),
            {
              ticket_id: event.ticketId,
              ...(kind === 'cancel' ? { dedupe: `cancel:${event.ticketId}:${printer.id}` } : {}),
            },
          ),
        ),
    );
  }

  async function receiptJobs(billId: number, dedupe: boolean): Promise<NewPrintJob[]> {
    const printer = (await repository.printers()).find((p) => p.role === 'receipt');
    if (!printer) return [];
    const { status, content } = await deps.bills.receiptContent(billId);
    if (dedupe && status !== 'paid') return [];
    return [
      job(printer, 'receipt', content.title, await documents.receipt(content, printer.paper_mm), {
        bill_id: billId,
        ...(dedupe ? { dedupe: `receipt:${billId}` } : {}),
      }),
    ];
  }

  return { job, restaurantWriter, ticketJobs, receiptJobs };
}
