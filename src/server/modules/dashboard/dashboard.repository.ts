import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/schema.ts';

/** The dashboard's own SQL: the figures of a local day's tickets. */
export function createDashboardRepository(db: Kysely<AppDatabase>) {
  return {
    /** A local day's tickets, as much of each as the day's figures need. */
    ticketsOf(date: string) {
      return db.selectFrom('tickets').select(['status', 'payment', 'total', 'placed_at', 'ready_at', 'ready_marked_at']).where('local_date', '=', date).execute();
    },
  };
}
