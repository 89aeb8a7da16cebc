import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/schema.ts';
import type { BranchId } from '../../db/branch.ts';
import { type Minor, asMinor } from '../../../shared/domain/money.ts';

/** The reports' own SQL: a branch's cash counts, each kept against its day's expected cash (decision 062: a branch's day is its own). */
export function createReportsRepository(db: Kysely<AppDatabase>, branch: BranchId) {
  return {
    async insertCashCount(count: {
      local_date: string;
      expected: Minor;
      counted: Minor;
      by_user_id: number;
      at: string;
    }): Promise<void> {
      await db
        .insertInto('cash_counts')
        .values({ ...count, branch_id: branch })
        .execute();
    },

    /** A day's counts, oldest first, each with the name of who counted (none once that account is gone). */
    async countsOn(date: string): Promise<{ counted: Minor; expected: Minor; by: string | null; at: string }[]> {
      const rows = await db
        .selectFrom('cash_counts')
        .leftJoin('users', 'users.id', 'cash_counts.by_user_id')
        .select(['cash_counts.counted', 'cash_counts.expected', 'users.name as by', 'cash_counts.at'])
        .where('cash_counts.branch_id', '=', branch)
        .where('cash_counts.local_date', '=', date)
        .orderBy('cash_counts.at')
        .orderBy('cash_counts.id')
        .execute();
      return rows.map((row) => ({ ...row, counted: asMinor(row.counted), expected: asMinor(row.expected) }));
    },
  };
}
