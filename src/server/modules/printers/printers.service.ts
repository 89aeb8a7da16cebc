import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  PRINTER_OFFLINE_MS,
  PRINT_CLAIM_MS,
  type PrintJobView,
  type PrinterRole,
  type PrinterState,
  type PrinterView,
  type UpdatePrinterBody,
} from '../../../shared/contract/printers.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { BillsService } from '../bills/bills.service.ts';
import type { KitchenService } from '../kitchen/kitchen.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import * as documents from './printers.documents.ts';
import { MEDIA_TYPES, isMediaType, render } from './printers.render.ts';
import { type PrintJobRow, type PrinterRow, createPrintersRepository } from './printers.repository.ts';
import { createPrintJobs, parseCategories } from './print-jobs.ts';

/**
 * Printers that pull their jobs (docs/reference/service.md, decision 043). Jobs are made by `jobsFor(event)`
 * once a change is committed; printers poll with Star's CloudPRNT protocol (poll → job token,
 * fetch in a media type, confirm with a code). A job is handed out by one compare-and-set claim;
 * fetched and not confirmed within PRINT_CLAIM_MS it is offered again, marked "REPRINT".
 */

/** What happened that prints: the one entry, from the domain events (printers.events.ts). */
export type PrintEvent =
  | { type: 'ticket-on-board'; ticketId: number }
  | { type: 'ticket-recalled'; ticketId: number }
  | { type: 'ticket-cancelled'; ticketId: number }
  | { type: 'bill-paid'; billId: number };

export interface PrintersDeps {
  /** A ticket's card and its lines' categories, read through the kitchen (decision 041: no table of another module read here). */
  kitchen: Pick<KitchenService, 'forPrinting'>;
  bills: Pick<BillsService, 'receiptContent'>;
  restaurant: RestaurantService;
  publicUrl: string;
  now: () => number;
}

/** At most this many waiting jobs go to a printer as one CloudPRNT job (each cut apart): a rush prints without a round trip per ticket. */
const CLAIM_BATCH = 10;
/** How often a printer's polls are written down as its last poll. */
const SEEN_EVERY_MS = 1000;
const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function createPrintersService(db: Kysely<AppDatabase>, deps: PrintersDeps) {
  const repository = createPrintersRepository(db);
  const { job, restaurantWriter, ticketJobs, receiptJobs } = createPrintJobs(repository, deps);
  const iso = (ms = deps.now()) => new Date(ms).toISOString();
  const pollUrl = (secret: string) => `${deps.publicUrl.replace(/\/$/, '')}/api/v1/printers/poll/${secret}`;
  const online = (row: PrinterRow) =>
    row.last_seen !== null && Date.parse(row.last_seen) > deps.now() - PRINTER_OFFLINE_MS;

  function view(row: PrinterRow, queued: number): PrinterView {
    return {
      _id: String(row.id),
      name: row.name,
      role: row.role as PrinterRole,
      categories: parseCategories(row.categories),
      paperWidth: row.paper_mm,
      lastSeen: row.last_seen,
      status: online(row) ? 'online' : 'offline',
      queued,
      createdAt: row.created_at,
    };
  }
  const jobView = (row: PrintJobRow): PrintJobView => ({
    _id: String(row.id),
    printerId: String(row.printer_id),
    kind: row.kind as PrintJobView['kind'],
    title: row.title,
    status: row.status as PrintJobView['status'],
    reprint: row.reprint === 1,
    createdAt: row.created_at,
    printedAt: row.printed_at,
    failure: row.failure,
  });
  async function printerOr404(id: number): Promise<PrinterRow> {
    const row = await repository.printer(id);
    if (!row) throw notFound('noPrinterWithId');
    return row;
  }

  /** The printer's oldest waiting jobs, claimed under one token; when another server took them meanwhile, the next ones. */
  async function claimNext(printer: PrinterRow, now: string): Promise<PrintJobRow[]> {
    const until = iso(Date.parse(now) + PRINT_CLAIM_MS);
    for (;;) {
      const claimed = await repository.claimOldest(printer.id, randomUUID(), now, until, CLAIM_BATCH);
      if (claimed.length > 0) return claimed;
      if (!(await repository.anyClaimable(printer.id, now))) return [];
    }
  }

  /** A call of the printer: seen now (written at most once a second: it polls often, and offline is 30 s). */
  async function seen(printer: PrinterRow, now: string): Promise<void> {
    if (printer.last_seen === null || Date.parse(printer.last_seen) <= Date.parse(now) - SEEN_EVERY_MS)
      await repository.seen(printer.id, now);
  }

  async function printerOfSecret(secret: string): Promise<PrinterRow> {
    const printer = await repository.bySecret(hashOf(secret));
    if (!printer) throw notFound('unknownPrinter');
    return printer;
  }

  return {
    /** Makes the jobs an event prints (once committed); a job already made for it (another server, a repeat) is not made again. */
    async jobsFor(event: PrintEvent): Promise<PrintJobView[]> {
      const rows = event.type === 'bill-paid' ? await receiptJobs(event.billId, true) : await ticketJobs(event);
      return (await repository.insertJobs(rows)).map(jobView);
    },

    async list(): Promise<PrinterView[]> {
      const [rows, counts] = await Promise.all([repository.printers(), repository.waitingCounts()]);
      return rows.map((row) => view(row, counts.get(row.id) ?? 0));
    },

    /** Each printer online or offline (not polled for PRINTER_OFFLINE_MS), offline since its last poll (or its creation). */
    async states(): Promise<PrinterState[]> {
      return (await repository.printers()).map((row) => {
        const up = online(row);
        return {
          _id: String(row.id),
          name: row.name,
          role: row.role as PrinterRole,
          status: up ? 'online' : 'offline',
          since: up ? null : (row.last_seen ?? row.created_at),
        };
      });
    },

    async create(body: {
      name: string;
      role: PrinterRole;
      categories?: string[] | undefined;
      paperWidth: 58 | 80;
    }): Promise<PrinterView & { pollUrl: string }> {
      const secret = randomBytes(24).toString('base64url');
      const row = await repository.insert({
        name: body.name,
        role: body.role,
        categories: JSON.stringify(body.role === 'receipt' ? [] : (body.categories ?? [])),
        paper_mm: body.paperWidth,
        secret_hash: hashOf(secret),
        created_at: iso(),
      });
      return { ...view(row, 0), pollUrl: pollUrl(secret) };
    },

    async update(id: number, body: UpdatePrinterBody): Promise<PrinterView> {
      const current = await printerOr404(id);
      const role = body.role ?? (current.role as PrinterRole);
      const categories = role === 'receipt' ? [] : (body.categories ?? parseCategories(current.categories));
      const row = await repository.update(id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        role,
        categories: JSON.stringify(categories),
        ...(body.paperWidth !== undefined ? { paper_mm: body.paperWidth } : {}),
      });
      if (!row) throw notFound('noPrinterWithId');
      return view(row, (await repository.waitingCounts()).get(id) ?? 0);
    },

    async remove(id: number): Promise<PrinterView> {
      const row = await repository.remove(id);
      if (!row) throw notFound('noPrinterWithId');
      return view(row, 0);
    },

    /** A new secret address (the old one stops working), shown this once. */
    async renewSecret(id: number): Promise<PrinterView & { pollUrl: string }> {
      await printerOr404(id);
      const secret = randomBytes(24).toString('base64url');
      const row = await repository.update(id, { secret_hash: hashOf(secret) });
      if (!row) throw notFound('noPrinterWithId');
      return { ...view(row, (await repository.waitingCounts()).get(id) ?? 0), pollUrl: pollUrl(secret) };
    },

    async jobs(printerId: number): Promise<PrintJobView[]> {
      await printerOr404(printerId);
      return (await repository.jobs(printerId, 50)).map(jobView);
    },

    async testPage(printerId: number): Promise<PrintJobView> {
      const printer = await printerOr404(printerId);
      const w = await restaurantWriter();
      const document = await documents.testPage(
        { name: printer.name, role: printer.role as PrinterRole, paperMm: printer.paper_mm },
        iso(),
        (await deps.restaurant.get()).timeZone,
        w,
      );
      const [row] = await repository.insertJobs([job(printer, 'test', w.t('print.testTitle', 'Test page'), document)]);
      return jobView(row as PrintJobRow);
    },

    /** "Reprint": the job again, as a new job marked "REPRINT". */
    async reprint(jobId: number): Promise<PrintJobView> {
      const original = await repository.job(jobId);
      if (!original) throw notFound('noPrintJobWithId');
      const [row] = await repository.insertJobs([
        {
          printer_id: original.printer_id,
          kind: original.kind,
          title: original.title,
          ticket_id: original.ticket_id,
          bill_id: original.bill_id,
          document: original.document,
          status: 'queued',
          reprint: 1,
          created_at: iso(),
        },
      ]);
      return jobView(row as PrintJobRow);
    },

    /** "Print receipt" on the Floor: the bill's receipt on the receipt printer. */
    async printReceipt(billId: number): Promise<PrintJobView[]> {
      const rows = await receiptJobs(billId, false);
      if (rows.length === 0) throw conflict('thereNoReceiptPrinterAdd');
      return (await repository.insertJobs(rows)).map(jobView);
    },

    // ---- The printer's calls (CloudPRNT) ----

    /** POST poll: the printer is seen; a job is claimed for it, its token answered. */
    async poll(
      secret: string,
      printingInProgress: boolean,
    ): Promise<{ jobReady: boolean; mediaTypes?: string[]; jobToken?: string; deleteMethod?: 'DELETE' }> {
      const printer = await printerOfSecret(secret);
      const now = iso();
      await seen(printer, now);
      if (printingInProgress) return { jobReady: false };
      const token = (await claimNext(printer, now))[0]?.claim_token;
      if (!token) return { jobReady: false };
      return { jobReady: true, mediaTypes: Object.keys(MEDIA_TYPES), jobToken: token, deleteMethod: 'DELETE' };
    },

    /** GET: the claimed jobs' bytes in the media type asked for, oldest first; they are now sent, and must be confirmed within PRINT_CLAIM_MS. */
    async fetch(
      secret: string,
      type: string,
      token: string | undefined,
    ): Promise<{ type: string; body: Buffer } | undefined> {
      const printer = await printerOfSecret(secret);
      const now = iso();
      await seen(printer, now);
      if (!isMediaType(type)) throw conflict('typeOne', { v0: Object.keys(MEDIA_TYPES).join(', ') });
      const held = token ?? (await repository.live(printer.id, now))?.claim_token;
      const fetched = held ? await repository.fetch(printer.id, held, now, iso(Date.parse(now) + PRINT_CLAIM_MS)) : [];
      if (fetched.length === 0) return undefined;
      return {
        type,
        body: await render(
          fetched.sort((x, y) => x.id - y.id),
          type,
          printer.paper_mm,
          await restaurantWriter(),
        ),
      };
    },

    /** DELETE: the printer's confirmation; a 2xx code is printed, any other failed. */
    async confirm(secret: string, code: string, token: string | undefined): Promise<boolean> {
      const printer = await printerOfSecret(secret);
      const now = iso();
      await seen(printer, now);
      const held = token ?? (await repository.live(printer.id, now))?.claim_token;
      if (!held) return false;
      const printed = /^2\d\d/.test(code.trim()) || code.trim().toUpperCase() === 'OK';
      return repository.confirm(printer.id, held, printed, now, printed ? null : code.slice(0, 200));
    },
  };
}

export type PrintersService = ReturnType<typeof createPrintersService>;
