import type { Kysely } from 'kysely';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { settingsFromStored, storedSettingsBody } from '../../db/stored-settings.ts';

/**
 * All SQL of the restaurant's settings: one JSON row (id 1), its amounts kept in minor units
 * (stored-settings.ts). Each function takes the handle to run on.
 */
export function createRestaurantRepository() {
  return {
    /** The stored settings as the contract has them, unchecked (the caller parses them); undefined when none are stored. */
    async read(executor: Kysely<AppDatabase>): Promise<unknown> {
      const row = await executor
        .selectFrom('restaurant_settings')
        .select('body')
        .where('id', '=', 1)
        .executeTakeFirst();
      return row ? settingsFromStored(row.body) : undefined;
    },

    /** Writes the settings (the row made if missing). */
    async write(trx: Kysely<AppDatabase>, settings: RestaurantSettings, at: string): Promise<void> {
      const body = storedSettingsBody(settings);
      await trx
        .insertInto('restaurant_settings')
        .values({ id: 1, body, updated_at: at })
        .onConflict((oc) => oc.column('id').doUpdateSet({ body, updated_at: at }))
        .execute();
    },
  };
}
