import type { AuditEntry, AuditKind, AuditReport } from '../../../shared/contract/audit.ts';
import { fromMinorUnits } from '../../../shared/contract/common.ts';
import type { AuditEntriesTable } from '../../db/schema/system.ts';
import { asMinor } from '../../../shared/domain/money.ts';

/* An audit entry as the report answers it, and the report as CSV. */
export function toEntry(row: Omit<AuditEntriesTable, 'id' | 'branch_id'> & { id: number }): AuditEntry {
  return {
    _id: String(row.id),
    at: row.at,
    date: row.local_date,
    kind: row.kind as AuditKind,
    staff: {
      id: row.staff_id === null ? null : String(row.staff_id),
      name: row.staff_name,
      email: row.staff_email,
      role: row.staff_role,
    },
    address: row.address,
    subject: row.subject,
    amount: row.amount === null ? null : fromMinorUnits(asMinor(row.amount)),
    reason: row.reason,
    before: row.before,
    after: row.after,
  };
}

/** GET /api/v1/reports/audit.csv: one entry a row, quoted as the day report's CSV is (a formula defused). */
export function auditCsvOf(report: AuditReport): string {
  const cell = (text: string) =>
    /^-?\d+(\.\d+)?$/.test(text)
      ? text
      : /[",\n\r]/.test(text) || /^[=+\-@]/.test(text)
        ? `"${text.replace(/^([=+\-@])/, "'$1").replaceAll('"', '""')}"`
        : text;
  const header = [
    'at',
    'date',
    'staff',
    'email',
    'role',
    'address',
    'kind',
    'subject',
    'amount',
    'reason',
    'before',
    'after',
  ];
  const rows = report.entries.map((e) => [
    e.at,
    e.date,
    e.staff.name,
    e.staff.email,
    e.staff.role,
    e.address,
    e.kind,
    e.subject,
    e.amount === null ? '' : e.amount.toFixed(2),
    e.reason ?? '',
    e.before ?? '',
    e.after ?? '',
  ]);
  return `${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
