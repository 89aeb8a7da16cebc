import type { ReportListed } from '../../../shared/contract/reports.ts';
import { listedDishCopy } from '../../db/dish-copy.ts';
import type { ReportRow } from '../../db/schema.ts';
import type { Language } from '../../../shared/i18n/languages.ts';

export function toReportListed(row: ReportRow, userGmail: string, language: Language = 'en'): ReportListed {
  return listedDishCopy(row, { userGmail, reportText: row.report_text }, language);
}
