import { describe, expect } from 'vitest';
import type { BranchDish } from '../../../src/shared/contract/branch-menu.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { addBranch, forgetBranches } from '../../support/branches.ts';
import { createStaff } from '../../support/factories.ts';
import { call, orderEntry } from '../../support/records.ts';
import { named, order, useStaffOrderWorld } from '../../support/staff-orders.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * Issue 57 (docs/reference/branches.md "The API", decision 068): what a branch sells. A dish is
 * offered at every branch at the brand's price unless the branch says otherwise; a branch's own
 * price, its option values' prices and its sold-out are read by every menu read at that branch
 * and charged by its orders, and change nothing at another branch. On both engines.
 */
const ADMIN = { email: 'menu-per-branch@example.com', password: 'menu-per-branch-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const test = useStaffOrderWorld(ADMIN, () => NOW);

const menu = async (t: TestApp, query: string, cookie?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/allProductsData${query}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Product[] }>().data;
};
const priceOf = (dishes: Product[], id: string) => dishes.find((dish) => dish._id === id)?.price;

describe('the menu at a branch', () => {
  test("a branch's own prices, offers and sold-out are read and charged there only", async ({
    t,
    admin,
    staff,
    alice,
    dishes,
  }) => {
    await addBranch(t.database.db);
    await forgetBranches(t, admin);
    const tacos = named(dishes, 'Beef Tacos');
    const withPricedOption = dishes.find((dish) => dish.options?.some((g) => g.values.some((v) => v.price > 0)));
    if (!withPricedOption) throw new Error('the demo menu has a dish with a priced option');
    const value = withPricedOption.options!.flatMap((g) => g.values).find((v) => v.price > 0)!;
    const dropped = dishes.find((dish) => dish._id !== tacos._id && dish._id !== withPricedOption._id)!;

    // Gulshan's word: its own price for the tacos, its own price for an option value, one dish not offered.
    const put = (productId: string, body: unknown, who = admin) =>
      call(t, 'PUT', `/api/v1/branches/gulshan/menu/${productId}`, who, body);
    const priced = await put(tacos._id, { offered: true, price: tacos.price + 1.25 });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json<{ data: BranchDish }>().data).toEqual({
      branchId: '2',
      productId: tacos._id,
      offered: true,
      price: tacos.price + 1.25,
      values: [],
    });
    expect(
      (
        await put(withPricedOption._id, {
          offered: true,
          price: null,
          values: [{ _id: value._id, price: value.price + 2 }],
        })
      ).statusCode,
    ).toBe(200);
    expect((await put(dropped._id, { offered: false, price: null })).statusCode).toBe(200);
    // Bad input: nothing written.
    expect((await put(tacos._id, { offered: true, price: -1 })).statusCode).toBe(400);
    expect((await put(tacos._id, { offered: 'yes', price: null })).statusCode).toBe(400);
    expect((await put('99999', { offered: true, price: null })).statusCode).toBe(404);
    const otherValue = dishes.flatMap((d) => d.options ?? []).find((g) => !withPricedOption.options!.includes(g));
    if (otherValue)
      expect(
        (await put(tacos._id, { offered: true, price: null, values: [{ _id: otherValue.values[0]!._id, price: 1 }] }))
          .statusCode,
      ).toBe(400);
    // Staff read their branch's word; they do not set it.
    expect((await put(tacos._id, { offered: false, price: null }, staff)).statusCode).toBe(403);
    const word = await call(t, 'GET', '/api/v1/branches/gulshan/menu', staff);
    expect(word.statusCode).toBe(200);
    expect(word.json<{ data: BranchDish[] }>().data.map((d) => [d.productId, d.offered, d.price])).toEqual(
      [
        [tacos._id, true, tacos.price + 1.25],
        [withPricedOption._id, true, null],
        [dropped._id, false, null],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );

    // Every menu read at Gulshan (by ?branch= or by the guest's cookie) answers its word.
    for (const [query, cookie] of [
      ['?branch=gulshan', undefined],
      ['', 'branch=gulshan'],
    ] as const) {
      const there = await menu(t, query, cookie);
      expect(priceOf(there, tacos._id)).toBe(tacos.price + 1.25);
      expect(there.some((dish) => dish._id === dropped._id)).toBe(false);
      const options = there.find((dish) => dish._id === withPricedOption._id)!.options!.flatMap((g) => g.values);
      expect(options.find((v) => v._id === value._id)?.price).toBe(value.price + 2);
    }
    const one = await call(t, 'GET', `/api/v1/allProductsData/${dropped._id}?branch=gulshan`);
    expect(one.statusCode).toBe(404);
    const search = await call(t, 'GET', `/api/v1/allProductsData/searchData?searchText=tacos&branch=gulshan`);
    expect(priceOf(search.json<{ data: Product[] }>().data, tacos._id)).toBe(tacos.price + 1.25);
    // The first branch is as it was.
    const home = await menu(t, '');
    expect(priceOf(home, tacos._id)).toBe(tacos.price);
    expect(priceOf(home, dropped._id)).toBe(dropped.price);

    // Orders are charged at their branch's prices; a dish it does not offer is refused there.
    const placed = await call(t, 'POST', '/api/v1/tickets?branch=gulshan', staff, order(tacos));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json<{ data: Ticket }>().data.lines[0]?.price).toBe(tacos.price + 1.25);
    const withOption = await call(
      t,
      'POST',
      '/api/v1/tickets?branch=gulshan',
      staff,
      order(withPricedOption, {
        lines: [{ productId: withPricedOption._id, quantity: 1, options: [value._id] }],
      }),
    );
    expect(withOption.statusCode, withOption.body).toBe(201);
    const line = withOption.json<{ data: Ticket }>().data.lines[0]!;
    expect(line.options?.find((o) => o.name === value.name)?.price).toBe(value.price + 2);
    const refused = await call(t, 'POST', '/api/v1/tickets?branch=gulshan', staff, order(dropped));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(`${dropped.name} is not offered at this branch`);
    // A guest's bag line at Gulshan takes Gulshan's price, and its checkout charges it.
    const bagged = await call(
      t,
      'PATCH',
      `/api/v1/users/?email=${encodeURIComponent(alice.email)}&branch=gulshan`,
      alice,
      orderEntry(tacos, 2, alice.email),
    );
    expect(bagged.statusCode, bagged.body).toBe(201);
    const bagLine = await t.database.db
      .selectFrom('orders')
      .select(['total_price', 'branch_id'])
      .where('user_id', '=', Number(alice.userId))
      .executeTakeFirstOrThrow();
    expect([Number(bagLine.total_price), bagLine.branch_id]).toEqual([(tacos.price + 1.25) * 2 * 100, 2]);
    const home1 = await call(t, 'POST', '/api/v1/tickets', staff, order(tacos));
    expect(home1.json<{ data: Ticket }>().data.lines[0]?.price).toBe(tacos.price);

    // Sold out at Gulshan is Gulshan's: its staff switch it, the first branch still sells it.
    const soldOut = await call(t, 'PATCH', `/api/v1/allProductsData/${tacos._id}?branch=gulshan`, staff, {
      available: false,
    });
    expect(soldOut.statusCode, soldOut.body).toBe(200);
    expect(soldOut.json<{ data: Product }>().data).toMatchObject({ available: false, price: tacos.price + 1.25 });
    expect((await menu(t, '?branch=gulshan')).find((d) => d._id === tacos._id)?.available).toBe(false);
    expect((await menu(t, '')).find((d) => d._id === tacos._id)?.available).toBe(true);
    expect((await call(t, 'POST', '/api/v1/tickets?branch=gulshan', staff, order(tacos))).statusCode).toBe(409);
    expect((await call(t, 'POST', '/api/v1/tickets', staff, order(tacos))).statusCode).toBe(201);
    const back = await call(t, 'PATCH', `/api/v1/allProductsData/${tacos._id}?branch=gulshan`, staff, {
      available: true,
    });
    expect(back.json<{ data: Product }>().data.available).toBe(true);

    // A cook held at the first branch cannot switch Gulshan's.
    const held = await createStaff(t.app, admin, { name: 'Dhaka Cook' });
    await call(t, 'PATCH', `/api/v1/users/users/${held.userId}`, admin, { role: 'staff', branches: ['1'] });
    const notHers = await call(t, 'PATCH', `/api/v1/allProductsData/${tacos._id}?branch=gulshan`, held, {
      available: false,
    });
    expect(notHers.statusCode).toBe(403);
    expect((await menu(t, '?branch=gulshan')).find((d) => d._id === tacos._id)?.available).toBe(true);

    // Back to the brand's price: null.
    expect((await put(tacos._id, { offered: true, price: null })).statusCode).toBe(200);
    expect(priceOf(await menu(t, '?branch=gulshan'), tacos._id)).toBe(tacos.price);
  });
});
