import { type Kysely, sql } from 'kysely';
import type { AppDatabase } from './schema.ts';

/**
 * A branch's id as the server passes it (decision 062): a number branded so that a plain number
 * (a ticket's id, a count) is not one. A branch-scoped repository is made with one
 * (`createTablesRepository(db, branch)`), so that none of its queries can be written without it.
 * It comes from the request (`branchOf`, src/server/http/request-branch.ts) or from a row.
 */
declare const branchBrand: unique symbol;
export type BranchId = number & { readonly [branchBrand]: true };

/** A branch id read from a row or a request that names an existing branch. */
export const asBranchId = (id: number): BranchId => id as BranchId;

/**
 * The branch every branch-scoped write and keyed read names where the request's branch is not
 * yet handed down (decision 062, phase 2b: the request's branch reaches the modules one by one;
 * the tables module takes it from the request). Migration 0036 made today's install branch 1
 * and migration 0037 gave every scoped row its branch; the per-branch keys are named with this
 * one constant, never a literal 1, so that each remaining use is a place the request's branch is
 * still to reach.
 */
export const MAIN_BRANCH_ID = asBranchId(1);

/**
 * Every table whose rows belong to a branch (migration 0037 gave each its `branch_id`, 0041 the
 * bag's lines, `orders`). Each is
 * read and written by its own module's repository at a branch; this list serves only the brand's
 * one question about all of them: whether a branch has any row at all (`branchHasRows`).
 */
export const BRANCH_SCOPED_TABLES = [
  'dining_tables',
  'table_combinations',
  'reservations',
  'table_holds',
  'tickets',
  'ticket_lines',
  'ticket_keys',
  'bills',
  'bill_discounts',
  'bill_payments',
  'bill_refunds',
  'payments',
  'payment_refunds',
  'cash_counts',
  'kitchen_buckets',
  'kitchen_bucket_changes',
  'kitchen_bucket_rules',
  'day_numbers',
  'receipt_counter',
  'printers',
  'print_jobs',
  'audit_entries',
  'orders',
] as const;

/**
 * What a branch sells (migration 0040, decision 068): its word on the brand's dishes, not its
 * history. A branch without history is removed with these rows; they do not make it archived.
 */
export const BRANCH_MENU_TABLES = ['branch_menu', 'branch_option_values'] as const;

/** Whether any branch-scoped row names `branch`: a branch with rows has history, and is archived rather than deleted. */
export async function branchHasRows(executor: Kysely<AppDatabase>, branch: BranchId): Promise<boolean> {
  for (const table of BRANCH_SCOPED_TABLES) {
    const found = await sql`select 1 as found from ${sql.table(table)} where branch_id = ${branch} limit 1`.execute(
      executor,
    );
    if (found.rows.length > 0) return true;
  }
  return false;
}
