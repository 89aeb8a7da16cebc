import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../src/server/db/schema.ts';
import type { TestAccount } from './factories.ts';
import { call } from './records.ts';
import type { TestApp } from './test-app.ts';

/**
 * A branch beside the demo's branch 1, written straight into `branches` (its id, position and
 * archiving chosen, which POST /api/v1/branches does not let a test choose): Gulshan, open, unless
 * told otherwise. Written before any call reads the branches (the server keeps their directory
 * until they change through the API), or followed by `forgetBranches`.
 */
export function addBranch(
  db: Kysely<AppDatabase>,
  branch: Partial<{
    id: number;
    slug: string;
    name_bn: string | null;
    position: number;
    archived_at: string | null;
  }> = {},
) {
  return db
    .insertInto('branches')
    .values({
      id: 2,
      slug: 'gulshan',
      name_bn: 'গুলশান',
      position: 2,
      archived_at: null,
      created_at: '2026-11-01T00:00:00Z',
      ...branch,
    })
    .execute();
}

/**
 * After `addBranch` in a test whose app has already read the branches (any call of branch-scoped
 * data does): the app reads them again, as every server does after a branch write through the
 * API — here a PATCH of branch 1 that changes nothing.
 */
export async function forgetBranches(t: TestApp, admin: TestAccount): Promise<void> {
  const first = await t.database.db
    .selectFrom('branches')
    .select('position')
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  const res = await call(t, 'PATCH', '/api/v1/branches/1', admin, { position: first.position });
  if (res.statusCode !== 200) throw new Error(`the branches were not read again: ${res.statusCode} ${res.body}`);
}

/** Gulshan as a brand admin opens it (POST /api/v1/branches). */
export const GULSHAN = {
  slug: 'gulshan',
  name: 'Gulshan',
  address: 'Road 11, Gulshan 2',
  phone: '+880 1711-000002',
  timeZone: 'UTC',
};

/** Opens Gulshan through the API, as its brand admin does; its branch id. */
export async function openGulshan(t: TestApp, admin: TestAccount): Promise<string> {
  const res = await call(t, 'POST', '/api/v1/branches', admin, GULSHAN);
  if (res.statusCode !== 201) throw new Error(`Gulshan was not opened: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { _id: string } }>().data._id;
}
