import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { AppDatabase } from '../../db/schema.ts';
import { precompiled } from '../../db/precompiled.ts';
import { type CombinationRow, TABLE_COLUMNS, type TableHold, type TableRow, iso } from './tables.mappers.ts';
import type { BranchId } from '../../db/branch.ts';

/**
 * All SQL of the dining room: tables, the combinations that may be pushed together, and
 * `table_holds`, the time each reservation holds each of its tables, where the database itself
 * refuses two overlapping active holds of one table (an exclusion constraint on PostgreSQL, a
 * trigger on SQLite). Each function takes the executor to run on (a transaction of the caller,
 * or the database). Made per branch (decision 062): every query names the branch it was made
 * with, so another branch's table, combination or hold is never read, changed or counted.
 */

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/.test(e.message ?? '');
}

/**
 * The database's refusal of two overlapping holds of one table. On PostgreSQL it is also a
 * deadlock found while checking the exclusion constraint: two transactions writing holds of one
 * table at the same instant each find the other's row in their check and wait for the other's
 * end, and PostgreSQL ends one of them (40P01). The one ended lost the table as surely as if the
 * other had committed first (its booking is worked out again).
 */
function isOverlapRefusal(error: unknown): boolean {
  const e = error as { code?: string; message?: string; where?: string };
  if (e.code === '40P01') return /exclusion constraint/.test(e.where ?? '');
  return e.code === '23P01' || /table_holds_no_overlap/.test(e.message ?? '');
}

/** A query answering reservation ids (built by the reservations module). */
export type ReservationIds = SelectQueryBuilder<AppDatabase, 'reservations', { id: number }>;

/** A branch's tables, its table and its combinations: read by every availability, booking and seating (decision 075). */
const tablesOf = precompiled(1, (db, branch: BranchId) =>
  db.selectFrom('dining_tables').select(TABLE_COLUMNS).where('branch_id', '=', branch).orderBy('id'),
);
const tableOf = precompiled(2, (db, branch: BranchId, id: number) =>
  db.selectFrom('dining_tables').select(TABLE_COLUMNS).where('branch_id', '=', branch).where('id', '=', id),
);
const combinationsOf = precompiled(1, (db, branch: BranchId) =>
  db
    .selectFrom('table_combinations')
    .select(['id', 'table_ids', 'min_covers', 'max_covers'])
    .where('branch_id', '=', branch)
    .orderBy('id'),
);

export function createTablesRepository(db: Kysely<AppDatabase>, branch: BranchId) {
  return {
    async tables(executor: Kysely<AppDatabase>): Promise<TableRow[]> {
      return (await tablesOf(executor, branch)).rows;
    },

    async table(executor: Kysely<AppDatabase>, id: number): Promise<TableRow | undefined> {
      return (await tableOf(executor, branch, id)).rows[0];
    },

    async combinations(executor: Kysely<AppDatabase>): Promise<CombinationRow[]> {
      return (await combinationsOf(executor, branch)).rows;
    },

    /** Whether another table has this name, whatever its case. */
    async nameTaken(name: string, exceptId?: number): Promise<boolean> {
      let query = db
        .selectFrom('dining_tables')
        .select('id')
        .where('branch_id', '=', branch)
        .where(sql<string>`lower(name)`, '=', name.toLowerCase());
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /** The new table, or 'taken' when its name is (a racing create). */
    async insertTable(values: {
      name: string;
      minCovers: number;
      maxCovers: number;
      at: string;
    }): Promise<TableRow | 'taken'> {
      try {
        return await db
          .insertInto('dining_tables')
          .values({
            branch_id: branch,
            name: values.name,
            min_covers: values.minCovers,
            max_covers: values.maxCovers,
            active: 1,
            created_at: values.at,
          })
          .returning(TABLE_COLUMNS)
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    async updateTable(
      id: number,
      changes: Partial<Pick<TableRow, 'name' | 'min_covers' | 'max_covers' | 'active'>>,
    ): Promise<TableRow> {
      return db
        .updateTable('dining_tables')
        .set(changes)
        .where('branch_id', '=', branch)
        .where('id', '=', id)
        .returning(TABLE_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** Deletes a table, its holds (past ones: the reservations keep their own record of the time) and the combinations that used it. */
    async deleteTable(trx: Kysely<AppDatabase>, id: number, combinationIds: number[]): Promise<void> {
      await trx.deleteFrom('table_holds').where('branch_id', '=', branch).where('table_id', '=', id).execute();
      if (combinationIds.length > 0)
        await trx
          .deleteFrom('table_combinations')
          .where('branch_id', '=', branch)
          .where('id', 'in', combinationIds)
          .execute();
      await trx.deleteFrom('dining_tables').where('branch_id', '=', branch).where('id', '=', id).execute();
    },

    async insertCombination(values: {
      tableIds: number[];
      minCovers: number;
      maxCovers: number;
      at: string;
    }): Promise<CombinationRow> {
      return db
        .insertInto('table_combinations')
        .values({
          branch_id: branch,
          table_ids: JSON.stringify(values.tableIds),
          min_covers: values.minCovers,
          max_covers: values.maxCovers,
          created_at: values.at,
        })
        .returning(['id', 'table_ids', 'min_covers', 'max_covers'])
        .executeTakeFirstOrThrow();
    },

    async deleteCombination(id: number): Promise<CombinationRow | undefined> {
      return db
        .deleteFrom('table_combinations')
        .where('branch_id', '=', branch)
        .where('id', '=', id)
        .returning(['id', 'table_ids', 'min_covers', 'max_covers'])
        .executeTakeFirst();
    },

    /** Whether an active hold of the table ends after `at`: a booking still to come, or a party at it. */
    async heldAfter(trx: Kysely<AppDatabase>, tableId: number, at: string): Promise<boolean> {
      const row = await trx
        .selectFrom('table_holds')
        .select('reservation_id')
        .where('branch_id', '=', branch)
        .where('table_id', '=', tableId)
        .where('active', '=', 1)
        .where('ends_at', '>', at)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The active holds of these reservations: their ids, or a query answering them (the reservations module's). */
    async activeHolds(executor: Kysely<AppDatabase>, reservationIds: number[] | ReservationIds): Promise<TableHold[]> {
      if (Array.isArray(reservationIds) && reservationIds.length === 0) return [];
      const rows = await executor
        .selectFrom('table_holds')
        .select(['reservation_id', 'table_id', 'starts_at', 'ends_at'])
        .where('branch_id', '=', branch)
        .where('active', '=', 1)
        .where('reservation_id', 'in', reservationIds)
        .execute();
      return rows.map((h) => ({
        reservationId: h.reservation_id,
        tableId: h.table_id,
        startsAt: iso(h.starts_at),
        endsAt: iso(h.ends_at),
      }));
    },

    /** The tables each of these reservations holds or held, by table id. */
    async heldTables(
      executor: Kysely<AppDatabase>,
      reservationIds: number[],
    ): Promise<{ reservationId: number; tableId: number; name: string }[]> {
      if (reservationIds.length === 0) return [];
      const rows = await executor
        .selectFrom('table_holds')
        .innerJoin('dining_tables', 'dining_tables.id', 'table_holds.table_id')
        .select(['table_holds.reservation_id', 'dining_tables.id', 'dining_tables.name'])
        .where('table_holds.branch_id', '=', branch)
        .where('table_holds.reservation_id', 'in', reservationIds)
        .orderBy('dining_tables.id')
        .execute();
      return rows.map((r) => ({ reservationId: r.reservation_id, tableId: r.id, name: r.name }));
    },

    /** Holds the tables for a reservation's time: 'taken' when the database refuses an overlap. */
    async insertHolds(
      trx: Kysely<AppDatabase>,
      reservationId: number,
      tableIds: number[],
      startsAt: string,
      endsAt: string,
    ): Promise<'held' | 'taken'> {
      try {
        await trx
          .insertInto('table_holds')
          .values(
            tableIds.map((tableId) => ({
              branch_id: branch,
              reservation_id: reservationId,
              table_id: tableId,
              starts_at: startsAt,
              ends_at: endsAt,
              active: 1,
            })),
          )
          .execute();
        return 'held';
      } catch (error) {
        if (isOverlapRefusal(error)) return 'taken';
        throw error;
      }
    },

    async deleteHolds(trx: Kysely<AppDatabase>, reservationId: number): Promise<void> {
      await trx
        .deleteFrom('table_holds')
        .where('branch_id', '=', branch)
        .where('reservation_id', '=', reservationId)
        .execute();
    },

    async setHoldsActive(trx: Kysely<AppDatabase>, reservationId: number, active: boolean): Promise<'held' | 'taken'> {
      try {
        await trx
          .updateTable('table_holds')
          .set({ active: active ? 1 : 0 })
          .where('branch_id', '=', branch)
          .where('reservation_id', '=', reservationId)
          .execute();
        return 'held';
      } catch (error) {
        if (isOverlapRefusal(error)) return 'taken';
        throw error;
      }
    },

    async endHolds(trx: Kysely<AppDatabase>, reservationId: number, at: string): Promise<void> {
      await trx
        .updateTable('table_holds')
        .set({ ends_at: at })
        .where('branch_id', '=', branch)
        .where('reservation_id', '=', reservationId)
        .execute();
    },
  };
}

export type TablesRepository = ReturnType<typeof createTablesRepository>;
