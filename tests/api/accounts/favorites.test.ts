import { describe, expect } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { MAX_QUANTITY } from '../../../src/shared/constants.ts';
import { type TestAccount, createAccount } from '../../support/factories.ts';
import { addFavorite, call, expectUnchanged, favoriteEntry, q, readRecord } from '../../support/records.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import type { TestApp } from '../../support/test-app.ts';

const ADMIN = { email: 'maitre@example.com', password: 'maitre-password-1' };

const test = useRecordsWorld(ADMIN)
  .extend('soup', { scope: 'file' }, ({ dishes }) => dishes[1] as Product)
  .extend('cake', { scope: 'file' }, ({ dishes }) => dishes[dishes.length - 1] as Product)
  .extend('salad', { scope: 'file' }, ({ dishes }) => dishes[2] as Product);

const favourite = (t: TestApp, account: TestAccount, payload: unknown, email = account.email) =>
  addFavorite(t, account, payload, email);
const unfavourite = (t: TestApp, account: TestAccount, dishId: string, email = account.email) =>
  call(t, 'PUT', `/api/v1/users/favorites/${dishId}`, account, { email });

describe('PATCH /api/v1/users/favorites/?email=', () => {
  test('stores a Pending favourite with the catalogue unit price, whatever the body says', async ({
    t,
    alice,
    soup,
  }) => {
    const res = await favourite(
      t,
      alice,
      favoriteEntry(soup, alice.email, { orderPrice: '0', orderName: 'x', status: 'Conform', orderQuantity: 2 }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: expect.any(String),
      data: {
        _id: expect.any(String),
        orderMainId: body.data._id,
        orderId: soup._id,
        orderName: soup.name,
        orderImg: soup.img,
        orderCategory: soup.category,
        orderPrice: soup.price,
        orderQuantity: 2,
        status: 'Pending',
        dishStatus: 'available',
      },
    });
    expect((await readRecord(t, alice)).favorites).toEqual([body.data]);
  });

  test('keeps one favourite per guest and dish: a second call writes nothing and says so', async ({
    t,
    alice,
    bob,
    soup,
    cake,
  }) => {
    const before = (await readRecord(t, alice)).favorites;
    await expectUnchanged(t, async () => {
      const res = await call(
        t,
        'PATCH',
        `/api/v1/users/favorites${q(alice.email)}`,
        alice,
        favoriteEntry(soup, alice.email),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: expect.stringMatching(/already/i), data: before[0] });
    });
    // Racing calls still leave one row.
    const results = await Promise.all([1, 2, 3].map(() => favourite(t, bob, favoriteEntry(cake, bob.email))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect((await readRecord(t, bob)).favorites).toHaveLength(1);
  });

  test('defaults the quantity to 1 and refuses bad quantities and dish ids, changing nothing', async ({
    t,
    alice,
    bob,
    cake,
    salad,
  }) => {
    const minimal = await favourite(t, bob, { orderId: Number(salad._id) });
    expect(minimal.statusCode).toBe(201);
    expect(minimal.json().data).toMatchObject({ orderQuantity: 1, status: 'Pending' });
    await expectUnchanged(t, async () => {
      for (const orderQuantity of [0, -1, 1.5, MAX_QUANTITY + 1, 'two', null]) {
        expect(
          (await favourite(t, alice, favoriteEntry(cake, alice.email, { orderQuantity }))).statusCode,
          String(orderQuantity),
        ).toBe(400);
      }
      expect((await favourite(t, alice, { orderQuantity: 1 })).statusCode).toBe(400);
      for (const orderId of ['abc', 0, '-4', true]) {
        expect((await favourite(t, alice, favoriteEntry(cake, alice.email, { orderId }))).statusCode).toBe(400);
      }
      expect((await favourite(t, alice, favoriteEntry(cake, alice.email, { orderId: '999999' }))).statusCode).toBe(404);
    });
  });

  test('lets only the token owner favourite: 401 without a token, 403 for another e-mail or userGmail, also for an admin', async ({
    t,
    alice,
    bob,
    admin,
    cake,
  }) => {
    await expectUnchanged(t, async () => {
      expect(
        (
          await call(
            t,
            'PATCH',
            `/api/v1/users/favorites/${q(alice.email)}`,
            undefined,
            favoriteEntry(cake, alice.email),
          )
        ).statusCode,
      ).toBe(401);
      expect((await favourite(t, bob, favoriteEntry(cake, alice.email), alice.email)).statusCode).toBe(403);
      expect((await favourite(t, bob, favoriteEntry(cake, alice.email))).statusCode).toBe(403);
      expect((await favourite(t, admin, favoriteEntry(cake, alice.email), alice.email)).statusCode).toBe(403);
    });
  });
});

describe('PUT /api/v1/users/favorites/{id} (id is the dish id)', () => {
  test("removes the caller's favourite of that dish and answers with it; the dish can then be favourited again", async ({
    t,
    cake,
  }) => {
    const carol = await createAccount(t.app, { name: 'Carol' });
    const stored = (await favourite(t, carol, favoriteEntry(cake, carol.email))).json().data;
    const res = await unfavourite(t, carol, cake._id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: expect.any(String), data: stored });
    expect((await readRecord(t, carol)).favorites).toEqual([]);
    expect((await unfavourite(t, carol, cake._id)).statusCode).toBe(404);
    expect((await favourite(t, carol, favoriteEntry(cake, carol.email))).statusCode).toBe(201);
  });

  test("refuses someone else's favourite, another e-mail, no token, bad ids and a missing e-mail, changing nothing", async ({
    t,
    alice,
    bob,
    admin,
    soup,
  }) => {
    await expectUnchanged(t, async () => {
      // Bob has no favourite of this dish; Alice's is not his to remove.
      expect((await unfavourite(t, bob, soup._id)).statusCode).toBe(404);
      expect((await unfavourite(t, bob, soup._id, alice.email)).statusCode).toBe(403);
      expect((await unfavourite(t, admin, soup._id, alice.email)).statusCode).toBe(403);
      expect(
        (await call(t, 'PUT', `/api/v1/users/favorites/${soup._id}`, undefined, { email: alice.email })).statusCode,
      ).toBe(401);
      expect((await call(t, 'PUT', `/api/v1/users/favorites/${soup._id}`, alice, {})).statusCode).toBe(400);
      expect((await call(t, 'PUT', `/api/v1/users/favorites/${soup._id}`, alice, { email: 'nope' })).statusCode).toBe(
        400,
      );
      for (const id of ['0', '-1', 'abc', '1.5', '99999999999999999999', '999999']) {
        const res = await unfavourite(t, alice, id);
        expect(res.statusCode, id).toBe(id === '999999' ? 404 : 400);
        expect(res.json()).toEqual({ success: false, message: expect.any(String) });
      }
    });
    expect((await readRecord(t, alice)).favorites).toHaveLength(1);
  });

  test("does not touch another guest's favourite of the same dish", async ({ t, alice, soup }) => {
    const dave = await createAccount(t.app, { name: 'Dave' });
    expect((await favourite(t, dave, favoriteEntry(soup, dave.email))).statusCode).toBe(201);
    expect((await unfavourite(t, dave, soup._id)).statusCode).toBe(200);
    expect((await readRecord(t, alice)).favorites.map((f) => f.orderId)).toEqual([soup._id]);
  });
});
