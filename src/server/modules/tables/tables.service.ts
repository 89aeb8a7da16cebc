import type { Kysely } from 'kysely';
import type { DiningTableView, TableCombinationView, UpdateTableBody } from '../../../shared/contract/tables.ts';
import type { DiningTable, TableCombination } from '../../../shared/domain/availability.ts';
import type { AppDatabase } from '../../db/schema.ts';
import type { BranchId } from '../../db/branch.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import {
  type TableHold,
  combinationView as viewOfCombination,
  tableView as viewOfTable,
  toCombination,
  toTable,
} from './tables.mappers.ts';
import { type ReservationIds, createTablesRepository } from './tables.repository.ts';

/**
 * The dining room (docs/reference/operations.md "Tables and reservations"): tables, the combinations that may
 * be pushed together, and the time each reservation holds its tables. A table with upcoming
 * bookings cannot be deleted (deactivate it instead); deleting a table also deletes the
 * combinations that used it.
 *
 * Holds are changed only by the reservations module, through the calls below, inside the
 * transaction that changes the reservation: what a reservation holds always follows its status.
 *
 * The dining room is a branch's (decision 062): the service is asked at a branch
 * (`tables.at(branch)`), which makes the repository of that branch, and its answers carry the
 * branch's id.
 */
export function createTablesService(db: Kysely<AppDatabase>, { now = Date.now }: { now?: () => number } = {}) {
  return { at: (branch: BranchId) => tablesAt(db, branch, now) };
}

function tablesAt(db: Kysely<AppDatabase>, branch: BranchId, now: () => number) {
  const repository = createTablesRepository(db, branch);
  const branchId = String(branch);
  const tableView = (table: DiningTable): DiningTableView => ({ ...viewOfTable(table), branchId });
  const combinationView = (combination: TableCombination): TableCombinationView => ({
    ...viewOfCombination(combination),
    branchId,
  });
  const tables = async (executor: Kysely<AppDatabase>): Promise<DiningTable[]> =>
    (await repository.tables(executor)).map(toTable);
  const combinations = async (executor: Kysely<AppDatabase>): Promise<TableCombination[]> =>
    (await repository.combinations(executor)).map(toCombination);
  const nameConflict = (name: string) => conflict('thereAlreadyTableNamed', { v0: name });

  return {
    /** The tables, as the availability rules and the checkout read them. */
    tables,
    combinations,
    views: async () => (await tables(db)).map(tableView),
    combinationViews: async () => (await combinations(db)).map(combinationView),

    /** An active table's name, for the guest who scanned its QR code; 404 for any other id. */
    async label(id: number): Promise<{ _id: string; name: string }> {
      const row = await repository.table(db, id);
      if (!row || !row.active) throw notFound('noTable');
      return { _id: String(row.id), name: row.name };
    },

    async create(body: { name: string; minCovers: number; maxCovers: number }): Promise<DiningTableView> {
      if (await repository.nameTaken(body.name)) throw nameConflict(body.name);
      const row = await repository.insertTable({ ...body, at: new Date(now()).toISOString() });
      if (row === 'taken') throw nameConflict(body.name);
      return tableView(toTable(row));
    },

    async update(id: number, body: UpdateTableBody): Promise<DiningTableView> {
      const current = await repository.table(db, id);
      if (!current) throw notFound('noTable');
      const minCovers = body.minCovers ?? current.min_covers;
      const maxCovers = body.maxCovers ?? current.max_covers;
      if (maxCovers < minCovers) throw badRequest('maxcoversLeastMinCovers');
      if (body.name !== undefined && (await repository.nameTaken(body.name, id))) throw nameConflict(body.name);
      const row = await repository.updateTable(id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        min_covers: minCovers,
        max_covers: maxCovers,
        ...(body.active !== undefined ? { active: body.active ? 1 : 0 } : {}),
      });
      return tableView(toTable(row));
    },

    /** 409 while the table is held by a booking still to come or a party at it; its combinations go with it. */
    async remove(id: number): Promise<DiningTableView> {
      return db.transaction().execute(async (trx) => {
        const row = await repository.table(trx, id);
        if (!row) throw notFound('noTable');
        if (await repository.heldAfter(trx, id, new Date(now()).toISOString()))
          throw conflict('hasUpcomingBookingsDeactivateInstead', { v0: row.name });
        const using = (await combinations(trx)).filter((c) => c.tableIds.includes(id)).map((c) => c.id);
        await repository.deleteTable(trx, id, using);
        return tableView(toTable(row));
      });
    },

    async createCombination(body: {
      tableIds: number[];
      minCovers: number;
      maxCovers: number;
    }): Promise<TableCombinationView> {
      const known = new Set((await tables(db)).map((t) => t.id));
      const missing = body.tableIds.filter((tid) => !known.has(tid));
      if (missing.length > 0) throw badRequest('tableidsNoTableWithId', { v0: missing.join(', ') });
      const row = await repository.insertCombination({ ...body, at: new Date(now()).toISOString() });
      return combinationView({
        id: row.id,
        tableIds: body.tableIds,
        minCovers: body.minCovers,
        maxCovers: body.maxCovers,
      });
    },

    async removeCombination(id: number): Promise<TableCombinationView> {
      const row = await repository.deleteCombination(id);
      if (!row) throw notFound('noTableCombinationWithId');
      return combinationView(toCombination(row));
    },

    /** The active holds of these reservations (the room as a booking sees it): their ids, or a query answering them. */
    activeHolds: (executor: Kysely<AppDatabase>, reservationIds: number[] | ReservationIds): Promise<TableHold[]> =>
      repository.activeHolds(executor, reservationIds),

    /** The tables each reservation holds or held, by table id: `{ _id, name }` as a reservation shows them. */
    async heldTables(
      executor: Kysely<AppDatabase>,
      reservationIds: number[],
    ): Promise<Map<number, { _id: string; name: string }[]>> {
      const map = new Map<number, { _id: string; name: string }[]>();
      for (const row of await repository.heldTables(executor, reservationIds))
        map.set(row.reservationId, [
          ...(map.get(row.reservationId) ?? []),
          { _id: String(row.tableId), name: row.name },
        ]);
      return map;
    },

    /** Holds `tableIds` for a reservation's time, instead of what it held before; 'taken' when one of them is held meanwhile. */
    async hold(
      trx: Kysely<AppDatabase>,
      reservationId: number,
      tableIds: number[],
      startsAt: string,
      endsAt: string,
      options: { replace?: boolean } = {},
    ): Promise<'held' | 'taken'> {
      if (options.replace) await repository.deleteHolds(trx, reservationId);
      return repository.insertHolds(trx, reservationId, tableIds, startsAt, endsAt);
    },

    /** Frees a reservation's tables (kept for the record, holding nothing). */
    release: (trx: Kysely<AppDatabase>, reservationId: number): Promise<'held' | 'taken'> =>
      repository.setHoldsActive(trx, reservationId, false),

    /** Takes a released reservation's tables again; 'taken' when one was given away meanwhile. */
    retake: (trx: Kysely<AppDatabase>, reservationId: number): Promise<'held' | 'taken'> =>
      repository.setHoldsActive(trx, reservationId, true),

    /** Ends a reservation's holds at `at` (a party that left early frees its table). */
    endAt: (trx: Kysely<AppDatabase>, reservationId: number, at: string): Promise<void> =>
      repository.endHolds(trx, reservationId, at),
  };
}

export type TablesService = ReturnType<typeof createTablesService>;
/** The dining room of one branch. */
export type BranchTables = ReturnType<TablesService['at']>;
