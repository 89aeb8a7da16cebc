import { z } from 'zod';
import { changed, listOf, recordId, recordIdParams, textField } from './common.ts';
import { PAPER_WIDTHS, PRINTER_ROLES, PRINT_JOB_STATUSES } from './values.ts';
import { said } from '../i18n/said.ts';
export {
  PAPER_WIDTHS,
  PRINTER_ROLES,
  PRINTER_TEXTS,
  PRINT_CLAIM_MS,
  PRINTER_OFFLINE_MS,
  PRINT_JOB_STATUSES,
  type PrinterRole,
  type PrintJobStatus,
} from './values.ts';

/**
 * Printers that pull their jobs (docs/reference/service.md):
 *   GET/POST/PATCH/DELETE /api/v1/printers           (admin)
 *   POST /api/v1/printers/{id}/secret                (admin) a new secret address, shown once
 *   POST /api/v1/printers/{id}/test                  (admin) a test page
 *   GET  /api/v1/printers/{id}/jobs                  (admin) its latest jobs
 *   POST /api/v1/printers/jobs/{id}/reprint          (staff) "Reprint": a copy marked REPRINT
 *   GET  /api/v1/printers/states                     (staff) each printer online or offline, for the board and the Floor
 *   POST /api/v1/printers/receipts                   (staff) "Print receipt" of a bill
 *   POST/GET/DELETE /api/v1/printers/poll/{secret}   the printer's own calls (Star CloudPRNT)
 */

const role = z.enum(PRINTER_ROLES, { error: said('roleOne', { v0: PRINTER_ROLES.join(', ') }) });
const paperWidth = z.union([z.literal(PAPER_WIDTHS[0]), z.literal(PAPER_WIDTHS[1])], {
  error: said('paperwidth', { v0: PAPER_WIDTHS.join(' or ') }),
});
const categories = z
  .array(textField('each category', 60), { error: said('categoriesListCategoryNames') })
  .max(50, said('categoriesMayListMost50'))
  .transform((names) => [...new Set(names)]);

export const createPrinterBody = z.object({
  name: textField('name', 60),
  role,
  categories: categories.optional(),
  paperWidth,
});
export type CreatePrinterBody = z.input<typeof createPrinterBody>;
export const updatePrinterBody = z
  .object({
    name: textField('name', 60).optional(),
    role: role.optional(),
    categories: categories.optional(),
    paperWidth: paperWidth.optional(),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), said('sendLeastOneFieldChange'));
export type UpdatePrinterBody = z.input<typeof updatePrinterBody>;

/** The branch a printer or job belongs to (docs/reference/branches.md: a branch-scoped answer carries its `branchId`). */
const branchId = z.string();

const printerSchema = z.object({
  _id: z.string(),
  branchId,
  name: z.string(),
  role,
  categories: z.array(z.string()),
  paperWidth: z.number(),
  lastSeen: z.string().nullable(),
  status: z.enum(['online', 'offline']),
  /** Jobs waiting for it (queued, or sent and not confirmed). */
  queued: z.number(),
  createdAt: z.string(),
});
export type PrinterView = z.infer<typeof printerSchema>;
export const printerListResponse = listOf(printerSchema);
export const printerChangedResponse = changed(printerSchema);
/** Made or renewed: the secret address, shown this once. */
export const printerSecretResponse = changed(printerSchema.extend({ pollUrl: z.string() }));
export const printerIdParams = recordIdParams('id');

const jobSchema = z.object({
  _id: z.string(),
  branchId,
  printerId: z.string(),
  kind: z.enum(['ticket', 'recall', 'cancel', 'receipt', 'test']),
  title: z.string(),
  status: z.enum(PRINT_JOB_STATUSES),
  reprint: z.boolean(),
  createdAt: z.string(),
  printedAt: z.string().nullable(),
  failure: z.string().nullable(),
});
export type PrintJobView = z.infer<typeof jobSchema>;
export const printJobListResponse = listOf(jobSchema);
export const printJobChangedResponse = changed(jobSchema);
export const printJobIdParams = recordIdParams('id');

/**
 * Every printer's state for the staff's screens: the kitchen board and the Floor say "Kitchen
 * printer offline since 19:42" (`since`, ISO: its last poll, or when it was added; null while
 * online), and the Floor's "Print receipt" prints at a receipt printer when there is one.
 */
export const printerStatesResponse = listOf(
  z.object({
    _id: z.string(),
    name: z.string(),
    role,
    status: z.enum(['online', 'offline']),
    since: z.string().nullable(),
  }),
);
export type PrinterState = z.infer<typeof printerStatesResponse>['data'][number];

export const printReceiptBody = z.object({ billId: recordId('billId') });
export const printReceiptResponse = changed(z.array(jobSchema));

// ---- Star CloudPRNT (the printer's side): the poll, the job fetched, its confirmation ----

export const pollParams = z.object({ secret: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, said('unknownPrinter')) });
/** The printer's status poll: Star sends more fields (clientAction replies, barcode reader…), kept out. */
export const pollBody = z
  .object({
    status: z.string().max(200).optional(),
    printerMAC: z.string().max(40).optional(),
    statusCode: z.string().max(200).optional(),
    printingInProgress: z.boolean().optional(),
  })
  .passthrough();
export const pollResponse = z.object({
  jobReady: z.boolean(),
  mediaTypes: z.array(z.string()).optional(),
  jobToken: z.string().optional(),
  deleteMethod: z.literal('DELETE').optional(),
});
export const jobQuery = z.object({
  type: z.string().max(100),
  token: z.string().max(100).optional(),
  mac: z.string().max(40).optional(),
  uid: z.string().max(100).optional(),
});
export const confirmQuery = z.object({
  code: z.string().max(200),
  token: z.string().max(100).optional(),
  mac: z.string().max(40).optional(),
});
