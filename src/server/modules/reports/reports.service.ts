import type { Kysely } from 'kysely';
import type { DayReport } from '../../../shared/contract/bills.ts';
import { fromMinorUnits, toMinorUnits } from '../../../shared/contract/common.ts';
import type { AppDatabase } from '../../db/schema.ts';
import type { Caller } from '../auth/auth.service.ts';
import type { BillsService } from '../bills/bills.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { ReservationsAt } from '../reservations/reservations.service.ts';
import type { RestaurantService } from '../restaurant/restaurant.service.ts';
import type { TicketsAt } from '../tickets/tickets.service.ts';
import { dayCsvOf, dayReportOf } from './day-report.ts';
import { createReportsRepository } from './reports.repository.ts';
import { createToday } from './today.ts';
import { subtractMinor } from '../../../shared/domain/money.ts';
import { MAIN_BRANCH_ID } from '../../db/branch.ts';

/**
 * The owner's figures (docs/reference/ordering.md "The day report"; docs/reference/operations.md "Dashboard"): the day report
 * and its CSV, the cash count, and today's dashboard. Each figure is read from the module that
 * owns it: the bills' day, the deposits kept (payments), the covers seated and the day's book
 * (reservations), the day's tickets (tickets). Nothing here writes but the cash count.
 */
export interface ReportsDeps {
  restaurant: RestaurantService;
  bills: Pick<BillsService, 'dayFigures'>;
  payments: Pick<PaymentsService, 'deposits'>;
  reservations: ReservationsAt<'dayFigures'>;
  tickets: TicketsAt<'ofDay'>;
  now: () => number;
}

export function createReportsService(db: Kysely<AppDatabase>, deps: ReportsDeps) {
  const repository = createReportsRepository(db);

  async function dayReport(date: string) {
    const [bills, kept, book, cashCounts, settings] = await Promise.all([
      deps.bills.dayFigures(date),
      deps.payments.deposits.keptOn(date),
      deps.reservations.at(MAIN_BRANCH_ID).dayFigures(date),
      repository.countsOn(date),
      deps.restaurant.get(),
    ]);
    return dayReportOf(
      { bills, kept, coversSeated: book.seated.covers + book.completed.covers, cashCounts },
      settings.currency,
    );
  }

  return {
    /** GET /api/v1/reports/day */
    dayReport: async (date: string): Promise<DayReport> => (await dayReport(date)).report,

    /** GET /api/v1/reports/day.csv */
    dayCsv: async (date: string): Promise<string> => dayCsvOf(date, (await dayReport(date)).report),

    /** POST /api/v1/reports/cash-count: kept with what was expected. */
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
    today: createToday({ ...deps, salesOn: async (date) => (await dayReport(date)).report }),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
