import { describe, expect, it } from 'vitest';
import { MAIN_BRANCH_ID } from '../../../src/server/db/branch.ts';
import { DEMO_SETTINGS } from '../../../src/server/db/seed/demo-restaurant.ts';
import { createRestaurantService } from '../../../src/server/modules/restaurant/restaurant.service.ts';
import { heldSettingsReads } from '../../support/held-settings-reads.ts';
import { usePreparedDatabase } from '../../support/prepared-database.ts';

/**
 * A read of a branch's settings begun before a change is never kept after it
 * (restaurant.service.ts): the read's result is held back (a Kysely plugin on the service's
 * handle) while another server's service on the same database changes the settings and this one
 * is told, as LISTEN/NOTIFY tells it (`invalidate`). PostgreSQL: the held read keeps its own
 * pooled connection while the other writes (SQLite has one).
 */
describe('a branch’s settings read', () => {
  const database = usePreparedDatabase();

  it('does not keep what a read begun before a change found', async () => {
    const held = heldSettingsReads();
    const here = createRestaurantService(database().db.withPlugin(held.plugin), DEMO_SETTINGS);
    const elsewhere = createRestaurantService(database().db, DEMO_SETTINGS);
    const before = (await elsewhere.at(MAIN_BRANCH_ID).get()).phone;
    held.hold();
    const early = here.at(MAIN_BRANCH_ID).get();
    await expect.poll(() => held.reads()).toBe(1);
    // Another server changes the phone, and this one is told while its read is still on its way.
    await elsewhere.at(MAIN_BRANCH_ID).update({ phone: '+880 1700-000999' }, 'admin');
    here.invalidate();
    held.release();
    expect((await early).phone).toBe(before);
    expect((await here.at(MAIN_BRANCH_ID).get()).phone).toBe('+880 1700-000999');
  });
});
