import { describe, expect, it } from 'vitest';
import { MAIN_BRANCH_ID } from '../../../src/server/db/branch.ts';
import { DEMO_SETTINGS } from '../../../src/server/db/seed/demo-restaurant.ts';
import { createRestaurantService } from '../../../src/server/modules/restaurant/restaurant.service.ts';
import { heldSettingsReads } from '../../support/held-settings-reads.ts';
import { usePreparedDatabase } from '../../support/prepared-database.ts';

/**
 * A branch's settings are read once for every request that wants them at the same time, and a
 * read begun before a change is never kept after it (restaurant.service.ts; the second on
 * PostgreSQL, postgres-settings-reads.test.ts: a held read keeps SQLite's one connection). The
 * reads of `restaurant_settings` are counted, and their results held back until the test lets
 * them go, by a Kysely plugin on the service's handle. Both engines.
 */
describe('a branch’s settings read', () => {
  const database = usePreparedDatabase();

  it('once for twenty requests arriving together, and again only after a change', async () => {
    const held = heldSettingsReads();
    const service = createRestaurantService(database().db.withPlugin(held.plugin), DEMO_SETTINGS);
    held.hold();
    const asked = Array.from({ length: 20 }, () => service.at(MAIN_BRANCH_ID).get());
    await expect.poll(() => held.reads()).toBe(1);
    held.release();
    const answers = await Promise.all(asked);
    expect(new Set(answers.map((settings) => settings.name)).size).toBe(1);
    await service.at(MAIN_BRANCH_ID).get();
    expect(held.reads()).toBe(1);
    service.invalidate();
    await service.at(MAIN_BRANCH_ID).get();
    expect(held.reads()).toBe(2);
  });
});
