import { sql } from 'kysely';
import { describe, expect, test as plainTest } from 'vitest';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import { slugOf0036 } from '../../../src/server/db/migrations/0036-branches.ts';
import { bearer } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { useUnmigratedDatabase } from '../../support/unmigrated-database.ts';

/**
 * Issue 57 phase 1 (docs/reference/branches.md, decision 062): migration 0036 makes today's
 * install the brand's branch 1, its slug from the restaurant's name; GET /api/v1/branches and
 * GET /api/v1/branches/{idOrSlug} answer the open branches with their place from their
 * settings, their names in the reader's language and "open now" on the branch's own clock.
 * On SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

describe('migration 0036: the install becomes branch 1', () => {
  const opened = useUnmigratedDatabase();

  plainTest('its slug is made from the restaurant\'s name, "main" when that leaves nothing', async () => {
    const { db } = opened();
    await migrateToLatest(db, '0035-search-without-invisible-characters');
    const body = (name: string) => JSON.stringify({ name, address: '1 Road', phone: '+880 1', timeZone: 'Asia/Dhaka' });
    await sql`insert into restaurant_settings (id, body, updated_at) values (1, ${body('Kacchi Bhai — Dhanmondi')}, '2026-11-29T00:00:00.000Z')`.execute(
      db,
    );
    await migrateToLatest(db);
    expect(
      (
        await sql<{
          id: number;
          slug: string;
          name_bn: string | null;
          position: number;
          archived_at: string | null;
        }>`select id, slug, name_bn, position, archived_at from branches`.execute(db)
      ).rows,
    ).toEqual([{ id: 1, slug: 'kacchi-bhai-dhanmondi', name_bn: null, position: 1, archived_at: null }]);

    // Down and up again with a name in Bangla only: nothing of it is ASCII.
    await migrateToLatest(db, '0035-search-without-invisible-characters');
    expect((await db.introspection.getTables()).some((table) => table.name === 'branches')).toBe(false);
    await sql`update restaurant_settings set body = ${body('কাচ্চি ঘর')} where id = 1`.execute(db);
    await migrateToLatest(db);
    expect((await sql<{ slug: string }>`select slug from branches where id = 1`.execute(db)).rows[0]?.slug).toBe(
      'main',
    );
    // The slug is unique.
    await expect(
      sql`insert into branches (id, slug, position, created_at) values (2, 'main', 2, '2026-11-29T00:00:00.000Z')`.execute(
        db,
      ),
    ).rejects.toThrow();
  });

  plainTest('the slug rule: lower case, ASCII letters and digits, single hyphens', () => {
    expect(slugOf0036('Saffron Table')).toBe('saffron-table');
    expect(slugOf0036('  Café Ñandú & Co. ')).toBe('cafe-nandu-co');
    expect(slugOf0036('২৪/৭')).toBe('main');
    expect(slugOf0036('')).toBe('main');
    expect(slugOf0036('a'.repeat(59) + ' b')).toBe('a'.repeat(59));
  });
});

const ADMIN = { email: 'branches-owner@example.com', password: 'branches-owner-password' };
// Wednesday 2 December 2026, 12:00 in Dhaka (UTC+6): lunch is on.
const NOON = Date.parse('2026-12-02T06:00:00.000Z');
let clock = NOON;
const test = useRecordsWorld(ADMIN, { clock: () => clock });

describe('GET /api/v1/branches', () => {
  test('a fresh install has one branch, "main", with the restaurant\'s place, open at noon', async ({ t }) => {
    clock = NOON;
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/branches' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const settings = (await t.app.inject({ method: 'GET', url: '/api/v1/restaurant' })).json<{
      data: { name: string; address: string; phone: string; timeZone: string; openingHours: unknown[] };
    }>().data;
    expect(res.json()).toEqual({
      data: [
        {
          _id: '1',
          slug: 'main',
          name: settings.name,
          translations: { en: { name: settings.name }, bn: { name: '' } },
          address: settings.address,
          phone: settings.phone,
          timeZone: 'Asia/Dhaka',
          openNow: true,
          closesAt: '15:00',
          nextOpening: null,
          openingHours: settings.openingHours,
          closedDates: [],
        },
      ],
    });
  });

  test('closed between lunch and dinner: it opens at 17:30 the same day', async ({ t }) => {
    clock = Date.parse('2026-12-02T10:00:00.000Z'); // 16:00 in Dhaka
    const [branch] = (await t.app.inject({ method: 'GET', url: '/api/v1/branches' })).json<{
      data: { openNow: boolean; closesAt: string | null; nextOpening: unknown }[];
    }>().data;
    expect(branch).toMatchObject({
      openNow: false,
      closesAt: null,
      nextOpening: { date: '2026-12-02', time: '17:30', weekday: 3, at: '2026-12-02T11:30:00.000Z' },
    });
  });

  test('a closed date is skipped: late on Wednesday, with Thursday closed, it opens on Friday', async ({
    t,
    admin,
  }) => {
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/restaurant',
      headers: bearer(admin),
      payload: { closedDates: ['2026-12-03'] },
    });
    expect(patched.statusCode).toBe(200);
    clock = Date.parse('2026-12-02T17:45:00.000Z'); // 23:45 in Dhaka
    const one = (await t.app.inject({ method: 'GET', url: '/api/v1/branches/main' })).json<{
      data: { openNow: boolean; nextOpening: unknown; closedDates: string[] };
    }>().data;
    expect(one).toMatchObject({
      openNow: false,
      nextOpening: { date: '2026-12-04', time: '11:00', weekday: 5, at: '2026-12-04T05:00:00.000Z' },
      closedDates: ['2026-12-03'],
    });
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/restaurant',
      headers: bearer(admin),
      payload: { closedDates: [] },
    });
    clock = NOON;
  });

  test("names in the reader's language: Bangla where written, English where not", async ({ t }) => {
    clock = NOON;
    await t.database.db.updateTable('branches').set({ name_bn: 'সাফরন টেবিল' }).where('id', '=', 1).execute();
    const english = (await t.app.inject({ method: 'GET', url: '/api/v1/branches?lang=en' })).json<{
      data: { name: string; translations: unknown }[];
    }>().data[0];
    expect(english?.name).toBe('Saffron Table');
    expect(english?.translations).toEqual({ en: { name: 'Saffron Table' }, bn: { name: 'সাফরন টেবিল' } });
    const bangla = (
      await t.app.inject({ method: 'GET', url: '/api/v1/branches', headers: { cookie: 'lang=bn' } })
    ).json<{ data: { name: string }[] }>().data[0];
    expect(bangla?.name).toBe('সাফরন টেবিল');
    const one = (
      await t.app.inject({ method: 'GET', url: '/api/v1/branches/1', headers: { 'accept-language': 'bn-BD,bn;q=0.9' } })
    ).json<{ data: { name: string; slug: string } }>().data;
    expect(one).toMatchObject({ name: 'সাফরন টেবিল', slug: 'main' });
    await t.database.db.updateTable('branches').set({ name_bn: null }).where('id', '=', 1).execute();
  });
});

describe('GET /api/v1/branches/{idOrSlug}', () => {
  test('by slug and by id', async ({ t }) => {
    for (const key of ['main', '1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/branches/${key}` });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: { _id: string; slug: string } }>().data).toMatchObject({ _id: '1', slug: 'main' });
    }
  });

  test("an unknown branch is 404, something that is no slug 400, in the project's error shape", async ({ t }) => {
    for (const key of ['gulshan', '99']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/branches/${key}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'No such branch' });
    }
    const bangla = await t.app.inject({ method: 'GET', url: '/api/v1/branches/gulshan?lang=bn' });
    expect(bangla.json()).toEqual({ success: false, message: 'এমন কোনো শাখা নেই' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/branches/Not%20a%20slug' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ success: boolean }>().success).toBe(false);
  });

  test('an archived branch answers 410 and leaves the list', async ({ t }) => {
    await t.database.db
      .insertInto('branches')
      .values({
        id: 2,
        slug: 'old-town',
        name_bn: null,
        position: 2,
        archived_at: '2026-11-01T00:00:00.000Z',
        created_at: '2025-01-01T00:00:00.000Z',
      })
      .execute();
    const gone = await t.app.inject({ method: 'GET', url: '/api/v1/branches/old-town' });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ success: false, message: 'This branch has closed' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/branches/2' })).statusCode).toBe(410);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/branches' })).json<{ data: { slug: string }[] }>()
      .data;
    expect(list.map((branch) => branch.slug)).toEqual(['main']);
    await t.database.db.deleteFrom('branches').where('id', '=', 2).execute();
  });

  test('the open branches come in their order', async ({ t }) => {
    // A branch's place is its settings row's; until phase 2 only branch 1 can have one, so this one reads the defaults.
    await t.database.db
      .insertInto('branches')
      .values({
        id: 3,
        slug: 'uttara',
        name_bn: 'উত্তরা',
        position: 0,
        archived_at: null,
        created_at: '2026-11-29T00:00:00.000Z',
      })
      .execute();
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/branches?lang=bn' })).json<{
      data: { slug: string; name: string }[];
    }>().data;
    expect(list.map((branch) => [branch.slug, branch.name])).toEqual([
      ['uttara', 'উত্তরা'],
      ['main', 'Saffron Table'],
    ]);
    await t.database.db.deleteFrom('branches').where('id', '=', 3).execute();
  });
});
