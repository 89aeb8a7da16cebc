import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/schema.ts';
import type { BranchesTable } from '../../db/schema/system.ts';
import { settingsFromStored } from '../../db/stored-settings.ts';

export type BranchRow = Pick<BranchesTable, 'id' | 'slug' | 'name_bn' | 'position' | 'archived_at'>;

const COLUMNS = ['id', 'slug', 'name_bn', 'position', 'archived_at'] as const;

/**
 * All SQL of the branches (decision 062). The `branches` table itself belongs to the brand, not
 * to a branch, so its reads take no branch; a branch's place fields are read from its settings
 * row (`restaurant_settings` with the branch's id).
 */
export function createBranchesRepository(db: Kysely<AppDatabase>) {
  return {
    /** The branches not archived, in their order. */
    async listOpen(): Promise<BranchRow[]> {
      return db
        .selectFrom('branches')
        .select(COLUMNS)
        .where('archived_at', 'is', null)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    /** Every branch, archived or not, in their order (the directory a request's branch is found in). */
    async listAll(): Promise<BranchRow[]> {
      return db.selectFrom('branches').select(COLUMNS).orderBy('position').orderBy('id').execute();
    },

    /** One branch by id or slug, archived or not; undefined when there is none. */
    async find(key: { id: number } | { slug: string }): Promise<BranchRow | undefined> {
      const query = db.selectFrom('branches').select(COLUMNS);
      return ('id' in key ? query.where('id', '=', key.id) : query.where('slug', '=', key.slug)).executeTakeFirst();
    },

    /** The stored settings of some branches as the contract has them, unchecked (the caller parses them), by branch id. */
    async settingsOf(ids: number[]): Promise<Map<number, unknown>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('restaurant_settings').select(['id', 'body']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, settingsFromStored(row.body)]));
    },
  };
}

export type BranchesRepository = ReturnType<typeof createBranchesRepository>;
