import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import type { Category, Product } from '../../../src/shared/contract/catalog.ts';
import { bearer } from '../../support/factories.ts';
import { uploadDishPicture } from '../../support/dish-picture.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * The owner's texts in both languages (docs/reference/service.md "Bangla and English", decision 047): dish
 * names and descriptions, categories, option groups and values written in English and Bangla;
 * every answer's `name`, `description` and `category` in the request's language (the other's
 * where the owner wrote none), `translations` with both for the editor; the answers kept per
 * language; the search finding a dish by either name. SQLite, and PostgreSQL with TEST_DATABASE_URL.
 */
const test = useRecordsWorld({ email: 'names-owner@example.com', password: 'names-owner-password' }).extend(
  'img',
  { scope: 'file' },
  ({ t, admin }) => uploadDishPicture(t, admin),
);

type Lang = 'en' | 'bn' | undefined;
const headers = (lang: Lang, token?: string) => ({
  ...(lang ? { cookie: `lang=${lang}` } : {}),
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});
const read = async <T>(t: TestApp, url: string, lang: Lang) => {
  const res = await t.app.inject({ method: 'GET', url, headers: headers(lang) });
  expect(res.statusCode, url).toBe(200);
  return res.json<{ data: T }>().data;
};
const searchNames = async (t: TestApp, text: string, lang: Lang) =>
  (await read<Product[]>(t, `/api/v1/allProductsData/searchData?searchText=${encodeURIComponent(text)}`, lang)).map(
    (dish) => dish.name,
  );
const write = (t: TestApp, method: 'POST' | 'PATCH', url: string, token: string, payload: object, lang?: Lang) =>
  t.app.inject({ method, url, headers: headers(lang, token), payload });

const dishBody = (img: string, over: object = {}) => ({
  name: 'Beef Tehari',
  category: 'Bangladeshi',
  price: 9,
  items: ['Beef', 'Rice'],
  img,
  ...over,
});

describe('the demo menu in both languages', () => {
  test('a dish, its category and options answer in the request`s language, with both texts for the editor', async ({
    t,
  }) => {
    const all = await read<Product[]>(t, '/api/v1/allProductsData', 'en');
    const kacchi = all.find((dish) => dish.name === 'Kacchi Biryani') as Product;
    expect(kacchi).toMatchObject({
      category: 'Bangladeshi',
      translations: { en: { name: 'Kacchi Biryani' }, bn: { name: 'কাচ্চি বিরিয়ানি' } },
    });
    const inBangla = await read<Product>(t, `/api/v1/allProductsData/${kacchi._id}`, 'bn');
    expect(inBangla).toMatchObject({
      name: 'কাচ্চি বিরিয়ানি',
      category: 'দেশি খাবার',
      translations: kacchi.translations,
    });
    expect(inBangla.description).toBe(kacchi.translations?.bn.description);
    expect(inBangla.description).toMatch(/পুরান ঢাকা/);
    // ?lang= decides as the cookie does (the hreflang addresses).
    expect((await read<Product>(t, `/api/v1/allProductsData/${kacchi._id}?lang=bn`, undefined)).name).toBe(
      'কাচ্চি বিরিয়ানি',
    );
    expect((await read<Product>(t, `/api/v1/allProductsData/${kacchi._id}`, 'en')).name).toBe('Kacchi Biryani');

    const pizza = all.find((dish) => dish.name === 'Margherita Pizza') as Product;
    const pizzaBn = await read<Product>(t, `/api/v1/allProductsData/${pizza._id}`, 'bn');
    expect(pizzaBn.options[0]).toMatchObject({
      name: 'সাইজ',
      translations: { en: { name: 'Size' }, bn: { name: 'সাইজ' } },
    });
    expect(pizzaBn.options[0]?.values.map((value) => value.name)).toEqual(['রেগুলার (১০")', 'লার্জ (১৪")']);
    expect(pizza.options[0]?.values.map((value) => value.name)).toEqual(['Regular (10")', 'Large (14")']);

    const categoriesBn = await read<Category[]>(t, '/api/v1/categorys', 'bn');
    expect(categoriesBn.map((category) => category.category)).toContain('দেশি খাবার');
    expect((await read<Category[]>(t, '/api/v1/categorys', 'en')).map((category) => category.category)).toContain(
      'Bangladeshi',
    );
    // The Bangla menu names its categories in Bangla, and asks for their dishes by that name.
    const bangladeshi = await read<Product[]>(
      t,
      `/api/v1/allProductsData?category=${encodeURIComponent('দেশি খাবার')}`,
      'bn',
    );
    expect(bangladeshi.map((dish) => dish.name).sort()).toEqual(['কাচ্চি বিরিয়ানি', 'ফুচকা', 'মিষ্টি দই'].sort());
    expect(
      (await read<Product[]>(t, '/api/v1/allProductsData?category=Bangladeshi', 'en')).map((dish) => dish.name).sort(),
    ).toEqual(['Fuchka', 'Kacchi Biryani', 'Mishti Doi']);
    expect((await read<Product[]>(t, '/api/v1/allProductsData/populler', 'bn')).map((dish) => dish.name)).toContain(
      'কাচ্চি বিরিয়ানি',
    );
  });

  test('the search finds a dish by either language`s name, forgiving, and answers in the request`s language', async ({
    t,
  }) => {
    expect(await searchNames(t, 'কাচ্চি', 'bn')).toEqual(['কাচ্চি বিরিয়ানি']);
    expect(await searchNames(t, 'কাচ্চি', 'en')).toEqual(['Kacchi Biryani']);
    expect(await searchNames(t, 'kacchi', 'bn')).toEqual(['কাচ্চি বিরিয়ানি']);
    expect(await searchNames(t, 'বিরিয়ানী', 'bn')).toEqual(['কাচ্চি বিরিয়ানি']); // ী for ি
    expect(await searchNames(t, 'ফুসকা', 'bn')).toEqual(['ফুচকা']); // the trigram correction
    expect(await searchNames(t, 'fuchka', 'en')).toEqual(['Fuchka']);
    expect(await searchNames(t, 'fuchk', 'bn')).toEqual(['ফুচকা']);
    // A Bangla category name finds its dishes; an option value's Bangla name the dishes offering it.
    expect((await searchNames(t, 'দেশি', 'en')).sort()).toEqual(['Fuchka', 'Kacchi Biryani', 'Mishti Doi']);
    expect(await searchNames(t, 'মোজারেলা', 'en')).toContain('Margherita Pizza');
  });
});

describe('a search answer larger than 8 KB (both languages make them so)', () => {
  test('comes whole in gzip and brotli, as without compression', async ({ t }) => {
    const url = '/api/v1/allProductsData/searchData?searchText=burger';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.body.length).toBeGreaterThan(8192);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.headers.vary).toContain('accept-encoding');
  });
});

describe('an owner writing both languages', () => {
  test('adds a dish in both, changes the Bangla text, and each language shows its own at once', async ({
    t,
    admin,
    img,
  }) => {
    // Both languages read first: the answers kept for each must go with the change.
    await read<Product[]>(t, '/api/v1/allProductsData', 'en');
    await read<Product[]>(t, '/api/v1/allProductsData', 'bn');
    const created = await write(
      t,
      'POST',
      '/api/v1/allProductsData',
      admin.accessToken,
      dishBody(img, {
        description: 'Beef and rice in mustard oil.',
        translations: { bn: { name: '  বিফ তেহারি ', description: 'সরিষার তেলে গরুর মাংস আর চাল।' } },
      }),
    );
    expect(created.statusCode).toBe(201);
    const dish = created.json<{ data: Product }>().data;
    expect(dish).toMatchObject({
      name: 'Beef Tehari',
      category: 'Bangladeshi',
      translations: {
        en: { name: 'Beef Tehari', description: 'Beef and rice in mustard oil.' },
        bn: { name: 'বিফ তেহারি', description: 'সরিষার তেলে গরুর মাংস আর চাল।' },
      },
    });
    // The write's answer is in the writer's language too.
    const inBangla = await write(
      t,
      'PATCH',
      `/api/v1/allProductsData/${dish._id}`,
      admin.accessToken,
      { price: 10 },
      'bn',
    );
    expect(inBangla.json<{ data: Product }>().data).toMatchObject({
      name: 'বিফ তেহারি',
      category: 'দেশি খাবার',
      price: 10,
    });

    expect((await read<Product[]>(t, '/api/v1/allProductsData', 'bn')).find((one) => one._id === dish._id)?.name).toBe(
      'বিফ তেহারি',
    );
    expect((await read<Product[]>(t, '/api/v1/allProductsData', 'en')).find((one) => one._id === dish._id)?.name).toBe(
      'Beef Tehari',
    );
    expect(await searchNames(t, 'তেহারি', 'bn')).toEqual(['বিফ তেহারি']);
    expect(await searchNames(t, 'তেহারি', 'en')).toEqual(['Beef Tehari']);

    const renamed = await write(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, admin.accessToken, {
      translations: { bn: { name: 'গরুর তেহারি' } },
    });
    expect(renamed.statusCode).toBe(200);
    // Only the Bangla name changed: the description in Bangla stays.
    expect(renamed.json<{ data: Product }>().data.translations).toEqual({
      en: { name: 'Beef Tehari', description: 'Beef and rice in mustard oil.', items: ['Beef', 'Rice'] },
      bn: { name: 'গরুর তেহারি', description: 'সরিষার তেলে গরুর মাংস আর চাল।', items: [] },
    });
    expect((await read<Product>(t, `/api/v1/allProductsData/${dish._id}`, 'bn')).name).toBe('গরুর তেহারি');
    expect(await searchNames(t, 'গরুর', 'en')).toEqual(['Beef Tehari']);
    expect(await searchNames(t, 'বিফ', 'en')).toEqual(['Beef Tacos']); // the old Bangla name's word, now only বিফ টাকো's

    // Cleared, the Bangla name falls back to the English one; the English description, emptied, to the Bangla one.
    await write(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, admin.accessToken, {
      description: '',
      translations: { bn: { name: '' } },
    });
    expect(await read<Product>(t, `/api/v1/allProductsData/${dish._id}`, 'bn')).toMatchObject({
      name: 'Beef Tehari',
      description: 'সরিষার তেলে গরুর মাংস আর চাল।',
    });
    expect(await read<Product>(t, `/api/v1/allProductsData/${dish._id}`, 'en')).toMatchObject({
      name: 'Beef Tehari',
      description: 'সরিষার তেলে গরুর মাংস আর চাল।',
    });
  });

  test('a dish written only in English shows its English to a Bangla guest; a category named in Bangla files it', async ({
    t,
    admin,
    img,
  }) => {
    const created = await write(
      t,
      'POST',
      '/api/v1/allProductsData',
      admin.accessToken,
      dishBody(img, { name: 'Plain Paratha', category: 'দেশি খাবার', description: 'Flaky flatbread.' }),
    );
    expect(created.statusCode).toBe(201);
    const dish = created.json<{ data: Product }>().data;
    expect(dish).toMatchObject({ category: 'Bangladeshi', translations: { bn: { name: '', description: '' } } });
    expect(await read<Product>(t, `/api/v1/allProductsData/${dish._id}`, 'bn')).toMatchObject({
      name: 'Plain Paratha',
      description: 'Flaky flatbread.',
      category: 'দেশি খাবার',
    });
  });

  test('options in both languages: a value sent again without its Bangla name keeps it', async ({ t, admin, img }) => {
    const created = await write(
      t,
      'POST',
      '/api/v1/allProductsData',
      admin.accessToken,
      dishBody(img, {
        name: 'Chicken Roast',
        options: [
          {
            name: 'Size',
            translations: { bn: { name: 'সাইজ' } },
            min: 1,
            max: 1,
            values: [
              { name: 'Half', translations: { bn: { name: 'হাফ' } }, price: 0, default: true },
              { name: 'Full', price: 3 },
            ],
          },
        ],
      }),
    );
    expect(created.statusCode).toBe(201);
    const dish = created.json<{ data: Product }>().data;
    const bn = await read<Product>(t, `/api/v1/allProductsData/${dish._id}`, 'bn');
    expect(bn.options[0]?.name).toBe('সাইজ');
    expect(bn.options[0]?.values.map((value) => value.name)).toEqual(['হাফ', 'Full']);
    expect(await searchNames(t, 'হাফ', 'en')).toEqual(['Chicken Roast']);

    const group = dish.options[0];
    const [half, full] = group?.values ?? [];
    const edited = await write(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, admin.accessToken, {
      options: [
        {
          _id: group?._id,
          name: 'Size',
          min: 1,
          max: 1,
          values: [
            { _id: half?._id, name: 'Half', price: 0, default: true },
            { _id: full?._id, name: 'Full', translations: { bn: { name: 'ফুল' } }, price: 3 },
            { name: 'Family', price: 6 },
          ],
        },
      ],
    });
    expect(edited.statusCode).toBe(200);
    const after = await read<Product>(t, `/api/v1/allProductsData/${dish._id}`, 'bn');
    expect(after.options[0]?.name).toBe('সাইজ');
    expect(after.options[0]?.values.map((value) => value.name)).toEqual(['হাফ', 'ফুল', 'Family']);
  });

  test('categories in both languages: renamed in Bangla, their dishes follow; a name of either language is used once', async ({
    t,
    admin,
    img,
  }) => {
    const created = await write(t, 'POST', '/api/v1/categorys', admin.accessToken, {
      name: 'Drinks',
      translations: { bn: { name: 'পানীয়' } },
    });
    expect(created.statusCode).toBe(201);
    const category = created.json<{ data: Category }>().data;
    expect(category).toMatchObject({
      category: 'Drinks',
      translations: { en: { name: 'Drinks' }, bn: { name: 'পানীয়' } },
    });
    const dish = (
      await write(
        t,
        'POST',
        '/api/v1/allProductsData',
        admin.accessToken,
        dishBody(img, { name: 'Borhani', category: 'Drinks' }),
      )
    ).json<{ data: Product }>().data;
    expect((await read<Product>(t, `/api/v1/allProductsData/${dish._id}`, 'bn')).category).toBe('পানীয়');

    // The same name in either language, whatever its letter case, belongs to one category only.
    expect((await write(t, 'POST', '/api/v1/categorys', admin.accessToken, { name: 'পানীয়' })).statusCode).toBe(409);
    expect(
      (
        await write(t, 'POST', '/api/v1/categorys', admin.accessToken, {
          name: 'Juices',
          translations: { bn: { name: 'drinks' } },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await write(t, 'POST', '/api/v1/categorys', admin.accessToken, {
          name: 'Juices',
          translations: { bn: { name: 'সালাদ' } },
        })
      ).statusCode,
    ).toBe(409);

    // Renamed in English only: the Bangla name stays. Then in Bangla: the dish follows.
    const renamed = await write(t, 'PATCH', `/api/v1/categorys/${category._id}`, admin.accessToken, {
      name: 'Cold Drinks',
    });
    expect(renamed.json<{ data: Category }>().data.translations).toEqual({
      en: { name: 'Cold Drinks' },
      bn: { name: 'পানীয়' },
    });
    await write(t, 'PATCH', `/api/v1/categorys/${category._id}`, admin.accessToken, {
      name: 'Cold Drinks',
      translations: { bn: { name: 'ঠান্ডা পানীয়' } },
    });
    expect(await read<Product>(t, `/api/v1/allProductsData/${dish._id}`, 'bn')).toMatchObject({
      category: 'ঠান্ডা পানীয়',
    });
    expect(await read<Product>(t, `/api/v1/allProductsData/${dish._id}`, 'en')).toMatchObject({
      category: 'Cold Drinks',
    });
    expect(await searchNames(t, 'ঠান্ডা', 'en')).toEqual(['Borhani']);
    expect((await read<Category[]>(t, '/api/v1/categorys', 'bn')).map((one) => one.category)).toContain('ঠান্ডা পানীয়');
  });

  test('the Bangla texts are checked as the English ones are', async ({ t, admin, img }) => {
    const refused = async (payload: object, pattern: RegExp, url = '/api/v1/allProductsData') => {
      const res = await write(t, 'POST', url, admin.accessToken, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(pattern);
    };
    await refused(
      dishBody(img, { translations: { bn: { name: 'ক'.repeat(201) } } }),
      /translations\.bn\.name .*at most 200 characters/,
    );
    await refused(
      dishBody(img, { translations: { bn: { description: 'ক'.repeat(501) } } }),
      /translations\.bn\.description .*at most 500 characters/,
    );
    await refused(
      dishBody(img, { translations: { bn: { name: 'দুই\nলাইন' } } }),
      /translations\.bn\.name .*one line of text/,
    );
    await refused(dishBody(img, { translations: { bn: { name: 42 } } }), /translations\.bn\.name .*must be text/);
    await refused(dishBody(img, { translations: 'বাংলা' }), /translations must be an object/);
    await refused(
      dishBody(img, {
        options: [
          {
            name: 'Size',
            min: 0,
            max: 1,
            values: [{ name: 'Big', translations: { bn: { name: 'ক'.repeat(61) } }, price: 1 }],
          },
        ],
      }),
      /at most 60 characters/,
    );
    await refused(
      { name: 'Teas', translations: { bn: { name: 'ক'.repeat(61) } } },
      /translations\.bn\.name .*at most 60 characters/,
      '/api/v1/categorys',
    );
    // Staff may not write a dish's texts in either language.
    const staff = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/allProductsData/1',
      headers: bearer({ accessToken: 'not-a-token' }),
      payload: { translations: { bn: { name: 'x' } } },
    });
    expect(staff.statusCode).toBe(401);
  });

  test('the restaurant`s language answers a request that names none', async ({ t, admin }) => {
    const kacchi = (await read<Product[]>(t, '/api/v1/allProductsData?category=Bangladeshi', 'en')).find(
      (dish) => dish.name === 'Kacchi Biryani',
    ) as Product;
    expect((await read<Product>(t, `/api/v1/allProductsData/${kacchi._id}`, undefined)).name).toBe('Kacchi Biryani');
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/v1/restaurant',
          headers: bearer(admin),
          payload: { language: 'bn' },
        })
      ).statusCode,
    ).toBe(200);
    try {
      expect((await read<Product>(t, `/api/v1/allProductsData/${kacchi._id}`, undefined)).name).toBe('কাচ্চি বিরিয়ানি');
      expect(await searchNames(t, 'kacchi', undefined)).toEqual(['কাচ্চি বিরিয়ানি']);
      // A guest who chose English still reads English.
      expect((await read<Product>(t, `/api/v1/allProductsData/${kacchi._id}`, 'en')).name).toBe('Kacchi Biryani');
    } finally {
      await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/restaurant',
        headers: bearer(admin),
        payload: { language: 'en' },
      });
    }
  });
});
