import { sql } from 'kysely';
import { describe, expect, test as plainTest } from 'vitest';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import type { Branch } from '../../../src/shared/contract/branches.ts';
import type { RestaurantSettings } from '../../../src/shared/contract/restaurant.ts';
import { createAccount } from '../../support/factories.ts';
import { openGulshan } from '../../support/branches.ts';
import { call } from '../../support/records.ts';
import { useStaffOrderWorld } from '../../support/staff-orders.ts';
import type { TestApp } from '../../support/test-app.ts';
import { useUnmigratedDatabase } from '../../support/unmigrated-database.ts';

/**
 * Issue 57 (docs/reference/branches.md "What belongs to whom": the brand owns its name, a branch
 * its own; decision 062): the brand's name is its own row (migration 0043), so the first branch
 * can be named "Dhanmondi" under the brand "Kacchi Bhai". `GET /api/v1/restaurant` answers the
 * brand's name at every branch; `GET /api/v1/branches` each branch's. The brand is renamed by
 * `PATCH /api/v1/restaurant` (brand admins only; with one branch its branch too, as the two are
 * one), a branch by `PATCH /api/v1/branches/{id}`. A branch admin's save of the whole settings
 * form, the brand's fields sent as they are, is taken. On both engines.
 */
describe('migration 0043: the brand gets its own name', () => {
  const opened = useUnmigratedDatabase();

  plainTest("the brand is named as today's restaurant; down drops the row", async () => {
    const { db } = opened();
    await migrateToLatest(db, '0042-day-lookups-by-branch');
    const body = JSON.stringify({ name: 'Kacchi Bhai', address: '1 Road' });
    await sql`delete from restaurant_settings`.execute(db);
    await sql`insert into restaurant_settings (id, body, updated_at) values (1, ${body}, '2026-11-30T00:00:00.000Z')`.execute(
      db,
    );
    await migrateToLatest(db);
    expect((await sql<{ id: number; name: string }>`select id, name from brand_settings`.execute(db)).rows).toEqual([
      { id: 1, name: 'Kacchi Bhai' },
    ]);
    // One row only.
    await expect(
      sql`insert into brand_settings (id, name, updated_at) values (2, 'Other', '2026-11-30T00:00:00.000Z')`.execute(
        db,
      ),
    ).rejects.toThrow();
    await migrateToLatest(db, '0042-day-lookups-by-branch');
    expect((await db.introspection.getTables()).some((table) => table.name === 'brand_settings')).toBe(false);
  });
});

const ADMIN = { email: 'brand-name@example.com', password: 'brand-name-password' };
const test = useStaffOrderWorld(ADMIN, () => Date.parse('2026-06-01T12:00:00.000Z'));

const settingsAt = async (t: TestApp, query = '') =>
  (await call(t, 'GET', `/api/v1/restaurant${query}`, undefined)).json<{ data: RestaurantSettings }>().data;
const branchNames = async (t: TestApp) =>
  (await call(t, 'GET', '/api/v1/branches', undefined)).json<{ data: Branch[] }>().data.map((b) => b.name);

describe("the brand's name and its branches' names", () => {
  test('with one branch the brand and its branch are renamed together', async ({ t, admin }) => {
    const renamed = await call(t, 'PATCH', '/api/v1/restaurant', admin, { name: 'Kacchi Bhai' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ data: RestaurantSettings }>().data.name).toBe('Kacchi Bhai');
    expect((await settingsAt(t)).name).toBe('Kacchi Bhai');
    expect(await branchNames(t)).toEqual(['Kacchi Bhai']);
  });

  test('from the second branch on the brand and each branch have names of their own', async ({ t, admin }) => {
    const brand = (await settingsAt(t)).name;
    await openGulshan(t, admin);
    // The first branch renamed: the brand keeps its name, at every branch.
    const first = await call(t, 'PATCH', '/api/v1/branches/1', admin, { name: 'Dhanmondi' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ data: Branch }>().data.name).toBe('Dhanmondi');
    expect(await branchNames(t)).toEqual(['Dhanmondi', 'Gulshan']);
    expect([(await settingsAt(t)).name, (await settingsAt(t, '?branch=gulshan')).name]).toEqual([brand, brand]);

    // The brand renamed at Gulshan: every branch answers it, and no branch's own name changes.
    const renamed = await call(t, 'PATCH', '/api/v1/restaurant?branch=gulshan', admin, { name: 'Kacchi Bhai' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ data: RestaurantSettings }>().data.name).toBe('Kacchi Bhai');
    expect([(await settingsAt(t)).name, (await settingsAt(t, '?branch=2')).name]).toEqual([
      'Kacchi Bhai',
      'Kacchi Bhai',
    ]);
    expect(await branchNames(t)).toEqual(['Dhanmondi', 'Gulshan']);
    expect(
      (await t.database.db.selectFrom('brand_settings').select(['id', 'name']).execute()).map((r) => [r.id, r.name]),
    ).toEqual([[1, 'Kacchi Bhai']]);
    // A name the settings' rule refuses is refused for a branch too.
    expect((await call(t, 'PATCH', '/api/v1/branches/2', admin, { name: '' })).statusCode).toBe(400);
  });

  test("a branch admin saves the whole form; the brand's fields changed are refused", async ({ t, admin }) => {
    // The world is the file's: Gulshan was opened above.
    if (!(await branchNames(t)).includes('Gulshan')) await openGulshan(t, admin);
    const account = await createAccount(t.app, { name: 'Dhanmondi Admin' });
    const held = await call(t, 'PATCH', `/api/v1/users/users/${account.userId}`, admin, {
      role: 'admin',
      branches: ['1'],
    });
    expect(held.statusCode, held.body).toBe(200);
    const before = await settingsAt(t);

    // The settings page sends every field, the brand's as they are: taken.
    const { openingHours, closedDates, ...rest } = before;
    const saved = await call(t, 'PATCH', '/api/v1/restaurant', account, {
      ...rest,
      openingHours,
      closedDates,
      address: 'Road 2, Dhanmondi',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await settingsAt(t)).address).toBe('Road 2, Dhanmondi');

    for (const change of [{ name: 'Their Own Brand' }, { currency: 'EUR' }, { language: 'bn' }]) {
      const refused = await call(t, 'PATCH', '/api/v1/restaurant', account, change);
      expect([refused.statusCode, refused.json<{ message: string }>().message], JSON.stringify(change)).toEqual([
        403,
        "Only the brand's administrators may do this",
      ]);
    }
    const after = await settingsAt(t);
    expect([after.name, after.currency, after.language]).toEqual([before.name, before.currency, before.language]);
    expect((await call(t, 'PATCH', '/api/v1/branches/1', account, { name: 'Mine' })).statusCode).toBe(403);
  });
});
