import { describe, expect } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { call } from '../../support/records.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * A search's answer is kept per menu version (decision 061): the same words in the same language
 * answer the same bytes and ETag until the menu changes, and the first search after a change
 * finds what the change made findable. Words are kept as the search reads them, so "Mascarpone"
 * and " mascarpone " are one answer; each language its own.
 */
const test = useRecordsWorld({ email: 'kept-search-owner@example.com', password: 'kept-search-password' });

const search = async (t: TestApp, text: string, query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/allProductsData/searchData/?searchText=${encodeURIComponent(text)}${query}`,
  });
  expect(res.statusCode, text).toBe(200);
  return {
    names: (res.json() as { data: Product[] }).data.map((dish) => dish.name),
    etag: String(res.headers.etag),
    body: res.body,
  };
};

describe('search answers kept per menu version', () => {
  test('the same words answer the same until a menu change, which the next search follows; each language its own', async ({
    t,
    admin,
    dishes,
  }) => {
    const first = await search(t, 'mascarpone');
    expect(first.names).toEqual(['Tiramisu']);
    const again = await search(t, '  Mascarpone ');
    expect(again).toEqual(first);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/api/v1/allProductsData/searchData/?searchText=mascarpone',
      headers: { 'if-none-match': first.etag },
    });
    expect(revalidated.statusCode).toBe(304);

    const bangla = await search(t, 'mascarpone', '&lang=bn');
    expect(bangla.body).not.toBe(first.body);

    const tacos = dishes.find((dish) => dish.name === 'Beef Tacos') as Product;
    const changed = await call(t, 'PATCH', `/api/v1/allProductsData/${tacos._id}`, admin, {
      items: ['Beef', 'Mascarpone'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await search(t, 'mascarpone');
    expect(after.names.sort()).toEqual(['Beef Tacos', 'Tiramisu']);
    expect(after.etag).not.toBe(first.etag);
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/v1/allProductsData/searchData/?searchText=mascarpone',
      headers: { 'if-none-match': first.etag },
    });
    expect(stale.statusCode).toBe(200);

    // Sold out is part of the answer (`available`): switching it off changes the kept answer too.
    const sold = await call(t, 'PATCH', `/api/v1/allProductsData/${tacos._id}`, admin, { available: false });
    expect(sold.statusCode, sold.body).toBe(200);
    const soldOut = (
      await t.app.inject({ method: 'GET', url: '/api/v1/allProductsData/searchData/?searchText=mascarpone' })
    ).json() as { data: Product[] };
    expect(soldOut.data.find((dish) => dish.name === 'Beef Tacos')?.available).toBe(false);
  });

  test('texts that find the same dishes share one answer, which a menu change renews for every text', async ({
    t,
    admin,
    dishes,
  }) => {
    // Two misspellings of "tiramisu", each searched for the first time: one answer, kept by its dishes (decision 067).
    const first = await search(t, 'tiramsu');
    expect(first.names).toEqual(['Tiramisu']);
    const other = await search(t, 'tiramisuu');
    expect(other).toEqual(first);

    const tiramisu = dishes.find((dish) => dish.name === 'Tiramisu') as Product;
    const changed = await call(t, 'PATCH', `/api/v1/allProductsData/${tiramisu._id}`, admin, {
      items: ['Mascarpone', 'Cocoa nibs'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // A third misspelling, new after the change, finds the same dish: its answer is the new one, not the one kept before.
    const after = await search(t, 'tiramisy');
    expect(after.names).toEqual(['Tiramisu']);
    expect(after.etag).not.toBe(first.etag);
    expect(after.body).toContain('Cocoa nibs');
  });
});
