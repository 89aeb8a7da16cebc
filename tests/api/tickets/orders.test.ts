import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { MAX_QUANTITY } from '../../../src/shared/constants.ts';
import { type TestAccount, createAccount } from '../../support/factories.ts';
import {
  addFavorite,
  addOrder,
  call,
  expectUnchanged,
  favoriteEntry,
  orderEntry,
  q,
  readRecord,
  snapshot,
} from '../../support/records.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import type { TestApp } from '../../support/test-app.ts';

const ADMIN = { email: 'chef@example.com', password: 'chef-password-1' };

const test = useRecordsWorld(ADMIN)
  .extend('burger', { scope: 'file' }, ({ dishes }) => dishes[0] as Product)
  .extend(
    'tacos',
    { scope: 'file' },
    ({ dishes, burger }) => dishes.find((d) => d.category !== burger.category) as Product,
  );

const order = (t: TestApp, account: TestAccount, payload: unknown, email = account.email) =>
  addOrder(t, account, payload, email);

describe('PATCH /api/v1/users/?email= (an order)', () => {
  test('books the dish at the catalogue price × quantity with status Conform', async ({ t, alice, burger }) => {
    const res = await order(t, alice, orderEntry(burger, 2, alice.email));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: expect.any(String),
      data: {
        _id: expect.any(String),
        orderMainId: body.data._id,
        orderId: burger._id,
        orderName: burger.name,
        orderImg: burger.img,
        orderCategory: burger.category,
        orderPrice: burger.price * 2,
        orderQuantity: 2,
        status: 'Conform',
        payment: null,
      },
    });
    const record = await readRecord(t, alice);
    expect(record.orders).toContainEqual(body.data);
    const row = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', Number(body.data.orderMainId))
      .executeTakeFirstOrThrow();
    // Kept in minor units (docs/reference/ordering.md "Money that agrees on every screen").
    expect(row).toMatchObject({
      unit_price: burger.price * 100,
      quantity: 2,
      total_price: burger.price * 200,
      status: 'Conform',
      payment: null,
      pay_account: null,
    });
  });

  test('accepts the path without the trailing slash, a numeric orderId and a numeric-string quantity', async ({
    t,
    alice,
    tacos,
  }) => {
    const res = await call(
      t,
      'PATCH',
      `/api/v1/users${q(alice.email)}`,
      alice,
      orderEntry(tacos, '3', alice.email, { orderId: Number(tacos._id) }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ orderId: tacos._id, orderQuantity: 3, orderPrice: tacos.price * 3 });
  });

  test('accepts the largest quantity and only the fields it trusts (e-mail case does not matter)', async ({
    t,
    alice,
    burger,
  }) => {
    const res = await order(t, alice, { orderId: burger._id, orderQuantity: MAX_QUANTITY }, alice.email.toUpperCase());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      orderQuantity: MAX_QUANTITY,
      orderPrice: burger.price * MAX_QUANTITY,
      status: 'Conform',
    });
  });

  test('ignores a tampered price, name, picture, category and status: the catalogue wins', async ({
    t,
    alice,
    burger,
  }) => {
    const tampered = orderEntry(burger, 2, alice.email, {
      orderPrice: '0.01',
      orderName: 'Free lunch',
      orderImg: 'https://evil.example/x.png',
      orderCategory: 'Nope',
      status: 'Pending',
      payment: 'paid',
      _id: '1',
    });
    const res = await order(t, alice, tampered);
    expect(res.statusCode).toBe(201);
    const id = Number(res.json().data.orderMainId);
    const row = await t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: burger.name,
      img: burger.img,
      category: burger.category,
      unit_price: burger.price * 100,
      total_price: burger.price * 200,
      status: 'Conform',
      payment: null,
    });
  });

  test('refuses bad quantities with 400 and changes nothing', async ({ t, alice, burger }) => {
    const bad: unknown[] = [
      0,
      -1,
      -99,
      2.5,
      '2.5',
      '1e2',
      MAX_QUANTITY + 1,
      1e9,
      1e20,
      '99999999999999999999',
      'abc',
      '',
      ' ',
      null,
      true,
      [2],
      { n: 2 },
    ];
    for (const quantity of bad) {
      await expectUnchanged(t, async () => {
        const res = await order(t, alice, orderEntry(burger, 1, alice.email, { orderQuantity: quantity }));
        expect(res.statusCode, JSON.stringify(quantity)).toBe(400);
        expect(res.json()).toEqual({ success: false, message: expect.stringContaining('orderQuantity') });
      });
    }
    await expectUnchanged(t, async () => {
      const { orderQuantity: _omitted, ...withoutQuantity } = orderEntry(burger, 1, alice.email);
      expect((await order(t, alice, withoutQuantity)).statusCode).toBe(400);
    });
  });

  test('refuses a missing or malformed orderId with 400 and an unknown dish with 404, changing nothing', async ({
    t,
    alice,
    burger,
  }) => {
    await expectUnchanged(t, async () => {
      const { orderId: _omitted, ...withoutId } = orderEntry(burger, 1, alice.email);
      const res = await order(t, alice, withoutId);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/orderId/);
      for (const orderId of [
        0,
        -1,
        '0',
        'abc',
        '1.5',
        1.5,
        '01',
        null,
        true,
        {},
        [1],
        '507f1f77bcf86cd799439011',
        2 ** 31,
      ]) {
        expect(
          (await order(t, alice, orderEntry(burger, 1, alice.email, { orderId }))).statusCode,
          JSON.stringify(orderId),
        ).toBe(400);
      }
      for (const orderId of ['999999', 2_147_483_647]) {
        const unknown = await order(t, alice, orderEntry(burger, 1, alice.email, { orderId }));
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toEqual({ success: false, message: expect.any(String) });
      }
    });
  });

  test('refuses bodies that are not an object, and a missing or malformed e-mail, with 400', async ({
    t,
    alice,
    burger,
  }) => {
    await expectUnchanged(t, async () => {
      for (const payload of ['"text"', '[]', '42', 'not json']) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/users/${q(alice.email)}`,
          headers: { authorization: `Bearer ${alice.accessToken}`, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, payload).toBe(400);
      }
      expect((await call(t, 'PATCH', '/api/v1/users/', alice, orderEntry(burger, 1, alice.email))).statusCode).toBe(
        400,
      );
      expect(
        (await call(t, 'PATCH', '/api/v1/users/?email=not-an-email', alice, orderEntry(burger, 1, alice.email)))
          .statusCode,
      ).toBe(400);
    });
  });

  test('lets only the token owner order: 401 without a token, 403 for another e-mail or userGmail, also for an admin', async ({
    t,
    alice,
    bob,
    admin,
    burger,
  }) => {
    await expectUnchanged(t, async () => {
      const anonymous = await call(
        t,
        'PATCH',
        `/api/v1/users/${q(alice.email)}`,
        undefined,
        orderEntry(burger, 1, alice.email),
      );
      expect(anonymous.statusCode).toBe(401);
      expect(
        (
          await call(
            t,
            'PATCH',
            `/api/v1/users/${q(alice.email)}`,
            { accessToken: 'not-a-real-token-at-all' },
            orderEntry(burger, 1, alice.email),
          )
        ).statusCode,
      ).toBe(401);
      expect((await order(t, bob, orderEntry(burger, 1, alice.email), alice.email)).statusCode).toBe(403);
      expect((await order(t, bob, orderEntry(burger, 1, alice.email))).statusCode).toBe(403);
      expect((await order(t, admin, orderEntry(burger, 1, alice.email), alice.email)).statusCode).toBe(403);
    });
    // Without a token the body is not even looked at.
    expect(
      (await call(t, 'PATCH', `/api/v1/users/${q(alice.email)}`, undefined, { orderQuantity: -1 })).statusCode,
    ).toBe(401);
  });
});

describe('PUT /api/v1/users/{orderMainId} (delete a booking order)', () => {
  test("deletes the caller's order and answers with it", async ({ t, bob, tacos }) => {
    const placed = (await order(t, bob, orderEntry(tacos, 1, bob.email))).json().data;
    const res = await call(t, 'PUT', `/api/v1/users/${placed.orderMainId}`, bob, { email: bob.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: expect.any(String), data: placed });
    expect((await readRecord(t, bob)).orders.find((o) => o.orderMainId === placed.orderMainId)).toBeUndefined();
    expect((await call(t, 'PUT', `/api/v1/users/${placed.orderMainId}/`, bob, { email: bob.email })).statusCode).toBe(
      404,
    );
  });

  test("refuses someone else's order, another e-mail, no token, bad ids and a missing e-mail, changing nothing", async ({
    t,
    alice,
    bob,
    admin,
    tacos,
  }) => {
    const placed = (await order(t, alice, orderEntry(tacos, 1, alice.email))).json().data;
    await expectUnchanged(t, async () => {
      expect((await call(t, 'PUT', `/api/v1/users/${placed.orderMainId}`, bob, { email: bob.email })).statusCode).toBe(
        404,
      );
      expect(
        (await call(t, 'PUT', `/api/v1/users/${placed.orderMainId}`, bob, { email: alice.email })).statusCode,
      ).toBe(403);
      expect(
        (await call(t, 'PUT', `/api/v1/users/${placed.orderMainId}`, admin, { email: alice.email })).statusCode,
      ).toBe(403);
      expect(
        (await call(t, 'PUT', `/api/v1/users/${placed.orderMainId}`, undefined, { email: alice.email })).statusCode,
      ).toBe(401);
      expect((await call(t, 'PUT', `/api/v1/users/${placed.orderMainId}`, alice, {})).statusCode).toBe(400);
      for (const id of ['0', '-1', 'abc', '1.5', '99999999999999999999', '2147483648', '999999', '%27%20or%201%3D1']) {
        const res = await call(t, 'PUT', `/api/v1/users/${id}`, alice, { email: alice.email });
        expect(res.statusCode, id).toBe(id === '999999' ? 404 : 400);
        expect(res.json()).toEqual({ success: false, message: expect.any(String) });
      }
    });
  });
});

describe('PATCH /api/v1/users/?email= with orderMainIdPending (confirm a favourite)', () => {
  async function favourite(t: TestApp, account: TestAccount, dish: Product) {
    const res = await addFavorite(t, account, favoriteEntry(dish, account.email));
    expect([200, 201]).toContain(res.statusCode);
    return res.json().data as { orderMainId: string; orderId: string; status: string };
  }
  const confirmEntry = (
    dish: Product,
    favoriteId: string,
    quantity: number | string,
    email: string,
    overrides: Record<string, unknown> = {},
  ) => orderEntry(dish, quantity, email, { orderMainIdPending: favoriteId, status: 'Conform', ...overrides });

  test('marks the favourite Conform with the quantity and books exactly one order at catalogue price × quantity', async ({
    t,
    tacos,
  }) => {
    const carol = await createAccount(t.app, { name: 'Carol' });
    const fav = await favourite(t, carol, tacos);
    expect(fav.status).toBe('Pending');
    const res = await order(t, carol, confirmEntry(tacos, fav.orderMainId, 3, carol.email, { orderPrice: '1' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: expect.any(String) });
    expect(body.data).toMatchObject({
      orderId: tacos._id,
      orderQuantity: 3,
      orderPrice: tacos.price * 3,
      status: 'Conform',
      payment: null,
    });
    expect(body.favorite).toMatchObject({
      orderMainId: fav.orderMainId,
      status: 'Conform',
      orderQuantity: 3,
      orderPrice: tacos.price,
    });
    const record = await readRecord(t, carol);
    expect(record.orders).toEqual([body.data]);
    expect(record.favorites).toEqual([body.favorite]);
  });

  test('refuses to confirm twice (409), also when two confirmations race, leaving one order', async ({ t, burger }) => {
    const dave = await createAccount(t.app, { name: 'Dave' });
    const fav = await favourite(t, dave, burger);
    const [first, second] = await Promise.all([
      order(t, dave, confirmEntry(burger, fav.orderMainId, 2, dave.email)),
      order(t, dave, confirmEntry(burger, fav.orderMainId, 2, dave.email)),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([201, 409]);
    await expectUnchanged(t, async () => {
      const again = await order(t, dave, confirmEntry(burger, fav.orderMainId, 2, dave.email));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ success: false, message: expect.any(String) });
    });
    const record = await readRecord(t, dave);
    expect(record.orders).toHaveLength(1);
    expect(record.orders[0]).toMatchObject({ orderQuantity: 2, orderPrice: burger.price * 2 });
  });

  test("refuses someone else's favourite, unknown ids, a wrong status, a different dish and bad quantities, changing nothing", async ({
    t,
    bob,
    admin,
    burger,
    tacos,
  }) => {
    const erin = await createAccount(t.app, { name: 'Erin' });
    const fav = await favourite(t, erin, burger);
    await expectUnchanged(t, async () => {
      expect((await order(t, bob, confirmEntry(burger, fav.orderMainId, 1, bob.email))).statusCode).toBe(404);
      expect((await order(t, bob, confirmEntry(burger, fav.orderMainId, 1, erin.email), erin.email)).statusCode).toBe(
        403,
      );
      expect((await order(t, admin, confirmEntry(burger, fav.orderMainId, 1, erin.email), erin.email)).statusCode).toBe(
        403,
      );
      expect((await order(t, erin, confirmEntry(burger, '999999', 1, erin.email))).statusCode).toBe(404);
      for (const id of ['0', 'abc', -3, 1.5, null]) {
        expect(
          (await order(t, erin, confirmEntry(burger, fav.orderMainId, 1, erin.email, { orderMainIdPending: id })))
            .statusCode,
          String(id),
        ).toBe(400);
      }
      expect(
        (await order(t, erin, confirmEntry(burger, fav.orderMainId, 1, erin.email, { status: 'Pending' }))).statusCode,
      ).toBe(400);
      expect((await order(t, erin, confirmEntry(tacos, fav.orderMainId, 1, erin.email))).statusCode).toBe(400);
      for (const quantity of [0, -2, 2.5, MAX_QUANTITY + 1, 'x']) {
        expect(
          (await order(t, erin, confirmEntry(burger, fav.orderMainId, quantity as number, erin.email))).statusCode,
        ).toBe(400);
      }
      const unauthenticated = await call(
        t,
        'PATCH',
        `/api/v1/users/${q(erin.email)}`,
        undefined,
        confirmEntry(burger, fav.orderMainId, 1, erin.email),
      );
      expect(unauthenticated.statusCode).toBe(401);
    });
    const record = await readRecord(t, erin);
    expect(record.favorites[0]?.status).toBe('Pending');
    expect(record.orders).toEqual([]);
  });

  test('leaves neither the confirmed favourite nor the order when the order cannot be written', async ({
    t,
    tacos,
  }) => {
    const frank = await createAccount(t.app, { name: 'Frank' });
    const fav = await favourite(t, frank, tacos);
    const db = t.database.db;
    // A trigger makes the second step (the order insert) fail after the favourite was updated.
    if (t.database.engine === 'postgres') {
      await sql`create function refuse_order() returns trigger language plpgsql as $$ begin raise exception 'kitchen closed'; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_order before insert on orders for each row execute function refuse_order()`.execute(
        db,
      );
    } else {
      await sql`create trigger refuse_order before insert on orders begin select raise(abort, 'kitchen closed'); end`.execute(
        db,
      );
    }
    try {
      const before = await snapshot(t);
      const res = await order(t, frank, confirmEntry(tacos, fav.orderMainId, 2, frank.email));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, message: expect.any(String) });
      expect(res.body).not.toMatch(/kitchen closed/);
      expect(await snapshot(t)).toEqual(before);
    } finally {
      await sql`drop trigger refuse_order${t.database.engine === 'postgres' ? sql` on orders` : sql``}`.execute(db);
      if (t.database.engine === 'postgres') await sql`drop function refuse_order()`.execute(db);
    }
    const record = await readRecord(t, frank);
    expect(record.favorites[0]).toMatchObject({ status: 'Pending', orderQuantity: 1 });
    expect(record.orders).toEqual([]);
    // Once the kitchen opens again, the same confirmation goes through.
    expect((await order(t, frank, confirmEntry(tacos, fav.orderMainId, 2, frank.email))).statusCode).toBe(201);
  });
});
