import { describe, expect } from 'vitest';
import { INVISIBLE_0035 } from '../../../src/server/db/migrations/0035-search-without-invisible-characters.ts';
import { INVISIBLE } from '../../../src/server/modules/catalog/spelling.ts';
import type { TestApp } from '../../support/test-app.ts';
import { useTestApp } from '../../support/fixtures.ts';
import { asMinor } from '../../../src/shared/domain/money.ts';

/**
 * Invisible characters inside a word (issue 55 point 5): a zero-width space pasted into
 * "bur\u200Bger", the joiners a Bangla keyboard puts inside words (ZWJ in "র‍্যাপ", ZWNJ), a soft
 * hyphen in an owner's dish name. The query drops them and the index reads the menu without them
 * (migration 0035), on either engine (the file runs on SQLite, and on PostgreSQL in CI's run).
 */
const test = useTestApp();

const found = async (t: TestApp, text: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/allProductsData/searchData/?searchText=${encodeURIComponent(text)}`,
  });
  expect(res.statusCode, text).toBe(200);
  return (res.json() as { data: { name: string }[] }).data.map((dish) => dish.name).sort();
};

describe('search with invisible characters inside words', () => {
  test('a zero-width character inside a word, English or Bangla, in the query or in a dish’s name, finds what the visible word finds', async ({
    t,
  }) => {
    // An owner's dish whose name was pasted with a soft hyphen and a zero-width space in it.
    const now = new Date().toISOString();
    await t.database.db.insertInto('categories').values({ name: 'Specials', removed_at: null }).execute();
    await t.database.db
      .insertInto('products')
      .values({
        img: '/images/dishes/demo-tiramisu-640.webp',
        price: asMinor(9),
        reatings: 4.5,
        populler: 0,
        created_at: now,
        name: 'Lamb Shawar\u00ADma Plate',
        name_bn: 'ল্যাম্ব শাওয়ার\u200Cমা',
        category: 'Specials',
        items: '["Lamb","Gar\u200Blic sauce"]',
      })
      .execute();

    const burgers = await found(t, 'burger');
    expect(burgers.length).toBeGreaterThanOrEqual(5);
    expect(await found(t, 'bur\u200Bger')).toEqual(burgers);
    expect(await found(t, 'bur\u200Dger')).toEqual(burgers);
    expect(await found(t, '\uFEFFburger\u200B')).toEqual(burgers);

    // The demo's Falafel Pita Wrap is "ফালাফেল পিটা র‍্যাপ" in Bangla, with a ZWJ inside its last word.
    const wrap = ['Falafel Pita Wrap'];
    expect(await found(t, 'র\u200D্যাপ')).toEqual(wrap);
    expect(await found(t, 'র্যাপ')).toEqual(wrap);
    expect(await found(t, 'ফালা\u200Cফেল')).toEqual(wrap);
    const biryani = await found(t, 'বিরিয়ানি');
    expect(biryani).toContain('Kacchi Biryani');
    expect(await found(t, 'বিরি\u200Cয়ানি')).toEqual(biryani);

    // The owner's dish, by its name, its Bangla name and its ingredients, typed plainly or not.
    expect(await found(t, 'shawarma')).toEqual(['Lamb Shawar\u00ADma Plate']);
    expect(await found(t, 'shawar\u200Bma plate')).toEqual(['Lamb Shawar\u00ADma Plate']);
    expect(await found(t, 'শাওয়ারমা')).toEqual(['Lamb Shawar\u00ADma Plate']);
    expect(await found(t, 'garlic')).toContain('Lamb Shawar\u00ADma Plate');
  });

  test('the query drops exactly the characters the index drops', () => {
    const listed = INVISIBLE_0035.flatMap((entry) =>
      typeof entry === 'number' ? [entry] : Array.from({ length: entry[1] - entry[0] + 1 }, (_, i) => entry[0] + i),
    );
    const dropped: number[] = [];
    for (let n = 0; n <= 0xffff; n += 1) if (String.fromCharCode(n).replace(INVISIBLE, '') === '') dropped.push(n);
    expect(dropped).toEqual(listed);
    // Each is one Unicode calls default-ignorable.
    for (const n of listed)
      expect(/\p{Default_Ignorable_Code_Point}/u.test(String.fromCharCode(n)), n.toString(16)).toBe(true);
  });
});
