import type { ReportListed } from '../../../shared/contract/reports.ts';
import { listedDishCopy } from '../../db/dish-copy.ts';
import type { ReportRow } from '../../db/schema.ts';

export function toReportListed(row: ReportRow, userGmail: string): ReportListed {
  return listedDishCopy(row, { userGmail, reportText: row.report_text });
}
