import { uploadDishPicture } from '../../support/dish-picture.ts';
import { describe, expect } from 'vitest';
import { type OptionGroup, type Product, optionsInput } from '../../../src/shared/contract/catalog.ts';
import { DEMO_MENU } from '../../../src/server/db/seed/demo-menu.ts';
import { DEMO_OPTIONS } from '../../../src/server/db/seed/demo-options.ts';
import type { OrderListed } from '../../../src/shared/contract/orders.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import type { KitchenTicket } from '../../../src/shared/contract/kitchen.ts';
import { type TestAccount, createStaff } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import {
  addFavorite,
  addOrder,
  favoriteEntry,
  orderEntry,
  readRecord,
  call as send,
  storedBucketLoads,
} from '../../support/records.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * Dish options (docs/reference/ordering.md "Dish options", issue 37) through the HTTP API, on SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL: the admin's groups and values with their checks and stable ids,
 * staff switching a value, ordering with options (defaults, min, max, another dish's value, sold
 * out), prices with cents computed exactly, the copy a line keeps through later menu edits,
 * favourites confirmed with the defaults, and the ticket lines the checkout places.
 */

const ADMIN = { email: 'options-owner@example.com', password: 'options-owner-password' };

const test = useRecordsWorld(ADMIN)
  .extend('staff', { scope: 'file' }, async ({ t, admin }) => {
    const account = await createStaff(t.app, admin, { name: 'Sam Staff' });
    return account;
  })
  .extend('img', { scope: 'file' }, ({ t, admin }) => uploadDishPicture(t, admin))
  .extend('burger', { scope: 'file' }, async ({ t, admin, dishes, img }) => {
    const res = await send(t, 'POST', '/api/v1/allProductsData', admin, {
      name: 'Classic Cheeseburger',
      category: dishes[0]?.category,
      price: 10,
      items: ['Beef', 'Cheddar', 'Bun'],
      img,
      options: BURGER_OPTIONS,
    });
    if (res.statusCode !== 201) throw new Error(`could not add the burger: ${res.body}`);
    return res.json().data as Product;
  });

const BURGER_OPTIONS = [
  {
    name: 'Size',
    min: 1,
    max: 1,
    values: [
      { name: 'Regular', price: 0, default: true },
      { name: 'Large', price: 2.5, prepUnits: 0.5 },
    ],
  },
  {
    name: 'Extras',
    min: 0,
    max: 3,
    values: [
      { name: 'Extra cheese', price: 1, allergens: ['milk'] },
      { name: 'Bacon', price: 1.75 },
      { name: 'Pickles', price: 0.3 },
      { name: 'Egg', price: 1.1, allergens: ['eggs'] },
    ],
  },
];

const valueOf = (dish: Product, name: string) => {
  const value = (dish.options ?? []).flatMap((g) => g.values).find((v) => v.name === name);
  if (!value) throw new Error(`no value ${name}`);
  return value;
};

async function newDish(
  t: TestApp,
  admin: TestAccount,
  base: Product,
  fields: Record<string, unknown>,
): Promise<Product> {
  const res = await send(t, 'POST', '/api/v1/allProductsData', admin, {
    name: `Dish ${Math.random().toString(36).slice(2, 8)}`,
    category: base.category,
    price: 8,
    items: ['Something'],
    img: base.img,
    ...fields,
  });
  if (res.statusCode !== 201) throw new Error(`could not add a dish: ${res.body}`);
  return res.json().data as Product;
}

const order = (t: TestApp, who: TestAccount, dish: Product, quantity: number, options?: number[]) =>
  addOrder(t, who, orderEntry(dish, quantity, who.email, options === undefined ? {} : { options }));

describe('the demo menu', () => {
  test('a third of its dishes or more have options, valid under the contract; one group is required without a default; defaults are free', async ({
    dishes,
  }) => {
    const demo = dishes.filter((d) => DEMO_MENU.some((m) => m.name === d.name));
    const withOptions = demo.filter((d) => (d.options ?? []).length > 0);
    expect(withOptions.length * 3).toBeGreaterThanOrEqual(DEMO_MENU.length);
    expect(withOptions.length).toBe(Object.keys(DEMO_OPTIONS).length);
    for (const dish of withOptions) {
      expect(optionsInput.safeParse(dish.options).success, dish.name).toBe(true);
      for (const value of (dish.options ?? []).flatMap((g) => g.values).filter((v) => v.default))
        expect([dish.name, value.price, value.prepUnits, value.allergens]).toEqual([dish.name, 0, 0, []]);
    }
    const required = withOptions.flatMap((d) =>
      (d.options ?? [])
        .filter((g) => g.min > 0 && !g.values.some((v) => v.default))
        .map((g) => `${g.name} for ${d.name}`),
    );
    expect(required).toEqual(['Salsa for Pork Tamales']);
    expect(withOptions.some((d) => d.category === 'Italian Cuisine' && d.options?.[0]?.name === 'Size')).toBe(true);
  });

  test('a demo dish ordered without options costs what it did; the tamales need their salsa', async ({
    t,
    alice,
    dishes,
  }) => {
    const pizza = dishes.find((d) => d.name === 'Margherita Pizza') as Product;
    const plain = (await order(t, alice, pizza, 2)).json().data as OrderListed;
    expect(plain.orderPrice).toBe(pizza.price * 2);
    expect(plain.options).toEqual([{ group: 'Size', name: 'Regular (10")', price: 0 }]);
    const large = (
      await order(t, alice, pizza, 1, [valueOf(pizza, 'Large (14")')._id, valueOf(pizza, 'Olives')._id])
    ).json().data as OrderListed;
    expect(large.orderPrice).toBe(pizza.price + 5.5);
    const tamales = dishes.find((d) => d.name === 'Pork Tamales') as Product;
    const refused = await order(t, alice, tamales, 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Choose Salsa for Pork Tamales');
    expect((await order(t, alice, tamales, 1, [valueOf(tamales, 'Salsa verde')._id])).statusCode).toBe(201);
  });
});

describe('the admin edits a dish’s options', () => {
  test('a dish answers its groups in order with ids, prices with cents, defaults, prep units and allergens, on every read', async ({
    t,
    burger,
  }) => {
    expect(burger.options).toHaveLength(2);
    const [size, extras] = burger.options as OptionGroup[];
    expect(size).toMatchObject({ name: 'Size', min: 1, max: 1 });
    expect(size?.values.map((v) => [v.name, v.price, v.default, v.available, v.prepUnits])).toEqual([
      ['Regular', 0, true, true, 0],
      ['Large', 2.5, false, true, 0.5],
    ]);
    expect(extras?.values.map((v) => [v.name, v.price, v.allergens])).toEqual([
      ['Extra cheese', 1, ['milk']],
      ['Bacon', 1.75, []],
      ['Pickles', 0.3, []],
      ['Egg', 1.1, ['eggs']],
    ]);
    expect(typeof size?._id).toBe('number');
    const byId = (await send(t, 'GET', `/api/v1/allProductsData/${burger._id}`)).json().data as Product;
    expect(byId.options).toEqual(burger.options);
    const listed = ((await send(t, 'GET', '/api/v1/allProductsData')).json().data as Product[]).find(
      (d) => d._id === burger._id,
    );
    expect(listed?.options).toEqual(burger.options);
    const found = (
      (await send(t, 'GET', '/api/v1/allProductsData/searchData?searchText=Cheeseburger')).json().data as Product[]
    ).find((d) => d._id === burger._id);
    expect(found?.options).toEqual(burger.options);
  });

  test('a group or value sent with its _id keeps it; the others are new, those not sent are gone; reads follow at once', async ({
    t,
    admin,
    burger,
  }) => {
    const dish = await newDish(t, admin, burger, { options: BURGER_OPTIONS });
    await send(t, 'GET', `/api/v1/allProductsData/${dish._id}`); // cached before the change
    const [size, extras] = dish.options as OptionGroup[];
    const large = valueOf(dish, 'Large');
    const res = await send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, admin, {
      options: [
        // Reordered: Extras first; Large renamed and repriced, Regular dropped, a new value added.
        {
          _id: extras?._id,
          name: 'Extras',
          min: 0,
          max: 1,
          values: [{ _id: valueOf(dish, 'Bacon')._id, name: 'Bacon', price: 2 }],
        },
        {
          _id: size?._id,
          name: 'Size',
          min: 1,
          max: 1,
          values: [
            { _id: large._id, name: 'Big', price: 3.25, default: true },
            { name: 'Small', price: 0 },
          ],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await send(t, 'GET', `/api/v1/allProductsData/${dish._id}`)).json().data as Product;
    expect(after.options?.map((g) => [g._id, g.name, g.max])).toEqual([
      [extras?._id, 'Extras', 1],
      [size?._id, 'Size', 1],
    ]);
    expect(after.options?.[0]?.values.map((v) => [v._id, v.name, v.price])).toEqual([
      [valueOf(dish, 'Bacon')._id, 'Bacon', 2],
    ]);
    const values = after.options?.[1]?.values ?? [];
    expect(values[0]).toMatchObject({ _id: large._id, name: 'Big', price: 3.25, default: true });
    expect(values[1]?.name).toBe('Small');
    expect([large._id, valueOf(dish, 'Regular')._id, valueOf(dish, 'Bacon')._id]).not.toContain(values[1]?._id);
    // An empty list removes every group; the dish then answers an empty list (docs/decisions/028).
    expect((await send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, admin, { options: [] })).statusCode).toBe(
      200,
    );
    expect(((await send(t, 'GET', `/api/v1/allProductsData/${dish._id}`)).json().data as Product).options).toEqual([]);
  });

  test('every check of the contract answers 400 and changes nothing', async ({ t, admin, burger }) => {
    const other = await newDish(t, admin, burger, {
      options: [{ name: 'Sauce', min: 0, max: 1, values: [{ name: 'Mayo', price: 0 }] }],
    });
    const value = (fields: Record<string, unknown> = {}) => ({ name: 'A', price: 1, ...fields });
    const group = (fields: Record<string, unknown> = {}) => ({
      name: 'G',
      min: 0,
      max: 1,
      values: [value()],
      ...fields,
    });
    const bad: [string, unknown[]][] = [
      ['min above max', [group({ min: 2, max: 1, values: [value(), value({ name: 'B' })] })]],
      ['max above the number of values', [group({ max: 2 })]],
      ['a negative min', [group({ min: -1 })]],
      ['two groups of one name', [group(), group()]],
      ['two values of one name', [group({ max: 2, values: [value(), value()] })]],
      ['a price above 10,000', [group({ values: [value({ price: 10_000.01 })] })]],
      ['a negative price', [group({ values: [value({ price: -1 })] })]],
      ['a third decimal', [group({ values: [value({ price: 1.234 })] })]],
      ['more defaults than max', [group({ values: [value({ default: true }), value({ name: 'B', default: true })] })]],
      ['a group without values', [group({ values: [] })]],
      ['a value of another dish', [group({ values: [value({ _id: valueOf(other, 'Mayo')._id })] })]],
      ['a group of another dish', [group({ _id: other.options?.[0]?._id })]],
      ['an unknown allergen', [group({ values: [value({ allergens: ['glitter'] })] })]],
      ['a name too long', [group({ name: 'x'.repeat(61) })]],
    ];
    const before = (await send(t, 'GET', `/api/v1/allProductsData/${burger._id}`)).body;
    for (const [why, options] of bad) {
      const res = await send(t, 'PATCH', `/api/v1/allProductsData/${burger._id}`, admin, { options });
      expect(res.statusCode, `${why}: ${res.body}`).toBe(400);
      expect(res.json().success, why).toBe(false);
    }
    const created = await send(t, 'POST', '/api/v1/allProductsData', admin, {
      name: 'Bad options',
      category: burger.category,
      price: 5,
      items: ['x'],
      img: burger.img,
      options: [group({ min: 2 })],
    });
    expect(created.statusCode).toBe(400);
    expect((await send(t, 'GET', `/api/v1/allProductsData/${burger._id}`)).body).toBe(before);
  });

  test('who may: admins edit options, staff only switch a value; no token 401, guest 403', async ({
    t,
    admin,
    staff,
    alice,
    burger,
    dishes,
  }) => {
    const dish = await newDish(t, admin, burger, { options: BURGER_OPTIONS });
    const large = valueOf(dish, 'Large');
    const edit = (who?: TestAccount) =>
      send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, who, { options: BURGER_OPTIONS });
    const toggle = (who?: TestAccount, available = false) =>
      send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}/options/${large._id}`, who, { available });
    expect((await edit()).statusCode).toBe(401);
    expect((await edit(alice)).statusCode).toBe(403);
    expect((await edit(staff)).statusCode).toBe(403);
    expect((await toggle()).statusCode).toBe(401);
    expect((await toggle(alice)).statusCode).toBe(403);
    const fresh = (await edit(admin)).json().data as Product;
    const freshLarge = valueOf(fresh, 'Large');
    const off = await send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}/options/${freshLarge._id}`, staff, {
      available: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(valueOf(off.json().data as Product, 'Large').available).toBe(false);
    expect(
      valueOf((await send(t, 'GET', `/api/v1/allProductsData/${dish._id}`)).json().data as Product, 'Large').available,
    ).toBe(false);
    expect(
      (
        await send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}/options/${freshLarge._id}`, admin, {
          available: true,
        })
      ).statusCode,
    ).toBe(200);
    // Another dish's value, an unknown one, a bad body.
    expect(
      (
        await send(t, 'PATCH', `/api/v1/allProductsData/${dishes[0]?._id}/options/${freshLarge._id}`, staff, {
          available: false,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}/options/99999999`, staff, { available: false }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}/options/${freshLarge._id}`, staff, {
          available: 'no',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}/options/abc`, staff, { available: true }))
        .statusCode,
    ).toBe(400);
  });
});

describe('ordering a dish with options', () => {
  test('without options the defaults; with them the dish plus its values, × quantity, exact to the cent', async ({
    t,
    alice,
    burger,
  }) => {
    const plain = await order(t, alice, burger, 1);
    expect(plain.statusCode, plain.body).toBe(201);
    const line = plain.json().data as OrderListed;
    expect(line.orderPrice).toBe(10);
    expect(line.options).toEqual([{ group: 'Size', name: 'Regular', price: 0 }]);

    const ids = ['Large', 'Extra cheese', 'Pickles'].map((n) => valueOf(burger, n)._id);
    const chosen = await order(t, alice, burger, 3, ids);
    expect(chosen.statusCode, chosen.body).toBe(201);
    const big = chosen.json().data as OrderListed;
    // (10 + 2.5 + 1 + 0.3) × 3 = 41.4: in floating point 13.8 × 3 is 41.400000000000006.
    expect(big.orderPrice).toBe(41.4);
    expect(big.options).toEqual([
      { group: 'Size', name: 'Large', price: 2.5 },
      { group: 'Extras', name: 'Extra cheese', price: 1 },
      { group: 'Extras', name: 'Pickles', price: 0.3 },
    ]);
    // The same dish with other options is another line.
    const record = await readRecord(t, alice);
    const lines = record.orders.filter((o) => o.orderId === burger._id);
    expect(lines.map((o) => o.orderPrice)).toEqual([10, 41.4]);
  });

  test('a group below min, above max, another dish’s value, a repeated value: 400 with the contract’s text; sold out: 409', async ({
    t,
    admin,
    bob,
    burger,
  }) => {
    const required = await newDish(t, admin, burger, {
      name: `Curry ${Math.random().toString(36).slice(2, 6)}`,
      options: [
        {
          name: 'Spice',
          min: 1,
          max: 1,
          values: [
            { name: 'Mild', price: 0 },
            { name: 'Hot', price: 0 },
          ],
        },
      ],
    });
    const noChoice = await order(t, bob, required, 1);
    expect(noChoice.statusCode).toBe(400);
    expect(noChoice.json().message).toBe(`Choose Spice for ${required.name}`);

    const empty = await order(t, bob, burger, 1, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose Size for Classic Cheeseburger');

    const both = await order(t, bob, burger, 1, [valueOf(burger, 'Regular')._id, valueOf(burger, 'Large')._id]);
    expect(both.statusCode).toBe(400);
    const foreign = await order(t, bob, burger, 1, [valueOf(burger, 'Regular')._id, valueOf(required, 'Mild')._id]);
    expect(foreign.statusCode).toBe(400);
    const twice = await order(t, bob, burger, 1, [valueOf(burger, 'Regular')._id, valueOf(burger, 'Regular')._id]);
    expect(twice.statusCode).toBe(400);
    const notIds = await order(t, bob, burger, 1, ['x'] as unknown as number[]);
    expect(notIds.statusCode).toBe(400);

    const large = valueOf(burger, 'Large');
    expect(
      (
        await send(t, 'PATCH', `/api/v1/allProductsData/${burger._id}/options/${large._id}`, admin, {
          available: false,
        })
      ).statusCode,
    ).toBe(200);
    try {
      const soldOut = await order(t, bob, burger, 1, [large._id]);
      expect(soldOut.statusCode).toBe(409);
      expect(soldOut.json().message).toBe('Sold out: Large (Classic Cheeseburger)');
      // The defaults are still on.
      expect((await order(t, bob, burger, 1)).statusCode).toBe(201);
    } finally {
      await send(t, 'PATCH', `/api/v1/allProductsData/${burger._id}/options/${large._id}`, admin, { available: true });
    }
    expect((await readRecord(t, bob)).orders.filter((o) => o.orderId !== burger._id)).toEqual([]);
  });

  test('a later menu edit never changes a line’s price or its copy of the options', async ({
    t,
    admin,
    alice,
    burger,
  }) => {
    const dish = await newDish(t, admin, burger, { options: BURGER_OPTIONS, price: 9 });
    const placed = (await order(t, alice, dish, 2, [valueOf(dish, 'Large')._id, valueOf(dish, 'Bacon')._id])).json()
      .data as OrderListed;
    expect(placed.orderPrice).toBe(26.5);
    const [size, extras] = dish.options as OptionGroup[];
    await send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, admin, {
      price: 20,
      options: [
        {
          _id: size?._id,
          name: 'Portion',
          min: 1,
          max: 1,
          values: [{ _id: valueOf(dish, 'Large')._id, name: 'Huge', price: 9, default: true }],
        },
        { _id: extras?._id, name: 'Extras', min: 0, max: 1, values: [{ name: 'Chips', price: 2 }] },
      ],
    });
    const kept = (await readRecord(t, alice)).orders.find((o) => o._id === placed._id);
    expect(kept?.orderPrice).toBe(26.5);
    expect(kept?.options).toEqual([
      { group: 'Size', name: 'Large', price: 2.5 },
      { group: 'Extras', name: 'Bacon', price: 1.75 },
    ]);
  });

  test('a favourite keeps no options: confirming it orders the defaults, or 409 when they reach no min', async ({
    t,
    admin,
    alice,
    burger,
  }) => {
    const fav = await addFavorite(t, alice, favoriteEntry(burger, alice.email));
    expect(fav.statusCode, fav.body).toBe(201);
    const favId = (fav.json().data as { _id: string })._id;
    const confirmed = await addOrder(t, alice, { orderMainIdPending: favId, orderQuantity: 2, userGmail: alice.email });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect((confirmed.json().data as OrderListed).options).toEqual([{ group: 'Size', name: 'Regular', price: 0 }]);
    expect((confirmed.json().data as OrderListed).orderPrice).toBe(20);

    const required = await newDish(t, admin, burger, {
      name: `Pick ${Math.random().toString(36).slice(2, 6)}`,
      options: [
        {
          name: 'Size',
          min: 1,
          max: 1,
          values: [
            { name: 'Small', price: 0 },
            { name: 'Big', price: 1 },
          ],
        },
      ],
    });
    const fav2 = (await addFavorite(t, alice, favoriteEntry(required, alice.email))).json().data as { _id: string };
    const refused = await addOrder(t, alice, {
      orderMainIdPending: fav2._id,
      orderQuantity: 1,
      userGmail: alice.email,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Choose Size for ${required.name} on its page`);
    // Nothing was written: the favourite is still pending.
    const still = (await readRecord(t, alice)).favorites.find((f) => f._id === fav2._id);
    expect(still?.status).toBe('Pending');
  });
});

describe('a value sold out while it is being ordered', () => {
  test(
    '20 orders racing a sell-out: each is refused 409 naming the value, or priced and kept whole; none half-written',
    { timeout: 60_000 },
    async ({ t, admin, staff, alice, bob, burger }) => {
      const dish = await newDish(t, admin, burger, { options: BURGER_OPTIONS, price: 11 });
      const large = valueOf(dish, 'Large');
      const cheese = valueOf(dish, 'Extra cheese');
      const guests = [alice, bob];
      const before = await t.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('product_id', '=', Number(dish._id))
        .executeTakeFirstOrThrow();
      expect(Number(before.n)).toBe(0);
      // Ten orders go out, then the sell-out, then ten more, all at once.
      const place = (i: number) => order(t, guests[i % 2] as TestAccount, dish, 1 + (i % 3), [large._id, cheese._id]);
      const first = Array.from({ length: 10 }, (_, i) => place(i));
      const sellOut = send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}/options/${large._id}`, staff, {
        available: false,
      });
      const second = Array.from({ length: 10 }, (_, i) => place(10 + i));
      const [answers, switched] = await Promise.all([Promise.all([...first, ...second]), sellOut]);
      expect(switched.statusCode, switched.body).toBe(200);

      const kept = answers.filter((a) => a.statusCode === 201).map((a) => a.json().data as OrderListed);
      const refused = answers.filter((a) => a.statusCode === 409);
      expect(kept.length + refused.length, answers.map((a) => `${a.statusCode} ${a.body}`).join('\n')).toBe(20);
      for (const answer of refused) expect(answer.json().message).toBe(`Sold out: Large (${dish.name})`);
      // Each kept order is whole: (11 + 2.5 + 1) × quantity, with its copy of both values.
      for (const line of kept) {
        expect(line.orderPrice).toBe(14.5 * line.orderQuantity);
        expect(line.options).toEqual([
          { group: 'Size', name: 'Large', price: 2.5 },
          { group: 'Extras', name: 'Extra cheese', price: 1 },
        ]);
      }
      // The database holds exactly the kept ones, none other, each with its price and copy.
      const rows = await t.database.db
        .selectFrom('orders')
        .select(['id', 'quantity', 'unit_price', 'total_price', 'options'])
        .where('product_id', '=', Number(dish._id))
        .execute();
      expect(rows.map((r) => String(r.id)).sort()).toEqual(kept.map((l) => l._id).sort());
      for (const row of rows) {
        // Kept in minor units (docs/reference/ordering.md "Money that agrees on every screen").
        expect(Number(row.unit_price)).toBe(1450);
        expect(Number(row.total_price)).toBe(1450 * Number(row.quantity));
        expect((JSON.parse(row.options) as { name: string }[]).map((o) => o.name)).toEqual(['Large', 'Extra cheese']);
      }
      // Once the sell-out has answered, the value is refused every time; the dish with its defaults is still on.
      const after = await order(t, alice, dish, 1, [large._id]);
      expect(after.statusCode).toBe(409);
      expect((await order(t, alice, dish, 1)).statusCode).toBe(201);
    },
  );
});

describe('checkout and the kitchen', () => {
  test('ticket lines carry the options and the exact prices; the board shows them', async ({
    t,
    admin,
    alice,
    staff,
    burger,
  }) => {
    const settings = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
      timeZone: 'UTC',
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
      kitchen: {
        bucketMinutes: 15,
        unitsPerBucket: 40,
        prepMinutes: 20,
        extraDelayMinutes: 0,
        acceptingOrders: true,
        pausedUntil: null,
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const a = (
      await order(t, alice, burger, 2, [valueOf(burger, 'Large')._id, valueOf(burger, 'Extra cheese')._id])
    ).json().data as OrderListed;
    const b = (
      await order(t, alice, burger, 1, [valueOf(burger, 'Regular')._id, valueOf(burger, 'Pickles')._id])
    ).json().data as OrderListed;
    const placed = await send(t, 'POST', '/api/v1/checkout', alice, {
      orderIds: [a._id, b._id],
      fulfilment: 'pickup',
      when: 'asap',
      pay: { Method: 'bkash', AccountNumber: '01711000000' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const ticket = placed.json().data as Ticket;
    expect(ticket.lines.map((l) => [l.name, l.quantity, l.price, l.options])).toEqual([
      [
        'Classic Cheeseburger',
        2,
        27,
        [
          { group: 'Size', name: 'Large', price: 2.5 },
          { group: 'Extras', name: 'Extra cheese', price: 1 },
        ],
      ],
      [
        'Classic Cheeseburger',
        1,
        10.3,
        [
          { group: 'Size', name: 'Regular', price: 0 },
          { group: 'Extras', name: 'Pickles', price: 0.3 },
        ],
      ],
    ]);
    expect(ticket.subtotal).toBe(37.3);
    expect(ticket.total).toBe(37.3);
    // The kitchen's load: 2 × (1 + Large's 0.5) + 1 × 1 = 4 units (3 without the size), in the buckets too.
    const row = await t.database.db
      .selectFrom('tickets')
      .select('units')
      .where('id', '=', Number(ticket._id))
      .executeTakeFirstOrThrow();
    expect(row.units).toBe(4);
    expect((await storedBucketLoads(t)).reduce((sum, [, units]) => sum + units, 0)).toBe(4);
    const board = (await send(t, 'GET', '/api/v1/kitchen/tickets', staff)).json().data as KitchenTicket[];
    const card = board.find((c) => c._id === ticket._id);
    expect(card?.lines[0]?.options?.map((o) => o.name)).toEqual(['Large', 'Extra cheese']);
    // A line's allergens on the board are its dish's and its chosen values', each once, in the list's order.
    expect(card?.lines.map((l) => l.allergens)).toEqual([['milk'], []]);
    const egg = (
      await order(t, alice, burger, 1, [
        valueOf(burger, 'Regular')._id,
        valueOf(burger, 'Egg')._id,
        valueOf(burger, 'Extra cheese')._id,
      ])
    ).json().data as OrderListed;
    const second = await send(t, 'POST', '/api/v1/checkout', alice, {
      orderIds: [egg._id],
      fulfilment: 'pickup',
      when: 'asap',
      pay: { Method: 'bkash', AccountNumber: '01711000000' },
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(
      (await send(t, 'PATCH', `/api/v1/allProductsData/${burger._id}`, admin, { allergens: ['milk', 'gluten'] }))
        .statusCode,
    ).toBe(200);
    const cards = (await send(t, 'GET', '/api/v1/kitchen/tickets', staff)).json().data as KitchenTicket[];
    expect(cards.find((c) => c._id === ticket._id)?.lines.map((l) => l.allergens)).toEqual([
      ['gluten', 'milk'],
      ['gluten', 'milk'],
    ]);
    expect(cards.find((c) => c._id === (second.json().data as Ticket)._id)?.lines.map((l) => l.allergens)).toEqual([
      ['gluten', 'eggs', 'milk'],
    ]);
    expect((await send(t, 'PATCH', `/api/v1/allProductsData/${burger._id}`, admin, { allergens: [] })).statusCode).toBe(
      200,
    );
    // All day counts the dish and, under it, its chosen values in portions.
    const allDay = (await send(t, 'GET', '/api/v1/kitchen/all-day', staff)).json().data as {
      productId: string;
      quantity: number;
      options?: { name: string; quantity: number }[];
    }[];
    const count = allDay.find((c) => c.productId === burger._id);
    expect(count?.quantity).toBe(4);
    expect(count?.options).toEqual([
      { name: 'Large', quantity: 2 },
      { name: 'Extra cheese', quantity: 3 },
      { name: 'Regular', quantity: 2 },
      { name: 'Pickles', quantity: 1 },
      { name: 'Egg', quantity: 1 },
    ]);
  });

  test('a value sold out after its line went into the bag: the checkout refuses that line with 409 naming it, and places nothing', async ({
    t,
    admin,
    alice,
    burger,
  }) => {
    const settings = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
      timeZone: 'UTC',
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
      kitchen: {
        bucketMinutes: 15,
        unitsPerBucket: 40,
        prepMinutes: 20,
        extraDelayMinutes: 0,
        acceptingOrders: true,
        pausedUntil: null,
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const large = valueOf(burger, 'Large');
    const line = (await order(t, alice, burger, 1, [large._id])).json().data as OrderListed;
    const ticketsBefore = await t.database.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(
      (
        await send(t, 'PATCH', `/api/v1/allProductsData/${burger._id}/options/${large._id}`, admin, {
          available: false,
        })
      ).statusCode,
    ).toBe(200);
    try {
      const refused = await send(t, 'POST', '/api/v1/checkout', alice, {
        orderIds: [line._id],
        fulfilment: 'pickup',
        when: 'asap',
        pay: { Method: 'cash' },
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe('Sold out: Large (Classic Cheeseburger)');
      const ticketsAfter = await t.database.db
        .selectFrom('tickets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(ticketsAfter.n)).toBe(Number(ticketsBefore.n));
    } finally {
      await send(t, 'PATCH', `/api/v1/allProductsData/${burger._id}/options/${large._id}`, admin, { available: true });
    }
    // Back on: the same line checks out.
    const placed = await send(t, 'POST', '/api/v1/checkout', alice, {
      orderIds: [line._id],
      fulfilment: 'pickup',
      when: 'asap',
      pay: { Method: 'cash' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
  });
});
