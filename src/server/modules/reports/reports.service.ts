import type { Kysely } from 'kysely';
import type { BrandDayReport, DayReport } from '../../../shared/contract/bills.ts';
import type { BrandToday, TodayFigures } from '../../../shared/contract/dashboard.ts';
import { fromMinorUnits, toMinorUnits } from '../../../shared/contract/common.ts';
import type { Language } from '../../../shared/i18n/languages.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { type BranchId, asBranchId } from '../../db/branch.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { BillsService } from '../bills/bills.service.ts';
import type { BranchesService } from '../branches/branches.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { ReservationsAt } from '../reservations/reservations.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import type { TicketsAt } from '../tickets/tickets.service.ts';
import { type DayParts, brandDayCsvOf, dayCsvOf, dayReportOf, hasFigures, sumDayParts } from './day-report.ts';
import { createReportsRepository } from './reports.repository.ts';
import { createToday } from './today.ts';
import { subtractMinor } from '../../../shared/domain/money.ts';

/**
 * The owner's figures (docs/reference/ordering.md "The day report"; docs/reference/operations.md "Dashboard"): the day report
 * and its CSV, the cash count, and today's dashboard, each a branch's (asked at it: `reports.at(branch)`),
 * and the brand's day, one row per branch beside their sums (docs/reference/branches.md). Each
 * figure is read from the module that owns it, at the branch: the bills' day, the deposits kept
 * (payments), the covers seated and the day's book (reservations), the day's tickets (tickets).
 * Nothing here writes but the cash count.
 */
export interface ReportsDeps {
  restaurant: RestaurantService;
  branches: Pick<BranchesService, 'named'>;
  bills: Pick<BillsService, 'dayFigures'>;
  payments: Pick<PaymentsService, 'deposits'>;
  reservations: ReservationsAt<'dayFigures'>;
  tickets: TicketsAt<'ofDay'>;
  now: () => number;
}

export function createReportsService(db: Kysely<AppDatabase>, deps: ReportsDeps) {
  /** What a branch's day report is made of, in minor units. */
  async function partsOf(branch: BranchId, date: string): Promise<DayParts> {
    const [bills, kept, book, cashCounts] = await Promise.all([
      deps.bills.dayFigures(date, branch),
      deps.payments.deposits.keptOn(date, branch),
      deps.reservations.at(branch).dayFigures(date),
      createReportsRepository(db, branch).countsOn(date),
    ]);
    return { bills, kept, coversSeated: book.seated.covers + book.completed.covers, cashCounts };
  }

  function createAt(branch: BranchId) {
    const repository = createReportsRepository(db, branch);

    async function dayReport(date: string) {
      const [parts, settings] = await Promise.all([partsOf(branch, date), deps.restaurant.brand()]);
      const { report, cashExpected } = dayReportOf(parts, settings.currency);
      return { report: { ...report, branchId: String(branch) }, cashExpected };
    }

    return {
      /** GET /api/v1/reports/day */
      dayReport: async (date: string): Promise<DayReport & { branchId: string }> => (await dayReport(date)).report,

      /** GET /api/v1/reports/day.csv */
      dayCsv: async (date: string): Promise<string> => dayCsvOf(date, (await dayReport(date)).report),

      /** POST /api/v1/reports/cash-count: kept at the branch with what its day expected. */
      async cashCount(
        caller: Caller,
        date: string,
        counted: number,
      ): Promise<{ expected: number; counted: number; difference: number }> {
        const { cashExpected } = await dayReport(date);
        const countedCents = toMinorUnits(counted);
        await repository.insertCashCount({
          local_date: date,
          expected: cashExpected,
          counted: countedCents,
          by_user_id: caller.id,
          at: new Date(deps.now()).toISOString(),
        });
        return {
          expected: fromMinorUnits(cashExpected),
          counted: fromMinorUnits(countedCents),
          difference: fromMinorUnits(subtractMinor(countedCents, cashExpected)),
        };
      },

      /** GET /api/v1/dashboard/today */
      today: createToday({ ...deps, branch, salesOn: async (date) => (await dayReport(date)).report }),
    };
  }

  const atBranch = new Map<BranchId, ReturnType<typeof createAt>>();

  /** The brand's day: its branches' parts read side by side, each made a report, and their sum made one. */
  async function brandDay(date: string, language: Language): Promise<BrandDayReport> {
    const [branches, settings] = await Promise.all([deps.branches.named(language), deps.restaurant.brand()]);
    const parts = await Promise.all(branches.map((branch) => partsOf(asBranchId(branch.id), date)));
    const listed = branches.flatMap((branch, i) => {
      const own = parts[i] as DayParts;
      return branch.archived && !hasFigures(own) ? [] : [{ branch, parts: own }];
    });
    return {
      ...dayReportOf(sumDayParts(listed.map((row) => row.parts)), settings.currency).report,
      branchId: 'all',
      branches: listed.map(({ branch, parts: own }) => ({
        ...dayReportOf(own, settings.currency).report,
        branchId: String(branch.id),
        slug: branch.slug,
        name: branch.name,
      })),
    };
  }

  /** A branch's figures (kept per branch: each holds its dashboard's parts). */
  function at(branch: BranchId) {
    let reports = atBranch.get(branch);
    if (!reports) atBranch.set(branch, (reports = createAt(branch)));
    return reports;
  }

  return {
    at,

    /** GET /api/v1/reports/day?branch=all (brand admins) */
    brandDay,

    /** GET /api/v1/dashboard/today?branch=all (brand admins): each open branch's today, side by side. */
    async brandToday(language: Language): Promise<BrandToday> {
      const open = (await deps.branches.named(language)).filter((branch) => !branch.archived);
      const figures = await Promise.all(open.map((branch) => at(asBranchId(branch.id)).today()));
      return {
        branches: open.map((branch, i) => ({
          ...(figures[i] as TodayFigures),
          branchId: String(branch.id),
          slug: branch.slug,
          name: branch.name,
        })),
      };
    },

    /** GET /api/v1/reports/day.csv?branch=all */
    brandCsv: async (date: string, language: Language): Promise<string> =>
      brandDayCsvOf(date, await brandDay(date, language)),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
