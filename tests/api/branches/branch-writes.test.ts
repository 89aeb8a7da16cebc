import { describe, expect } from 'vitest';
import type { Branch } from '../../../src/shared/contract/branches.ts';
import type { RestaurantSettings } from '../../../src/shared/contract/restaurant.ts';
import { call } from '../../support/records.ts';
import { named, order, useStaffOrderWorld } from '../../support/staff-orders.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * Issue 57 (docs/reference/branches.md "The API", decision 062): brand admins make, change and
 * archive branches. A branch is made with its own settings row (its place as given, its rules
 * the first branch's to start from); its settings are read and changed at it
 * (`/api/v1/restaurant?branch=`), the brand's fields at every branch at once; a branch with
 * history is archived (410), one without is removed, the last open one neither. On both engines.
 */
const ADMIN = { email: 'branch-writes@example.com', password: 'branch-writes-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const test = useStaffOrderWorld(ADMIN, () => NOW);

const GULSHAN = {
  slug: 'gulshan',
  name: 'Saffron Gulshan',
  translations: { bn: { name: 'গুলশান' } },
  address: 'Road 11, Gulshan 2, Dhaka',
  phone: '+880 1711-000002',
  timeZone: 'Asia/Dhaka',
};

const settingsAt = async (t: TestApp, query: string) =>
  (await call(t, 'GET', `/api/v1/restaurant${query}`, undefined)).json<{ data: RestaurantSettings }>().data;

describe('branch writes', () => {
  test('a branch is made with its own settings; its place changes at it, the brand fields everywhere', async ({
    t,
    admin,
    staff,
  }) => {
    const first = await settingsAt(t, '');
    expect((await call(t, 'POST', '/api/v1/branches', staff, GULSHAN)).statusCode).toBe(403);
    expect((await call(t, 'POST', '/api/v1/branches', undefined, GULSHAN)).statusCode).toBe(401);
    const made = await call(t, 'POST', '/api/v1/branches', admin, GULSHAN);
    expect(made.statusCode).toBe(201);
    const branch = made.json<{ data: Branch }>().data;
    expect(branch).toMatchObject({
      _id: '2',
      slug: 'gulshan',
      name: 'Saffron Gulshan',
      translations: { en: { name: 'Saffron Gulshan' }, bn: { name: 'গুলশান' } },
      address: GULSHAN.address,
      timeZone: 'Asia/Dhaka',
      openingHours: first.openingHours,
    });
    const listed = (await call(t, 'GET', '/api/v1/branches', undefined)).json<{ data: Branch[] }>().data;
    expect(listed.map((b) => b.slug)).toEqual([listed[0]!.slug, 'gulshan']);

    // Its settings are its own row: the place as given, the rules the first branch's.
    const rows = await t.database.db.selectFrom('restaurant_settings').select('id').orderBy('id').execute();
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
    const gulshan = await settingsAt(t, '?branch=gulshan');
    // `name` in the settings is the brand's (decision 062); the branch's own is the branches'.
    expect(gulshan).toMatchObject({ name: first.name, address: GULSHAN.address, timeZone: 'Asia/Dhaka' });
    expect(gulshan.kitchen).toEqual(first.kitchen);
    expect(gulshan.reservations).toEqual(first.reservations);

    // A place changed at Gulshan is Gulshan's only; the currency changed at the first branch is every branch's.
    const moved = await call(t, 'PATCH', '/api/v1/restaurant?branch=gulshan', admin, { address: 'Road 99, Gulshan' });
    expect(moved.statusCode).toBe(200);
    expect((await settingsAt(t, '')).address).toBe(first.address);
    expect((await call(t, 'GET', '/api/v1/branches/gulshan', undefined)).json<{ data: Branch }>().data.address).toBe(
      'Road 99, Gulshan',
    );
    expect((await call(t, 'PATCH', '/api/v1/restaurant', admin, { currency: 'BDT' })).statusCode).toBe(200);
    expect([(await settingsAt(t, '')).currency, (await settingsAt(t, '?branch=2')).currency]).toEqual(['BDT', 'BDT']);
    expect((await settingsAt(t, '?branch=2')).address).toBe('Road 99, Gulshan');

    // Slugs: unique, not only digits, never "all".
    const taken = await call(t, 'POST', '/api/v1/branches', admin, { ...GULSHAN, name: 'Another' });
    expect([taken.statusCode, taken.json<{ message: string }>().message]).toEqual([
      409,
      'Another branch already has this slug',
    ]);
    for (const slug of ['all', '123', 'Gulshan', 'two--hyphens'])
      expect((await call(t, 'POST', '/api/v1/branches', admin, { ...GULSHAN, slug })).statusCode, slug).toBe(400);

    // Renamed, the old slug names nothing (every server forgets its directory).
    const renamed = await call(t, 'PATCH', '/api/v1/branches/2', admin, { slug: 'gulshan-2', position: 7 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<{ data: Branch }>().data.slug).toBe('gulshan-2');
    expect((await call(t, 'GET', '/api/v1/restaurant?branch=gulshan', undefined)).statusCode).toBe(404);
    expect((await settingsAt(t, '?branch=gulshan-2')).address).toBe('Road 99, Gulshan');
    expect((await call(t, 'GET', '/api/v1/branches/gulshan-2', undefined)).json<{ data: Branch }>().data.name).toBe(
      'Saffron Gulshan',
    );
    expect((await call(t, 'PATCH', '/api/v1/branches/99', admin, { position: 2 })).statusCode).toBe(404);
  });

  test('two branches added at once both land; removed without history, archived with it, never the last', async ({
    t,
    admin,
    staff,
    dishes,
  }) => {
    const [uttara, banani] = await Promise.all([
      call(t, 'POST', '/api/v1/branches', admin, { ...GULSHAN, slug: 'uttara', name: 'Saffron Uttara' }),
      call(t, 'POST', '/api/v1/branches', admin, { ...GULSHAN, slug: 'banani', name: 'Saffron Banani' }),
    ]);
    expect([uttara!.statusCode, banani!.statusCode]).toEqual([201, 201]);
    const ids = [uttara!.json<{ data: Branch }>().data._id, banani!.json<{ data: Branch }>().data._id];
    expect(new Set(ids).size).toBe(2);

    // Uttara has no row anywhere: removed, with its settings row.
    const uttaraId = Number(ids[0]);
    const removed = await call(t, 'DELETE', `/api/v1/branches/${uttaraId}`, admin);
    expect(removed.json<{ data: { archived: boolean } }>().data.archived).toBe(false);
    expect(await t.database.db.selectFrom('branches').select('id').where('id', '=', uttaraId).execute()).toEqual([]);
    expect(
      await t.database.db.selectFrom('restaurant_settings').select('id').where('id', '=', uttaraId).execute(),
    ).toEqual([]);

    // Gulshan took an order: archived, its pages 410, its row and order kept.
    const placed = await call(t, 'POST', '/api/v1/tickets?branch=gulshan-2', staff, order(named(dishes, 'Beef Tacos')));
    expect(placed.statusCode).toBe(201);
    const archived = await call(t, 'DELETE', '/api/v1/branches/2', admin);
    expect(archived.json<{ data: { archived: boolean } }>().data.archived).toBe(true);
    expect((await call(t, 'GET', '/api/v1/branches/gulshan-2', undefined)).statusCode).toBe(410);
    expect((await call(t, 'PATCH', '/api/v1/branches/2', admin, { position: 3 })).statusCode).toBe(410);
    expect(await t.database.db.selectFrom('tickets').select('branch_id').execute()).toEqual([{ branch_id: 2 }]);

    // The first branch and Banani are left; Banani goes, then the first branch is the last open one.
    expect((await call(t, 'DELETE', `/api/v1/branches/${ids[1]}`, admin)).statusCode).toBe(200);
    const last = await call(t, 'DELETE', '/api/v1/branches/1', admin);
    expect([last.statusCode, last.json<{ message: string }>().message]).toEqual([
      409,
      'The brand keeps at least one open branch',
    ]);
    expect((await call(t, 'DELETE', '/api/v1/branches/1', staff)).statusCode).toBe(403);
  });
});
