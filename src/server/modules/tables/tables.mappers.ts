import type { DiningTableView, TableCombinationView } from '../../../shared/contract/tables.ts';
import type { DiningTable, TableCombination } from '../../../shared/domain/availability.ts';

/** Rows of the dining room in the shapes of the domain (availability.ts) and of the contract (docs/reference/operations.md). */

export const TABLE_COLUMNS = ['id', 'name', 'min_covers', 'max_covers', 'active'] as const;
export type TableRow = { id: number; name: string; min_covers: number; max_covers: number; active: number };
export type CombinationRow = { id: number; table_ids: string; min_covers: number; max_covers: number };

/** What one reservation holds of one table, as the availability rules read it. */
export interface TableHold {
  reservationId: number;
  tableId: number;
  startsAt: string;
  endsAt: string;
}

export const toTable = (row: TableRow): DiningTable => ({
  id: row.id,
  name: row.name,
  minCovers: row.min_covers,
  maxCovers: row.max_covers,
  active: Number(row.active) === 1,
});
export const toCombination = (row: CombinationRow): TableCombination => ({
  id: row.id,
  tableIds: JSON.parse(row.table_ids) as number[],
  minCovers: row.min_covers,
  maxCovers: row.max_covers,
});
export const tableView = (t: DiningTable): Omit<DiningTableView, 'branchId'> => ({
  _id: String(t.id),
  name: t.name,
  minCovers: t.minCovers,
  maxCovers: t.maxCovers,
  active: t.active,
});
export const combinationView = (c: TableCombination): Omit<TableCombinationView, 'branchId'> => ({
  _id: String(c.id),
  tableIds: c.tableIds.map(String),
  minCovers: c.minCovers,
  maxCovers: c.maxCovers,
});

/** Instants are ISO text on SQLite and timestamptz (a Date when read) on PostgreSQL. */
export const iso = (value: string | Date) =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();
