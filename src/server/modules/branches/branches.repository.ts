import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/schema.ts';
import type { BranchesTable } from '../../db/schema/system.ts';

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

    /** The id and position a new branch takes: one past the highest of each (ids are never reused: an archived branch keeps its own). */
    async next(): Promise<{ id: number; position: number }> {
      const row = await db
        .selectFrom('branches')
        .select((eb) => [eb.fn.max<number>('id').as('id'), eb.fn.max<number>('position').as('position')])
        .executeTakeFirstOrThrow();
      return { id: Number(row.id ?? 0) + 1, position: Number(row.position ?? 0) + 1 };
    },

    async insert(row: BranchesTable): Promise<void> {
      await db.insertInto('branches').values(row).execute();
    },

    /** Changes a branch's own columns; false when there is no such branch. */
    async update(
      id: number,
      set: Partial<Pick<BranchesTable, 'slug' | 'name_bn' | 'position' | 'archived_at'>>,
    ): Promise<boolean> {
      const result = await db.updateTable('branches').set(set).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('branches').where('id', '=', id).execute();
    },
  };
}

export type BranchesRepository = ReturnType<typeof createBranchesRepository>;
