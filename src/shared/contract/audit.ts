import { z } from 'zod';
import { localDate } from './restaurant.ts';
import { AUDIT_KINDS } from './values.ts';
import { said } from '../i18n/said.ts';

/**
 * The audit trail (issue 60, decision 056): every act that changes money or who may do what,
 * as the owner reads it. `GET /api/v1/reports/audit?from=&to=&staff=&kind=` (admin) answers the
 * entries, newest first, and per staff member and day the voids and discounts; `…/audit.csv`
 * the entries as CSV. Amounts are in the restaurant's currency (minor units at rest).
 */

export { AUDIT_KINDS, type AuditKind } from './values.ts';

/** At most this many entries in one answer (the newest); `truncated` says more matched. */
export const AUDIT_PAGE = 2_000;
/** The longest span one question may cover. */
export const AUDIT_MAX_DAYS = 366;

export const auditQuery = z
  .object({
    from: localDate,
    to: localDate,
    staff: z.coerce
      .number({ error: said('staffUserId') })
      .int(said('staffUserId'))
      .positive(said('staffUserId'))
      .optional(),
    kind: z.enum(AUDIT_KINDS, { error: said('kindOne', { v0: AUDIT_KINDS.join(', ') }) }).optional(),
  })
  .refine((q) => q.from <= q.to, { message: said('fromNotAfterTo'), path: ['from'] })
  .refine(
    (q) => Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) <= (AUDIT_MAX_DAYS - 1) * 86_400_000,
    { message: said('mostDaysOnce', { v0: AUDIT_MAX_DAYS }), path: ['to'] },
  );
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  /** The restaurant's local day of `at`. */
  date: z.string(),
  kind: z.enum(AUDIT_KINDS),
  /** Who did it, as the account was then (kept after the account is deleted). */
  staff: z.object({ id: z.string().nullable(), name: z.string(), email: z.string(), role: z.string() }),
  /** The device's address the request came from. */
  address: z.string(),
  /** What it was done to: "Bill B-…", "Order A-…", a dish, a printer, an account, "Settings". */
  subject: z.string(),
  amount: z.number().nullable(),
  reason: z.string().nullable(),
  /** JSON of what changed, from what and to what (null where nothing is compared). */
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const tally = z.object({ count: z.number(), amount: z.number() });
export const auditSummarySchema = z.object({
  date: z.string(),
  staff: z.object({ id: z.string().nullable(), name: z.string() }),
  discounts: tally,
  /** Orders cancelled after the kitchen started them (the food was made). */
  lateCancels: tally,
  /** Online money refunded. */
  refunds: tally,
  /** Money taken at the restaurant and given back. */
  giveBacks: tally,
});
export type AuditSummary = z.infer<typeof auditSummarySchema>;

export const auditResponse = z.object({
  data: z.object({ entries: z.array(auditEntrySchema), truncated: z.boolean(), summary: z.array(auditSummarySchema) }),
});
export type AuditReport = z.infer<typeof auditResponse>['data'];
