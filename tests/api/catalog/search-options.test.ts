import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import type { OptionGroup, Product } from '../../../src/shared/contract/catalog.ts';
import { postgresClass } from '../../../src/server/db/migrations/0035-search-without-invisible-characters.ts';
import { DEMO_MENU } from '../../../src/server/db/seed/demo-menu.ts';
import { DEMO_OPTIONS } from '../../../src/server/db/seed/demo-options.ts';
import { createCatalogRepository } from '../../../src/server/modules/catalog/catalog.repository.ts';
import { createCatalogService } from '../../../src/server/modules/catalog/catalog.service.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { call as send } from '../../support/records.ts';
import type { TestApp } from '../../support/test-app.ts';
import { asMinor } from '../../../src/shared/domain/money.ts';

/**
 * The search follows dish options (issue 37, point 5; decision 033), through the HTTP API on
 * SQLite and (with TEST_DATABASE_URL) PostgreSQL: a guest's text finds the dishes offering an
 * option value of that name, with or without its accent, misspelt too; a dish's own words
 * rank above its options'; the admin's edits (a value added, renamed, deleted) reach the next
 * search, and the database's own full-text index (FTS5, tsvector) follows them.
 */

const ADMIN = { email: 'search-options-owner@example.com', password: 'search-options-owner-password' };
const test = useRecordsWorld(ADMIN);

async function names(t: TestApp, text: string): Promise<string[]> {
  const res = await send(t, 'GET', `/api/v1/allProductsData/searchData/?searchText=${encodeURIComponent(text)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Product[]).map((dish) => dish.name);
}

/** The demo dishes with an option value of this name. */
const offering = (value: string) =>
  DEMO_MENU.filter((dish) =>
    (DEMO_OPTIONS[dish.slug] ?? []).some((group) => group.values.some((v) => v.name === value)),
  ).map((dish) => dish.name);

/** The ids the database's own full-text index finds for one word searched as typed (the SQL search, not the index held in memory). */
function sqlSearch(t: TestApp, word: string): number[] | Promise<number[]> {
  return createCatalogRepository(
    t.database.db,
    t.database.engine,
    t.database.engine === 'sqlite' ? t.database.native : undefined,
  ).search([[word]]);
}

describe('searching by a dish option', () => {
  test('finds the dishes offering a value by its name, with or without its accent, and misspelt', async ({ t }) => {
    expect(offering('Extra cheese').length).toBeGreaterThan(1);
    expect((await names(t, 'extra cheese')).sort()).toEqual(offering('Extra cheese').sort());
    expect((await names(t, 'Large')).sort()).toEqual(offering('Large (14")').sort());
    expect(await names(t, 'salsa verde')).toEqual(offering('Salsa verde'));
    expect(offering('Jalapeños')).toEqual(['Crispy Chicken Burger']);
    for (const typed of ['jalapeño', 'Jalapeños', 'jalapenos', 'JALAPENO', 'jalapenio']) {
      expect(await names(t, typed), typed).toEqual(['Crispy Chicken Burger']);
    }
    // Every word must still match: a value's word and the dish's own.
    expect(await names(t, 'chicken jalapeño')).toEqual(['Crispy Chicken Burger']);
    expect(await names(t, 'pizza jalapeño')).toEqual([]);
  });

  test('ranks a dish whose own words match above one found only through its options', async ({ t }) => {
    // Bacon: in a name, in an ingredient list, then an extra of three more burgers (shorter names first, then menu order).
    expect(offering('Bacon').length).toBe(4);
    expect(await names(t, 'bacon')).toEqual([
      'Smoky Bacon Burger',
      'Club Sandwich',
      'Double Stack Burger',
      'Mushroom Swiss Burger',
      'Crispy Chicken Burger',
    ]);
    // "Chili": the dishes of that name and ingredient before the pizza whose extra is chili oil.
    const chili = await names(t, 'chili');
    expect(chili.at(-1)).toBe('Pepperoni Pizza');
    expect(chili.length).toBeGreaterThan(1);
    const ownWords = DEMO_MENU.filter((dish) =>
      /\bchili/i.test(`${dish.name} ${dish.category} ${dish.items.join(' ')}`),
    ).map((dish) => dish.name);
    expect(chili.slice(0, -1).sort()).toEqual(ownWords.sort());
  });

  test("follows the admin's edits: a value added, renamed and deleted; a sold-out value is found as a sold-out dish is", async ({
    t,
    admin,
    dishes,
  }) => {
    const salad = dishes.find((dish) => dish.name === 'Greek Salad') as Product;
    const saladId = Number(salad._id);
    expect(salad.options ?? []).toEqual([]);
    const edit = async (options: unknown[]): Promise<Product> => {
      const res = await send(t, 'PATCH', `/api/v1/allProductsData/${salad._id}`, admin, { options });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Product;
    };
    expect(await names(t, 'zhoug')).toEqual([]);

    // Added.
    const added = await edit([
      {
        name: 'Dressing',
        min: 0,
        max: 1,
        values: [
          { name: 'Zhoug', price: 0.5 },
          { name: 'Tahini', price: 0 },
        ],
      },
    ]);
    expect(await names(t, 'zhoug')).toEqual(['Greek Salad']);
    expect((await names(t, 'zoug'))[0]).toBe('Greek Salad'); // misspelt
    expect(await sqlSearch(t, 'zhoug')).toEqual([saladId]);

    // Renamed (the same value, its _id kept): the old name finds it no more, the new one does.
    const [group] = added.options as OptionGroup[];
    const [zhoug, tahini] = group?.values ?? [];
    const renamed = await edit([
      {
        _id: group?._id,
        name: 'Dressing',
        min: 0,
        max: 1,
        values: [
          { _id: zhoug?._id, name: 'Harissa', price: 0.5 },
          { _id: tahini?._id, name: 'Tahini', price: 0 },
        ],
      },
    ]);
    expect(renamed.options?.[0]?.values.map((v) => [v._id, v.name])).toEqual([
      [zhoug?._id, 'Harissa'],
      [tahini?._id, 'Tahini'],
    ]);
    expect(await names(t, 'zhoug')).not.toContain('Greek Salad');
    expect(await names(t, 'harissa')).toEqual(['Greek Salad']);
    expect(await sqlSearch(t, 'zhoug')).toEqual([]);
    expect(await sqlSearch(t, 'harissa')).toEqual([saladId]);

    // Sold out: still found, as a sold-out dish is (its page says it is sold out).
    const off = await send(t, 'PATCH', `/api/v1/allProductsData/${salad._id}/options/${zhoug?._id}`, admin, {
      available: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await names(t, 'harissa')).toEqual(['Greek Salad']);
    const soldOut = await send(t, 'PATCH', `/api/v1/allProductsData/${salad._id}`, admin, { available: false });
    expect(soldOut.statusCode, soldOut.body).toBe(200);
    expect(await names(t, 'harissa')).toEqual(['Greek Salad']);
    expect(
      (await send(t, 'PATCH', `/api/v1/allProductsData/${salad._id}`, admin, { available: true })).statusCode,
    ).toBe(200);

    // Deleted: gone; the other value still finds the dish.
    await edit([
      { _id: group?._id, name: 'Dressing', min: 0, max: 1, values: [{ _id: tahini?._id, name: 'Tahini', price: 0 }] },
    ]);
    expect(await names(t, 'harissa')).not.toContain('Greek Salad');
    expect(await sqlSearch(t, 'harissa')).toEqual([]);
    // Tahini is an ingredient of the falafel wrap: that dish's own word ranks it first.
    expect(await names(t, 'tahini')).toEqual(['Falafel Pita Wrap', 'Greek Salad']);

    // Every group gone: so are its values' words; the dish's own words still find it.
    await edit([]);
    expect(await names(t, 'tahini')).toEqual(['Falafel Pita Wrap']);
    expect(await sqlSearch(t, 'tahini')).not.toContain(saladId);
    expect(await names(t, 'greek')).toEqual(['Greek Salad']);

    // A dish taken off the menu is not found by its options either.
    await edit([{ name: 'Dressing', min: 0, max: 1, values: [{ name: 'Harissa', price: 0.5 }] }]);
    expect(await names(t, 'harissa')).toEqual(['Greek Salad']);
    expect((await send(t, 'DELETE', `/api/v1/allProductsData/${salad._id}`, admin)).statusCode).toBe(200);
    expect(await names(t, 'harissa')).toEqual([]);
    expect(await sqlSearch(t, 'harissa')).toEqual([]);
  });

  test("after every edit the index holds exactly each dish's values (the triggers kept it)", async ({ t }) => {
    const { db } = t.database;
    const rows = await db.selectFrom('products').select(['id', 'option_names']).orderBy('id').execute();
    const values = await db
      .selectFrom('option_values')
      .select(['product_id', 'name', 'name_bn'])
      .orderBy('id')
      .execute();
    const expected = new Map<number, string[]>();
    // Each value's English and Bangla names (migration 0023).
    for (const value of values)
      expected.set(value.product_id, [
        ...(expected.get(value.product_id) ?? []),
        `${value.name} ${value.name_bn}`.trim(),
      ]);
    expect(rows.filter((row) => row.option_names !== '').length).toBeGreaterThan(5);
    for (const row of rows) expect(row.option_names, String(row.id)).toBe((expected.get(row.id) ?? []).join(' '));
    if (t.database.engine === 'sqlite') {
      // FTS5 compares its index with the products' columns: it throws on any difference.
      await sql`insert into products_fts (products_fts, rank) values ('integrity-check', 1)`.execute(db);
    } else {
      // Each text read without its invisible characters (migration 0035).
      const clean = (text: string) => `to_tsvector('simple', regexp_replace(${text}, '${postgresClass()}', '', 'g'))`;
      const { rows: stale } = await sql<{ n: string }>`select count(*) as n from products
        where search <> ${sql.raw(`setweight(${clean(`name || ' ' || name_bn`)}, 'A') || setweight(${clean(`category || ' ' || category_bn`)}, 'B')
          || setweight(${clean('items')}, 'C') || setweight(${clean('option_names')}, 'D')`)}`.execute(db);
      expect(Number(stale[0]?.n)).toBe(0);
    }
  });

  test('a menu too large to be searched in memory: the SQL finds the same by options, and words no value holds as before', async ({
    t,
  }) => {
    // 2,000 more dishes (the index in memory stops at 2,000): the service searches through the SQL.
    const { db } = t.database;
    const now = new Date().toISOString();
    const category = DEMO_MENU[0]?.category as string;
    for (let start = 0; start < 2_000; start += 500) {
      await db
        .insertInto('products')
        .values(
          Array.from({ length: 500 }, (_, i) => ({
            name: `Filler Plate ${start + i}`,
            img: '/images/dishes/demo-x-640.webp',
            price: asMinor(5),
            reatings: 4,
            items: '["Rice","Beans"]',
            category,
            populler: 0,
            created_at: now,
          })),
        )
        .execute();
    }
    const catalog = createCatalogService(t.database, { imageExists: async () => true });
    const search = async (text: string) =>
      (JSON.parse((await catalog.search(text))?.body ?? '') as { data: Product[] }).data.map((dish) => dish.name);
    expect(await search('bacon')).toEqual([
      'Smoky Bacon Burger',
      'Club Sandwich',
      'Double Stack Burger',
      'Mushroom Swiss Burger',
      'Crispy Chicken Burger',
    ]);
    for (const typed of ['jalapeño', 'jalapenio'])
      expect(await search(typed), typed).toEqual(['Crispy Chicken Burger']);
    expect((await search('extra cheese')).sort()).toEqual(offering('Extra cheese').sort());
    expect((await search('chili')).at(-1)).toBe('Pepperoni Pizza'); // its chili oil is an option: after the dishes with chili of their own
    expect(await search('mascarpone')).toEqual(['Tiramisu']);
    expect(await search('filler plate 1999')).toEqual(['Filler Plate 1999']);
  });
});
