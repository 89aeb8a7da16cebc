import type { Kysely } from 'kysely';
import { type Dish, dishCopyColumns } from '../../db/dish-copy.ts';
import type { AppDatabase, ReportRow } from '../../db/schema.ts';

/** All SQL about reports. Every statement is scoped by user_id: someone else's report is simply not found. */
export function createDishReportsRepository(db: Kysely<AppDatabase>) {
  return {
    listByUser(userId: number): Promise<ReportRow[]> {
      return db.selectFrom('reports').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },

    /** Undefined when this guest already reported this dish (one report per guest and dish). */
    add(userId: number, dish: Dish, reportText: string): Promise<ReportRow | undefined> {
      return db
        .insertInto('reports')
        .values({ ...dishCopyColumns(userId, dish), report_text: reportText })
        .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    delete(userId: number, id: number): Promise<ReportRow | undefined> {
      return db
        .deleteFrom('reports')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
