import { describe, expect } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { DEMO_MENU } from '../../../src/server/db/seed/demo-menu.ts';
import { DEMO_INGREDIENTS_BN } from '../../../src/server/db/seed/demo-menu-bangla.ts';
import { uploadDishPicture } from '../../support/dish-picture.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * Issue 58, point 7: a dish's ingredients were in English only. The owner writes them in both
 * languages (`translations.bn.items`), like the name and description; every answer's `items`
 * is the request's language's list (the other's where the owner wrote none) and `translations`
 * carries both for the editor; the demo menu has them in Bangla. SQLite, and PostgreSQL with
 * TEST_DATABASE_URL.
 */
const test = useRecordsWorld({ email: 'ingredients-owner@example.com', password: 'ingredients-owner-password' }).extend(
  'img',
  { scope: 'file' },
  ({ t, admin }) => uploadDishPicture(t, admin),
);

type Lang = 'en' | 'bn';
const read = async (t: TestApp, url: string, lang: Lang) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: `lang=${lang}` } });
  expect(res.statusCode, url).toBe(200);
  return res.json<{ data: Product }>().data;
};
const write = (t: TestApp, method: 'POST' | 'PATCH', url: string, token: string, payload: object, lang: Lang = 'en') =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, cookie: `lang=${lang}` }, payload });

describe('ingredients in both languages', () => {
  test('the demo menu answers its ingredients in the request`s language, both lists for the editor', async ({ t }) => {
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/v1/allProductsData', headers: { cookie: 'lang=en' } })
    ).json<{ data: Product[] }>().data;
    const burger = all.find((dish) => dish.name === 'Classic Cheeseburger') as Product;
    const english = DEMO_MENU.find((dish) => dish.slug === 'classic-cheeseburger')?.items as string[];
    expect(burger.items).toEqual(english);
    const bangla = english.map((item) => DEMO_INGREDIENTS_BN[item]);
    expect(bangla).toContain('আচার');
    expect(burger.translations).toMatchObject({ en: { items: english }, bn: { items: bangla } });
    expect((await read(t, `/api/v1/allProductsData/${burger._id}`, 'bn')).items).toEqual(bangla);
    // Every demo dish has them.
    const inBangla = (
      await t.app.inject({ method: 'GET', url: '/api/v1/allProductsData', headers: { cookie: 'lang=bn' } })
    ).json<{ data: Product[] }>().data;
    expect(
      inBangla
        .filter((dish) => dish.items.some((item) => /[A-Za-z]/.test(item)))
        .map((dish) => dish.translations?.en.name),
    ).toEqual([]);
  });

  test('the owner writes, changes and clears them; without a Bangla list the English one shows; bad lists are refused', async ({
    t,
    admin,
    img,
  }) => {
    const created = await write(t, 'POST', '/api/v1/allProductsData', admin.accessToken, {
      name: 'Beef Tehari',
      category: 'Bangladeshi',
      price: 9,
      items: ['Beef', 'Rice'],
      img,
      translations: { bn: { name: 'গরুর তেহারি', items: ['গরুর মাংস', 'চাল'] } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ data: Product }>().data._id;
    expect((await read(t, `/api/v1/allProductsData/${id}`, 'bn')).items).toEqual(['গরুর মাংস', 'চাল']);
    expect((await read(t, `/api/v1/allProductsData/${id}`, 'en')).items).toEqual(['Beef', 'Rice']);

    expect(
      (
        await write(t, 'PATCH', `/api/v1/allProductsData/${id}`, admin.accessToken, {
          translations: { bn: { items: ['গরুর মাংস', 'কালিজিরা চাল', 'সরিষার তেল'] } },
        })
      ).statusCode,
    ).toBe(200);
    const changed = await read(t, `/api/v1/allProductsData/${id}`, 'bn');
    expect(changed.items).toEqual(['গরুর মাংস', 'কালিজিরা চাল', 'সরিষার তেল']);
    expect(changed.translations).toMatchObject({
      en: { items: ['Beef', 'Rice'] },
      bn: { items: ['গরুর মাংস', 'কালিজিরা চাল', 'সরিষার তেল'] },
    });

    // Cleared: a Bangla page shows the English list rather than none.
    expect(
      (
        await write(t, 'PATCH', `/api/v1/allProductsData/${id}`, admin.accessToken, {
          translations: { bn: { items: [] } },
        })
      ).statusCode,
    ).toBe(200);
    expect((await read(t, `/api/v1/allProductsData/${id}`, 'bn')).items).toEqual(['Beef', 'Rice']);

    for (const items of [Array.from({ length: 31 }, (_, i) => `উপকরণ ${i}`), ['x'.repeat(81)], 'চাল', [42]]) {
      const refused = await write(
        t,
        'PATCH',
        `/api/v1/allProductsData/${id}`,
        admin.accessToken,
        { translations: { bn: { items } } },
        'bn',
      );
      expect(refused.statusCode, JSON.stringify(items).slice(0, 40)).toBe(400);
      // Said in the requester's Bangla, as every field check is.
      expect(refused.json<{ message: string }>().message).toMatch(/[\u0980-\u09FF]/);
    }
    expect((await read(t, `/api/v1/allProductsData/${id}`, 'bn')).items).toEqual(['Beef', 'Rice']);
  });
});
