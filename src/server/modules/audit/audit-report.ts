import type { Kysely } from 'kysely';
import { AUDIT_PAGE, type AuditQuery, type AuditReport, type AuditSummary } from '../../../shared/contract/audit.ts';
import { fromMinorUnits, toMinorUnits } from '../../../shared/contract/common.ts';
import type { AppDatabase } from '../../db/schema.ts';
import type { BranchId } from '../../db/branch.ts';
import { asMinor, addMinor } from '../../../shared/domain/money.ts';
import { toEntry } from './audit-entries.ts';

/* The audit report's reads (audit.service.ts answers them): a period's entries, and its voids and discounts summed. */

/** GET /api/v1/reports/audit: a branch's entries, newest first, and per staff member and day the voids and discounts. */
export async function auditReport(db: Kysely<AppDatabase>, query: AuditQuery, branch: BranchId): Promise<AuditReport> {
  let entries = db
    .selectFrom('audit_entries')
    .selectAll()
    .where('branch_id', '=', branch)
    .where('local_date', '>=', query.from)
    .where('local_date', '<=', query.to);
  if (query.staff !== undefined) entries = entries.where('staff_id', '=', query.staff);
  if (query.kind !== undefined) entries = entries.where('kind', '=', query.kind);
  const rows = await entries
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(AUDIT_PAGE + 1)
    .execute();
  let counted = db
    .selectFrom('audit_entries')
    .select(['local_date', 'staff_id', 'staff_name', 'kind', 'amount', 'before'])
    .where('branch_id', '=', branch)
    .where('local_date', '>=', query.from)
    .where('local_date', '<=', query.to)
    .where('kind', 'in', ['discount', 'cancel', 'refund', 'give-back']);
  if (query.staff !== undefined) counted = counted.where('staff_id', '=', query.staff);
  const summary = new Map<string, AuditSummary>();
  for (const row of await counted.orderBy('local_date').orderBy('staff_name').execute()) {
    const key = `${row.local_date}|${row.staff_id ?? ''}|${row.staff_name}`;
    let day = summary.get(key);
    if (!day) {
      day = {
        date: row.local_date,
        staff: { id: row.staff_id === null ? null : String(row.staff_id), name: row.staff_name },
        discounts: { count: 0, amount: 0 },
        lateCancels: { count: 0, amount: 0 },
        refunds: { count: 0, amount: 0 },
        giveBacks: { count: 0, amount: 0 },
      };
      summary.set(key, day);
    }
    const tally =
      row.kind === 'discount'
        ? day.discounts
        : row.kind === 'refund'
          ? day.refunds
          : row.kind === 'give-back'
            ? day.giveBacks
            : (JSON.parse(row.before ?? '{}') as { cooking?: boolean }).cooking
              ? day.lateCancels
              : undefined;
    if (!tally) continue;
    tally.count += 1;
    // Summed in minor units, shown in the currency's.
    tally.amount = fromMinorUnits(addMinor(toMinorUnits(tally.amount), asMinor(row.amount ?? 0)));
  }
  return {
    entries: rows.slice(0, AUDIT_PAGE).map(toEntry),
    truncated: rows.length > AUDIT_PAGE,
    summary: [...summary.values()],
  };
}
