import type { Kysely } from 'kysely';

/**
 * Roles held at branches (issue 57, docs/reference/branches.md "Who may do what", decision 062):
 * `users.branches`, the ids of the branches a staff member or administrator holds their role
 * at, as a JSON array; null (every account today) is every branch: an administrator without a
 * list is a brand admin, and staff without one work at every branch as before there were
 * branches. A guest's is always null: guests are the brand's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('branches', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('branches').execute();
}
