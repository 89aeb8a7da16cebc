import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/schema.ts';

/** The reports' own SQL: the cash counts kept against a day's expected cash. */
export function createReportsRepository(db: Kysely<AppDatabase>) {
  return {
    async insertCashCount(count: { local_date: string; expected: number; counted: number; by_user_id: number; at: string }): Promise<void> {
      await db.insertInto('cash_counts').values(count).execute();
    },
  };
}
