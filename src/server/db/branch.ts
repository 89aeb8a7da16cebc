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
