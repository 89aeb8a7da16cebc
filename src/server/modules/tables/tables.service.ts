import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DiningTableView, TableCombinationView, UpdateTableBody } from '../../../shared/contract/tables.ts';
import type { DiningTable, TableCombination } from '../../../shared/domain/availability.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';

/**
 * The dining room (OPERATIONS.md "Tables and reservations"): tables and the combinations
 * that may be pushed together. A table with upcoming bookings cannot be deleted (deactivate
 * it instead); deleting a table also deletes the combinations that used it.
 */
type Row = { id: number; name: string; min_covers: number; max_covers: number; active: number };
const toTable = (row: Row): DiningTable => ({ id: row.id, name: row.name, minCovers: row.min_covers, maxCovers: row.max_covers, active: Number(row.active) === 1 });
const tableView = (t: DiningTable): DiningTableView => ({ _id: String(t.id), name: t.name, minCovers: t.minCovers, maxCovers: t.maxCovers, active: t.active });
const combinationView = (c: TableCombination): TableCombinationView => ({ _id: String(c.id), tableIds: c.tableIds.map(String), minCovers: c.minCovers, maxCovers: c.maxCovers });

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/.test(e.message ?? '');
}

export function createTablesService(db: Kysely<AppDatabase>) {
  const columns = ['id', 'name', 'min_covers', 'max_covers', 'active'] as const;

  async function tables(executor: Kysely<AppDatabase> = db): Promise<DiningTable[]> {
    return (await executor.selectFrom('dining_tables').select(columns).orderBy('id').execute()).map(toTable);
  }

  async function combinations(executor: Kysely<AppDatabase> = db): Promise<TableCombination[]> {
    const rows = await executor.selectFrom('table_combinations').select(['id', 'table_ids', 'min_covers', 'max_covers']).orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, tableIds: JSON.parse(r.table_ids) as number[], minCovers: r.min_covers, maxCovers: r.max_covers }));
  }

  async function nameTaken(name: string, exceptId?: number): Promise<boolean> {
    let query = db.selectFrom('dining_tables').select('id').where(sql<string>`lower(name)`, '=', name.toLowerCase());
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  return {
    tables,
    combinations,
    views: async () => (await tables()).map(tableView),
    combinationViews: async () => (await combinations()).map(combinationView),

    async create(body: { name: string; minCovers: number; maxCovers: number }): Promise<DiningTableView> {
      if (await nameTaken(body.name)) throw conflict(`There is already a table named "${body.name}"`);
      try {
        const row = await db
          .insertInto('dining_tables')
          .values({ name: body.name, min_covers: body.minCovers, max_covers: body.maxCovers, active: 1, created_at: new Date().toISOString() })
          .returning(columns)
          .executeTakeFirstOrThrow();
        return tableView(toTable(row));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`There is already a table named "${body.name}"`);
        throw error;
      }
    },

    async update(id: number, body: UpdateTableBody): Promise<DiningTableView> {
      const current = await db.selectFrom('dining_tables').select(columns).where('id', '=', id).executeTakeFirst();
      if (!current) throw notFound('No table with this id');
      const minCovers = body.minCovers ?? current.min_covers;
      const maxCovers = body.maxCovers ?? current.max_covers;
      if (maxCovers < minCovers) throw badRequest('maxCovers must be at least minCovers');
      if (body.name !== undefined && (await nameTaken(body.name, id))) throw conflict(`There is already a table named "${body.name}"`);
      const row = await db
        .updateTable('dining_tables')
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          min_covers: minCovers,
          max_covers: maxCovers,
          ...(body.active !== undefined ? { active: body.active ? 1 : 0 } : {}),
        })
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirstOrThrow();
      return tableView(toTable(row));
    },

    /** 409 while the table holds an upcoming booking; its combinations go with it. */
    async remove(id: number): Promise<DiningTableView> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('dining_tables').select(columns).where('id', '=', id).executeTakeFirst();
        if (!row) throw notFound('No table with this id');
        const upcoming = await trx
          .selectFrom('table_holds')
          .innerJoin('reservations', 'reservations.id', 'table_holds.reservation_id')
          .select('reservations.id')
          .where('table_holds.table_id', '=', id)
          .where('reservations.ends_at', '>', new Date().toISOString())
          .where('reservations.status', 'in', ['booked', 'seated'])
          .executeTakeFirst();
        if (upcoming) throw conflict(`${row.name} has upcoming bookings: deactivate it instead`);
        // Past holds go too: the reservations keep their own record of the time.
        await trx.deleteFrom('table_holds').where('table_id', '=', id).execute();
        for (const c of await combinations(trx)) if (c.tableIds.includes(id)) await trx.deleteFrom('table_combinations').where('id', '=', c.id).execute();
        await trx.deleteFrom('dining_tables').where('id', '=', id).execute();
        return tableView(toTable(row));
      });
    },

    async createCombination(body: { tableIds: number[]; minCovers: number; maxCovers: number }): Promise<TableCombinationView> {
      const known = new Set((await tables()).map((t) => t.id));
      const missing = body.tableIds.filter((tid) => !known.has(tid));
      if (missing.length > 0) throw badRequest(`tableIds: no table with the id ${missing.join(', ')}`);
      const row = await db
        .insertInto('table_combinations')
        .values({ table_ids: JSON.stringify(body.tableIds), min_covers: body.minCovers, max_covers: body.maxCovers, created_at: new Date().toISOString() })
        .returning(['id'])
        .executeTakeFirstOrThrow();
      return combinationView({ id: row.id, tableIds: body.tableIds, minCovers: body.minCovers, maxCovers: body.maxCovers });
    },

    async removeCombination(id: number): Promise<TableCombinationView> {
      const row = await db.deleteFrom('table_combinations').where('id', '=', id).returning(['id', 'table_ids', 'min_covers', 'max_covers']).executeTakeFirst();
      if (!row) throw notFound('No table combination with this id');
      return combinationView({ id: row.id, tableIds: JSON.parse(row.table_ids) as number[], minCovers: row.min_covers, maxCovers: row.max_covers });
    },
  };
}

export type TablesService = ReturnType<typeof createTablesService>;
