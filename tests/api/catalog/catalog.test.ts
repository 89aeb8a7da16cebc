import { describe, expect } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { DEMO_CATEGORIES, DEMO_MENU } from '../../../src/server/db/seed/demo-menu.ts';
import { seedDemoMenu } from '../../../src/server/db/seed/seed.ts';
import { createCatalogService } from '../../../src/server/modules/catalog/catalog.service.ts';
import type { CachedAnswer } from '../../../src/server/http/cached-json.ts';
import { useTestApp } from '../../support/fixtures.ts';
import type { TestApp } from '../../support/test-app.ts';

const test = useTestApp();

async function get(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, headers: res.headers, body: res.json() as Record<string, unknown> };
}
const list = (body: Record<string, unknown>) => body.data as Product[];

describe('GET /api/v1/categorys', () => {
  test('lists the demo categories with _id and category', async ({ t }) => {
    const res = await get(t, '/api/v1/categorys');
    expect(res.status).toBe(200);
    const data = res.body.data as { _id: string; category: string }[];
    expect(data.map((c) => c.category)).toEqual([...DEMO_CATEGORIES]);
    for (const c of data) expect(typeof c._id).toBe('string');
  });
});

describe('GET /api/v1/allProductsData', () => {
  test('returns every dish for All Category, for no category and with the trailing slash', async ({ t }) => {
    for (const url of [
      '/api/v1/allProductsData/?category=All%20Category',
      '/api/v1/allProductsData',
      '/api/v1/allProductsData/',
    ]) {
      const res = await get(t, url);
      expect(res.status).toBe(200);
      expect(list(res.body)).toHaveLength(DEMO_MENU.length);
    }
  });

  test('carries the spec fields and what a guest needs to choose on every dish', async ({ t }) => {
    const dishes = list((await get(t, '/api/v1/allProductsData')).body);
    const dish = dishes[0];
    expect(Object.keys(dish ?? {}).sort()).toEqual(
      [
        '_id',
        'category',
        'img',
        'items',
        'name',
        'populler',
        'price',
        'reatings',
        'description',
        'allergens',
        'diet',
        'spicy',
        'available',
        'soldOutUntil',
        'prepUnits',
        'imgSrcset',
        'options',
        'translations',
      ].sort(),
    );
    expect(dish?.img).toMatch(/^\/images\/dishes\/demo-[a-z-]+-640\.webp$/);
    expect(dish?.imgSrcset).toBe(
      [320, 640, 1024].map((w) => `${dish?.img.replace('-640.webp', `-${w}.webp`)} ${w}w`).join(', '),
    );
    // The demo menu tells the truth: every dish is described, and a vegan dish holds no milk or eggs.
    for (const each of dishes) {
      expect(each.description.length).toBeGreaterThan(20);
      if (each.diet.includes('vegan')) expect(each.allergens).not.toEqual(expect.arrayContaining(['milk']));
      if (each.diet.includes('gluten-free')) expect(each.allergens).not.toContain('gluten');
    }
    expect(dish?.available).toBe(true);
    expect(Number.isInteger(dish?.price)).toBe(true);
  });

  test('filters by category', async ({ t }) => {
    const res = await get(t, `/api/v1/allProductsData/?category=${encodeURIComponent('Mexcan Cuisine')}`);
    const data = list(res.body);
    expect(data.length).toBe(DEMO_MENU.filter((d) => d.category === 'Mexcan Cuisine').length);
    expect(data.every((d) => d.category === 'Mexcan Cuisine')).toBe(true);
  });

  test('answers an unknown category with an empty list, and hostile values without failing', async ({ t }) => {
    expect(list((await get(t, '/api/v1/allProductsData/?category=Nope')).body)).toEqual([]);
    const hostile = ["' OR 1=1 --", 'Robert"); DROP TABLE products;--', '😀🍔', '%00', 'NEAR(a b)'];
    for (const value of hostile) {
      const res = await get(t, `/api/v1/allProductsData/?category=${encodeURIComponent(value)}`);
      expect(res.status).toBe(200);
      expect(list(res.body)).toEqual([]);
    }
    expect((await get(t, `/api/v1/allProductsData/?category=${'x'.repeat(500)}`)).status).toBe(400);
    expect((await get(t, '/api/v1/allProductsData/?category=a&category=b')).status).toBe(400);
    expect(list((await get(t, '/api/v1/allProductsData')).body)).toHaveLength(DEMO_MENU.length);
  });

  test('lets browsers cache menu reads briefly and revalidate with an ETag', async ({ t }) => {
    const first = await get(t, '/api/v1/allProductsData');
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(first.headers.etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/allProductsData',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('GET /api/v1/allProductsData/{id}', () => {
  test('returns one dish', async ({ t }) => {
    const first = list((await get(t, '/api/v1/allProductsData')).body)[0] as Product;
    const res = await get(t, `/api/v1/allProductsData/${first._id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(first);
  });

  test('answers an unknown id with a 404 JSON and a malformed one with a 400 JSON', async ({ t }) => {
    for (const id of [
      '999999',
      '0',
      '-1',
      'abc',
      '1.5',
      '1e3',
      '99999999999999999999',
      "1'--",
      '%F0%9F%8D%94',
      '507f1f77bcf86cd799439011',
    ]) {
      const res = await get(t, `/api/v1/allProductsData/${id}`);
      expect(res.status, id).toBe(id === '999999' ? 404 : 400);
      expect(res.body).toEqual({ success: false, message: expect.any(String) });
    }
  });
});

describe('GET /api/v1/allProductsData/populler', () => {
  test('returns only the popular dishes', async ({ t }) => {
    const res = await get(t, '/api/v1/allProductsData/populler/?populler=populler');
    const data = list(res.body);
    expect(data.length).toBe(DEMO_MENU.filter((d) => d.populler).length);
    expect(data.every((d) => d.populler)).toBe(true);
  });
});

describe('GET /api/v1/allProductsData/searchData', () => {
  const search = async (t: TestApp, text: string) =>
    get(t, `/api/v1/allProductsData/searchData/?searchText=${encodeURIComponent(text)}`);

  test('matches prefixes, case-insensitively, over name, items and category', async ({ t }) => {
    const burg = list((await search(t, 'BURG')).body);
    expect(burg.length).toBeGreaterThanOrEqual(6);
    expect(burg.every((d) => d.category === 'Delish Burger')).toBe(true);
    const byItem = list((await search(t, 'mascarpone')).body);
    expect(byItem.map((d) => d.name)).toEqual(['Tiramisu']);
    const byCategory = list((await search(t, 'mexcan')).body);
    expect(byCategory.length).toBe(DEMO_MENU.filter((d) => d.category === 'Mexcan Cuisine').length);
  });

  test('answers each dish found exactly as the menu lists it, also when asked again', async ({ t }) => {
    const menu = new Map(list((await get(t, '/api/v1/allProductsData')).body).map((d) => [d._id, d]));
    for (let round = 0; round < 2; round += 1) {
      const found = await search(t, 'chicken');
      expect(found.status).toBe(200);
      expect(found.headers['content-type']).toBe('application/json; charset=utf-8');
      const dishes = list(found.body);
      expect(dishes.length).toBeGreaterThan(1);
      for (const dish of dishes) expect(dish).toEqual(menu.get(dish._id));
    }
  });

  test('requires every word and ranks name matches first', async ({ t }) => {
    const res = list((await search(t, 'chicken burg')).body);
    expect(res.map((d) => d.name)).toEqual(['Crispy Chicken Burger']);
    const tacos = list((await search(t, 'taco')).body);
    expect(
      tacos
        .slice(0, 2)
        .map((d) => d.name)
        .sort(),
    ).toEqual(['Beef Tacos', 'Shrimp Tacos']);
    const mozz = list((await search(t, 'mozzarella')).body);
    expect(mozz.length).toBeGreaterThan(1);
  });

  test("forgives typos, plurals, missing accents and the spec's spelling of a category, exact matches first", async ({
    t,
  }) => {
    const names = async (text: string) => list((await search(t, text)).body).map((d) => d.name);
    const burgers = DEMO_MENU.filter((d) => d.category === 'Delish Burger').length;
    for (const typed of ['burgr', 'burgers', 'BURGERS']) {
      const found = await names(typed);
      expect(found.length, typed).toBeGreaterThanOrEqual(burgers - 1); // every "…Burger" (the cheeseburger is one word)
      expect(
        found.every((name) => /burger/i.test(name)),
        typed,
      ).toBe(true);
    }
    for (const typed of ['piza', 'pizzas'])
      expect((await names(typed)).sort(), typed).toEqual(['Margherita Pizza', 'Pepperoni Pizza']);
    expect(await names('tiramisù')).toEqual(['Tiramisu']);
    expect(await names('tirmisu')).toEqual(['Tiramisu']);
    expect((await names('Mexican')).length).toBe(DEMO_MENU.filter((d) => d.category === 'Mexcan Cuisine').length);
    expect(await names('chiken burgr')).toEqual(['Crispy Chicken Burger']);
    // Exact first: "taco" is a prefix of a menu word, so it is searched as typed (and tacos lead).
    expect((await names('taco')).slice(0, 2).sort()).toEqual(['Beef Tacos', 'Shrimp Tacos']);
    expect(await names('qqqzzz')).toEqual([]);
  });

  test('ranks a corrected word by how close the correction is: "chiken" finds every chicken dish before "Chips and Guacamole" (issue 41)', async ({
    t,
  }) => {
    const found = list((await search(t, 'chiken')).body).map((d) => d.name);
    const chicken = DEMO_MENU.filter((d) => /chicken/i.test(d.name)).map((d) => d.name);
    expect(chicken.length).toBeGreaterThan(1);
    // Names holding the corrected word first, then the other chicken dishes, then the next correction's.
    expect(found.slice(0, chicken.length).sort()).toEqual([...chicken].sort());
    const chips = found.indexOf('Chips and Guacamole');
    expect(chips).toBeGreaterThanOrEqual(chicken.length);
    // Every dish with chicken at all (name or ingredients) before any found by a farther correction ("chili", "chips").
    const hasChicken = found.map(
      (name) =>
        /chicken/i.test(name) ||
        DEMO_MENU.some((d) => d.name === name && d.items.some((item) => /chicken/i.test(item))),
    );
    const firstOther = hasChicken.indexOf(false);
    expect(firstOther).toBeGreaterThanOrEqual(chicken.length);
    expect(hasChicken.slice(firstOther)).not.toContain(true);
    // Each word as typed is still one search: "chicken" finds no chips.
    expect(list((await search(t, 'chicken')).body).map((d) => d.name)).not.toContain('Chips and Guacamole');
  });

  test('treats full-text syntax and SQL as plain text', async ({ t }) => {
    for (const text of [
      '"',
      '*',
      'burger OR pizza',
      'NEAR(burger pizza)',
      "'; DROP TABLE products; --",
      'a:b',
      '^burger',
      '(',
      '-pizza',
      'burger AND',
      '\\',
      '🍔',
      'ñoño',
      'straße',
    ]) {
      const res = await search(t, text);
      expect(res.status, text).toBe(200);
      expect(Array.isArray(res.body.data)).toBe(true);
    }
    expect(list((await search(t, 'zzqqxx')).body)).toEqual([]);
    expect(list((await get(t, '/api/v1/allProductsData')).body)).toHaveLength(DEMO_MENU.length);
  });

  test('answers at once on SQLite, and never from what another request has not committed', async ({ t }) => {
    const catalog = createCatalogService(t.database, { imageExists: async () => true });
    await catalog.search('rice'); // builds the menu's words
    // The search itself answers without a promise on SQLite; its kept answer on either engine (decision 061).
    if (t.database.engine === 'sqlite') expect(typeof catalog.searchNow(['rice'], 'en')).toBe('string');
    expect(catalog.search('rice')).not.toBeInstanceOf(Promise);

    // A change in a transaction that is still open (then rolled back) is never seen, even by a
    // search asked meanwhile on the same connection: it waits its turn. (The tacos are known
    // to the search already, and mascarpone is a word of the menu, searched as typed.)
    await catalog.search('taco');
    let during = null as CachedAnswer;
    const rolledBack = new Error('rolled back');
    const outcome = await t.database.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('products').set({ items: '["Mascarpone"]' }).where('name', '=', 'Beef Tacos').execute();
        during = catalog.search('mascarpone');
        throw rolledBack;
      })
      .catch((error: unknown) => error);
    expect(outcome).toBe(rolledBack);
    expect((JSON.parse((await during)?.body ?? '') as { data: Product[] }).data.map((d) => d.name)).toEqual([
      'Tiramisu',
    ]);
  });

  test('refuses empty, blank, repeated and over-long text with a message', async ({ t }) => {
    for (const url of [
      '/api/v1/allProductsData/searchData/',
      '/api/v1/allProductsData/searchData/?searchText=',
      '/api/v1/allProductsData/searchData/?searchText=%20%20',
      '/api/v1/allProductsData/searchData/?searchText=a&searchText=b',
      `/api/v1/allProductsData/searchData/?searchText=${'a'.repeat(101)}`,
    ]) {
      const res = await get(t, url);
      expect(res.status, url).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});

describe('operations', () => {
  test('answers /healthz when the database answers', async ({ t }) => {
    const res = await get(t, '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });

  test('answers unknown API routes with a 404 JSON', async ({ t }) => {
    const res = await get(t, '/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.success).toBe(false);
  });

  test('never seeds the menu twice', async ({ t }) => {
    expect(await seedDemoMenu(t.database.db)).toBe(false);
    expect(list((await get(t, '/api/v1/allProductsData')).body)).toHaveLength(DEMO_MENU.length);
  });
});
