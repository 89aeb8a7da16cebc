import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  PRINTER_OFFLINE_MS,
  type PrintJobView,
  type PrinterRole,
  type PrinterState,
  type PrinterView,
  type UpdatePrinterBody,
} from '../../../shared/contract/printers.ts';
import type { AppDatabase } from '../../db/schema.ts';
import type { BranchId } from '../../db/branch.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { BillsService } from '../bills/bills.service.ts';
import type { BranchKitchen } from '../kitchen/kitchen.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import * as documents from './printers.documents.ts';
import { type PrintJobRow, type PrinterRow, createPrintersRepository } from './printers.repository.ts';
import { createPrintJobs, parseCategories } from './print-jobs.ts';
import { createCloudPrnt, hashOf } from './cloudprnt.service.ts';

/**
 * Printers that pull their jobs (docs/reference/service.md, decision 043). Jobs are made by `jobsFor(event)`
 * once a change is committed; printers poll with Star's CloudPRNT protocol (poll → job token,
 * fetch in a media type, confirm with a code). A job is handed out by one compare-and-set claim;
 * fetched and not confirmed within PRINT_CLAIM_MS it is offered again, marked "REPRINT".
 *
 * The printers are a branch's (decision 062): the staff's and admins' calls are asked at a
 * branch (`printers.at(branch)`), which makes the repository of that branch, and its answers
 * carry the branch's id; the printer's own calls (cloudprnt.service.ts) find the printer by its
 * secret and work at its branch.
 */

/** What happened that prints: the one entry, from the domain events (printers.events.ts). */
export type PrintEvent =
  | { type: 'ticket-on-board'; ticketId: number }
  | { type: 'ticket-recalled'; ticketId: number }
  | { type: 'ticket-cancelled'; ticketId: number }
  | { type: 'bill-paid'; billId: number };

export interface PrintersDeps {
  /** A ticket's card and its lines' categories, read through the kitchen (decision 041: no table of another module read here). */
  kitchen: { at(branch: BranchId): Pick<BranchKitchen, 'forPrinting'> };
  bills: Pick<BillsService, 'receiptContent'>;
  restaurant: RestaurantService;
  publicUrl: string;
  now: () => number;
}

export function createPrintersService(db: Kysely<AppDatabase>, deps: PrintersDeps) {
  return { at: (branch: BranchId) => printersAt(db, branch, deps), ...createCloudPrnt(db, deps) };
}

function printersAt(db: Kysely<AppDatabase>, branch: BranchId, deps: PrintersDeps) {
  const repository = createPrintersRepository(db, branch);
  const branchId = String(branch);
  const { job, restaurantWriter, ticketJobs, receiptJobs } = createPrintJobs(repository, {
    ...deps,
    restaurant: deps.restaurant.at(branch),
    kitchen: deps.kitchen.at(branch),
    bills: { receiptContent: (billId: number) => deps.bills.receiptContent(billId, branch) },
  });
  const iso = (ms = deps.now()) => new Date(ms).toISOString();
  const pollUrl = (secret: string) => `${deps.publicUrl.replace(/\/$/, '')}/api/v1/printers/poll/${secret}`;
  const online = (row: PrinterRow) =>
    row.last_seen !== null && Date.parse(row.last_seen) > deps.now() - PRINTER_OFFLINE_MS;

  function view(row: PrinterRow, queued: number): PrinterView {
    return {
      _id: String(row.id),
      branchId,
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
    branchId,
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
        (await deps.restaurant.at(branch).get()).timeZone,
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
  };
}

export type PrintersService = ReturnType<typeof createPrintersService>;
/** The printers of one branch. */
export type BranchPrinters = ReturnType<PrintersService['at']>;
