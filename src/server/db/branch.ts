/**
 * The branch every branch-scoped write and keyed read names until the request carries its own
 * (decision 062, phase 2b: the request hook and the repositories made per branch). Migration
 * 0036 made today's install branch 1 and migration 0037 gave every scoped row its branch; the
 * per-branch keys (day numbers, the receipt counter, the kitchen's buckets and rules, table
 * names) are named with this one constant, never a literal 1, so that phase 2b replaces it in
 * one sweep.
 */
export const MAIN_BRANCH_ID = 1;
