import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/schema.ts';
import { MAIN_BRANCH_ID } from '../../db/branch.ts';
import { type Minor, asMinor } from '../../../shared/domain/money.ts';

/** The reports' own SQL: the cash counts kept against a day's expected cash. */
export function createReportsRepository(db: Kysely<AppDatabase>) {
  return {
    async insertCashCount(count: {
      local_date: string;
      expected: Minor;
      counted: Minor;
      by_user_id: number;
      at: string;
    }): Promise<void> {
      await db.insertInto('cash_counts').values(count).execute();
    },

    /** A day's counts, oldest first, each with the name of who counted (none once that account is gone). */
    async countsOn(date: string): Promise<{ counted: Minor; expected: Minor; by: string | null; at: string }[]> {
      const rows = await db
        .selectFrom('cash_counts')
        .leftJoin('users', 'users.id', 'cash_counts.by_user_id')
        .select(['cash_counts.counted', 'cash_counts.expected', 'users.name as by', 'cash_counts.at'])
        .where('cash_counts.branch_id', '=', MAIN_BRANCH_ID)
        .where('cash_counts.local_date', '=', date)
        .orderBy('cash_counts.at')
        .orderBy('cash_counts.id')
        .execute();
      return rows.map((row) => ({ ...row, counted: asMinor(row.counted), expected: asMinor(row.expected) }));
    },
  };
}
