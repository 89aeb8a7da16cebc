import type { Kysely } from 'kysely';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { type BranchId, asBranchId } from '../../db/branch.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { settingsFromStored, storedSettingsBody } from '../../db/stored-settings.ts';

/**
 * All SQL of the settings: one JSON row per branch, keyed by the branch's id (migration 0038),
 * its amounts kept in minor units (stored-settings.ts). Each function takes the handle to run on.
 */
export function createRestaurantRepository() {
  return {
    /** A branch's stored settings as the contract has them, unchecked (the caller parses them); undefined when none are stored. */
    async read(executor: Kysely<AppDatabase>, branch: BranchId): Promise<unknown> {
      const row = await executor
        .selectFrom('restaurant_settings')
        .select('body')
        .where('id', '=', branch)
        .executeTakeFirst();
      return row ? settingsFromStored(row.body) : undefined;
    },

    /** Writes a branch's settings (the row made if missing). */
    async write(trx: Kysely<AppDatabase>, branch: BranchId, settings: RestaurantSettings, at: string): Promise<void> {
      const body = storedSettingsBody(settings);
      await trx
        .insertInto('restaurant_settings')
        .values({ id: branch, body, updated_at: at })
        .onConflict((oc) => oc.column('id').doUpdateSet({ body, updated_at: at }))
        .execute();
    },

    async remove(trx: Kysely<AppDatabase>, branch: BranchId): Promise<void> {
      await trx.deleteFrom('restaurant_settings').where('id', '=', branch).execute();
    },

    /** The brand's own name (migration 0043); undefined while no row is written (the brand is then named as its first branch). */
    async brandName(executor: Kysely<AppDatabase>): Promise<string | undefined> {
      const row = await executor.selectFrom('brand_settings').select('name').where('id', '=', 1).executeTakeFirst();
      return row?.name;
    },

    async writeBrandName(trx: Kysely<AppDatabase>, name: string, at: string): Promise<void> {
      await trx
        .insertInto('brand_settings')
        .values({ id: 1, name, updated_at: at })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name, updated_at: at }))
        .execute();
    },

    /** How many branches the brand has, archived ones too (with one, the brand and its branch are one). */
    async branchCount(trx: Kysely<AppDatabase>): Promise<number> {
      const row = await trx
        .selectFrom('branches')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** The ids of the branches with a settings row but `branch` (a brand field changed at one is written to each). */
    async others(trx: Kysely<AppDatabase>, branch: BranchId): Promise<BranchId[]> {
      const rows = await trx.selectFrom('restaurant_settings').select('id').where('id', '<>', branch).execute();
      return rows.map((row) => asBranchId(row.id));
    },
  };
}
