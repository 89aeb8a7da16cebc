import type { Language } from '../../../shared/i18n/languages.ts';
import type { Kysely } from 'kysely';
import type { ReportListed } from '../../../shared/contract/reports.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { toReportListed } from './dish-reports.mappers.ts';
import { createDishReportsRepository } from './dish-reports.repository.ts';

/** The rules of reports: one per guest and dish; a guest deletes their own, an admin anyone's. */
export const REPORT_MESSAGES = {
  added: 'Thank you, your report has been submitted',
  removed: 'Your report has been deleted',
  adminRemoved: 'The report has been deleted',
} as const;

export function createDishReportsService(db: Kysely<AppDatabase>, catalog: CatalogService) {
  const reports = createDishReportsRepository(db);
  return {
    async listForUser(userId: number, userEmail: string, language: Language = 'en'): Promise<ReportListed[]> {
      return (await reports.listByUser(userId)).map((row) => toReportListed(row, userEmail, language));
    },

    async add(
      userId: number,
      userEmail: string,
      dishId: number,
      reportText: string,
      language: Language = 'en',
    ): Promise<ReportListed> {
      const dish = await catalog.dishOrThrow(db, dishId, 'record');
      const report = await reports.add(userId, dish, reportText);
      if (!report) throw conflict('youHaveAlreadyReportedDish');
      return toReportListed(report, userEmail, language);
    },

    async remove(
      userId: number,
      userEmail: string,
      reportId: number,
      language: Language = 'en',
    ): Promise<ReportListed> {
      const removed = await reports.delete(userId, reportId);
      if (!removed) throw notFound('noSuchReport');
      return toReportListed(removed, userEmail, language);
    },
  };
}

export type DishReportsService = ReturnType<typeof createDishReportsService>;
