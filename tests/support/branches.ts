import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../src/server/db/schema.ts';

/**
 * A branch beside the demo's branch 1, written straight into `branches` (no API makes one yet,
 * decision 062): Gulshan, open, unless told otherwise. Written before any call reads the branches
 * (the server keeps their directory until they change).
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
