import { describe, expect } from 'vitest';
import sharp from 'sharp';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import {
  type TestAccount,
  bearer,
  createAccount,
  createStaff,
  orderDish,
  signInAccount,
} from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import {
  addFavorite,
  addReport,
  favoriteEntry,
  menu,
  orderEntry,
  addOrder,
  q,
  readRecord,
  reportEntry,
  call as send,
} from '../../support/records.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * Menu management (docs/reference/operations.md "Menu management", "Roles"): who may change what, the
 * checks on every field, soft delete keeping history, sold out, categories, pictures, and a
 * change visible on the very next read of every path (no stale cached answer).
 */

const ADMIN = { email: 'owner@example.com', password: 'owner-password-1' };

/** A multipart body with one file in the field `image`. */
function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = `----menu-test-${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  t: TestApp,
  account: Pick<TestAccount, 'accessToken'> | undefined,
  file: Buffer,
  filename = 'dish.png',
  contentType = 'image/png',
) {
  const body = multipart(file, filename, contentType);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/images',
    headers: { ...body.headers, ...(account ? bearer(account) : {}) },
    payload: body.payload,
  });
}

const picture = (width: number, height: number, format: 'png' | 'jpeg') => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};

/** The restaurant's clock runs with the real one, moved on by `later` (a sold-out dish's comeback time reached). */
let later = 0;
const test = useRecordsWorld(ADMIN, { clock: () => Date.now() + later })
  .extend('staff', { scope: 'file' }, async ({ t, admin }) => {
    const account = await createStaff(t.app, admin, { name: 'Sam Staff' });
    return account;
  })
  .extend('img', { scope: 'file' }, async ({ t, admin }) => {
    const res = await upload(t, admin, await picture(800, 600, 'png'));
    if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
    return res.json().data.url as string;
  });

function newDish(img: string, overrides: Record<string, unknown> = {}) {
  return {
    name: `Beef Tehari ${Math.random().toString(36).slice(2, 7)}`,
    category: 'Salads',
    price: 14,
    items: ['Beef', 'Rice', 'Mustard oil'],
    img,
    ...overrides,
  };
}

async function addDish(
  t: TestApp,
  admin: TestAccount,
  img: string,
  overrides: Record<string, unknown> = {},
): Promise<Product> {
  const res = await send(t, 'POST', '/api/v1/allProductsData', admin, newDish(img, overrides));
  if (res.statusCode !== 201) throw new Error(`could not add a dish: ${res.statusCode} ${res.body}`);
  return res.json().data as Product;
}

const readDish = async (t: TestApp, id: string) => send(t, 'GET', `/api/v1/allProductsData/${id}`);
const names = (res: { json(): unknown }) => ((res.json() as { data: Product[] }).data ?? []).map((d) => d.name);

describe('who may change the menu', () => {
  test('every menu call answers 401 without a token, 403 to a guest, and staff only switch availability', async ({
    t,
    alice,
    staff,
    admin,
    img,
  }) => {
    const dish = await addDish(t, admin, img);
    const category = (await send(t, 'POST', '/api/v1/categorys', admin, { name: `Specials ${Date.now()}` })).json()
      .data as { _id: string };
    const calls: { name: string; run: (who?: TestAccount) => ReturnType<typeof send>; staff: number; admin: number }[] =
      [
        {
          name: 'add a dish',
          run: (who) => send(t, 'POST', '/api/v1/allProductsData', who, newDish(img)),
          staff: 403,
          admin: 201,
        },
        {
          name: 'change a price',
          run: (who) => send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, who, { price: 15 }),
          staff: 403,
          admin: 200,
        },
        {
          name: 'switch availability',
          run: (who) => send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, who, { available: true }),
          staff: 200,
          admin: 200,
        },
        {
          name: 'add a category',
          run: (who) => send(t, 'POST', '/api/v1/categorys', who, { name: `Cat ${Math.random()}` }),
          staff: 403,
          admin: 201,
        },
        {
          name: 'rename a category',
          run: (who) =>
            send(t, 'PATCH', `/api/v1/categorys/${category._id}`, who, { name: `Renamed ${Math.random()}` }),
          staff: 403,
          admin: 200,
        },
        {
          name: 'upload a picture',
          run: async (who) => upload(t, who, await picture(640, 480, 'jpeg'), 'x.jpg', 'image/jpeg'),
          staff: 403,
          admin: 201,
        },
        {
          name: 'change a role',
          run: (who) => send(t, 'PATCH', `/api/v1/users/users/999999`, who, { role: 'staff' }),
          staff: 403,
          admin: 404,
        },
      ];
    for (const call of calls) {
      const anonymous = await call.run();
      const guest = await call.run(alice);
      const asStaff = await call.run(staff);
      const asAdmin = await call.run(admin);
      expect([call.name, anonymous.statusCode, guest.statusCode, asStaff.statusCode, asAdmin.statusCode]).toEqual([
        call.name,
        401,
        403,
        call.staff,
        call.admin,
      ]);
      expect(guest.json()).toEqual({ success: false, message: expect.any(String) });
    }
    // Deletions last: each role tries on its own target, so an earlier success does not hide a refusal.
    const victims = await Promise.all([0, 1, 2, 3].map(() => addDish(t, admin, img)));
    const deletes = await Promise.all(
      [undefined, alice, staff, admin].map((who, i) =>
        send(t, 'DELETE', `/api/v1/allProductsData/${victims[i]?._id}`, who),
      ),
    );
    expect(deletes.map((r) => r.statusCode)).toEqual([401, 403, 403, 200]);
    const cats = await Promise.all(
      [0, 1, 2, 3].map(
        async (i) =>
          (await send(t, 'POST', '/api/v1/categorys', admin, { name: `Empty ${i} ${Date.now()}` })).json().data
            ._id as string,
      ),
    );
    const catDeletes = await Promise.all(
      [undefined, alice, staff, admin].map((who, i) => send(t, 'DELETE', `/api/v1/categorys/${cats[i]}`, who)),
    );
    expect(catDeletes.map((r) => r.statusCode)).toEqual([401, 403, 403, 200]);
  });

  test('staff are told which fields are not theirs, and nothing changes', async ({ t, staff, admin, img }) => {
    const dish = await addDish(t, admin, img);
    const res = await send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, staff, { available: false, price: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/price/);
    expect((await readDish(t, dish._id)).json().data).toMatchObject({ price: dish.price, available: true });
  });
});

describe('roles', () => {
  test('an admin makes a user staff and back; the change holds on the next request with the same token', async ({
    t,
    admin,
  }) => {
    const guest = await createAccount(t.app, { name: 'Gus' });
    const id = (
      (await send(t, 'GET', '/api/v1/users/users', admin)).json().data as { _id: string; email: string }[]
    ).find((u) => u.email === guest.email)?._id;
    expect((await send(t, 'PATCH', '/api/v1/allProductsData/1', guest, { available: true })).statusCode).toBe(403);
    const promoted = await send(t, 'PATCH', `/api/v1/users/users/${id}`, admin, { role: 'staff' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ success: true, data: { email: guest.email, role: 'staff' } });
    expect((await send(t, 'PATCH', '/api/v1/allProductsData/1', guest, { available: true })).statusCode).toBe(200);
    expect((await send(t, 'GET', `/api/v1/users/admin/${guest.email}`, guest)).json()).toEqual({
      success: true,
      isAdmin: 'user',
      role: 'staff',
    });
    await send(t, 'PATCH', `/api/v1/users/users/${id}`, admin, { role: 'user' });
    // The old token never grants more than the account has now.
    expect((await send(t, 'PATCH', '/api/v1/allProductsData/1', guest, { available: true })).statusCode).toBe(403);
  });

  test('refuses an unknown role, and the last admin can be neither demoted nor deleted', async ({ t, admin }) => {
    const users = (await send(t, 'GET', '/api/v1/users/users', admin)).json().data as {
      _id: string;
      email: string;
      role: string;
    }[];
    const self = users.find((u) => u.email === ADMIN.email);
    expect((await send(t, 'PATCH', `/api/v1/users/users/${self?._id}`, admin, { role: 'owner' })).statusCode).toBe(400);
    expect((await send(t, 'PATCH', `/api/v1/users/users/abc`, admin, { role: 'user' })).statusCode).toBe(400);
    const admins = users.filter((u) => u.role === 'admin');
    expect(admins).toHaveLength(1);
    const demote = await send(t, 'PATCH', `/api/v1/users/users/${self?._id}`, admin, { role: 'staff' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toMatch(/at least one administrator/);

    // With a second admin, each may demote the other, but not both: the database keeps one.
    const second = await createAccount(t.app, { name: 'Second Admin' });
    const secondId = (
      (await send(t, 'GET', '/api/v1/users/users', admin)).json().data as { _id: string; email: string }[]
    ).find((u) => u.email === second.email)?._id;
    expect((await send(t, 'PATCH', `/api/v1/users/users/${secondId}`, admin, { role: 'admin' })).statusCode).toBe(200);
    const secondAdmin = await signInAccount(t.app, second.email, second.password);
    const [a, b] = await Promise.all([
      send(t, 'PATCH', `/api/v1/users/users/${secondId}`, admin, { role: 'user' }),
      send(t, 'PATCH', `/api/v1/users/users/${self?._id}`, secondAdmin, { role: 'user' }),
    ]);
    // The loser is refused either as no longer an admin (403) or as the last admin's demotion (409).
    const outcomes = [a.statusCode, b.statusCode];
    expect(outcomes.filter((s) => s === 200)).toHaveLength(1);
    expect(outcomes.filter((s) => s === 403 || s === 409)).toHaveLength(1);
    const after = (await t.database.db.selectFrom('users').select('id').where('role', '=', 'admin').execute()).length;
    expect(after).toBe(1);
    // Restore: whoever is still admin makes the owner admin again.
    const stillAdmin = a.statusCode === 200 ? admin : secondAdmin;
    await send(t, 'PATCH', `/api/v1/users/users/${self?._id}`, stillAdmin, { role: 'admin' });
    const lastOther = await send(t, 'DELETE', `/api/v1/users/users/${secondId}`, admin);
    expect(lastOther.statusCode).toBe(200);
  });
});

describe('dishes', () => {
  test('an admin adds a dish with everything a guest needs to choose, and every read path shows it at once', async ({
    t,
    admin,
    img,
  }) => {
    const before = await Promise.all([
      send(t, 'GET', '/api/v1/allProductsData'),
      send(t, 'GET', '/api/v1/allProductsData/populler'),
      send(t, 'GET', `/api/v1/allProductsData?category=Salads`),
    ]);
    const res = await send(
      t,
      'POST',
      '/api/v1/allProductsData',
      admin,
      newDish(img, {
        name: 'Kacchi Biryani Deluxe',
        description: 'Fragrant rice and mutton, slow-cooked in a sealed pot.',
        allergens: ['milk', 'nuts'],
        diet: ['halal'],
        spicy: 2,
        prepUnits: 3,
        populler: true,
      }),
    );
    expect(res.statusCode).toBe(201);
    const dish = res.json().data as Product;
    expect(dish).toMatchObject({
      name: 'Kacchi Biryani Deluxe',
      category: 'Salads',
      price: 14,
      allergens: ['milk', 'nuts'],
      diet: ['halal'],
      spicy: 2,
      prepUnits: 3,
      available: true,
      soldOutUntil: null,
      populler: true,
    });
    expect(dish.imgSrcset).toContain('-320.webp 320w');
    // The cached lists were read before; the next read of each shows the new dish.
    expect(before.every((r) => r.statusCode === 200)).toBe(true);
    expect(names(await send(t, 'GET', '/api/v1/allProductsData'))).toContain('Kacchi Biryani Deluxe');
    expect(names(await send(t, 'GET', '/api/v1/allProductsData/populler'))).toContain('Kacchi Biryani Deluxe');
    expect(names(await send(t, 'GET', '/api/v1/allProductsData?category=Salads'))).toContain('Kacchi Biryani Deluxe');
    // The demo menu's own Kacchi Biryani first (the shorter name), then the new one.
    expect(names(await send(t, 'GET', `/api/v1/allProductsData/searchData?searchText=kacchi`))).toEqual([
      'Kacchi Biryani',
      'Kacchi Biryani Deluxe',
    ]);
    expect((await readDish(t, dish._id)).json().data).toEqual(dish);
  });

  test('a price change is seen at once on every path, with a new ETag, and never alters a booking order', async ({
    t,
    alice,
    admin,
    img,
  }) => {
    const dish = await addDish(t, admin, img, { price: 10, populler: true });
    const first = await readDish(t, dish._id);
    const etag = first.headers.etag as string;
    await Promise.all([
      send(t, 'GET', '/api/v1/allProductsData'),
      send(t, 'GET', '/api/v1/allProductsData/populler'),
      send(t, 'GET', '/api/v1/allProductsData?category=Salads'),
    ]);
    const order = await orderDish(t.app, alice, dish._id, 2);
    expect(order.orderPrice).toBe(20);

    expect((await send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, admin, { price: 12 })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v1/allProductsData/${dish._id}`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).not.toBe(etag);
    expect(again.json().data.price).toBe(12);
    const priceIn = async (url: string) =>
      ((await send(t, 'GET', url)).json().data as Product[]).find((d) => d._id === dish._id)?.price;
    expect(await priceIn('/api/v1/allProductsData')).toBe(12);
    expect(await priceIn('/api/v1/allProductsData/populler')).toBe(12);
    expect(await priceIn('/api/v1/allProductsData?category=Salads')).toBe(12);
    expect(await priceIn(`/api/v1/allProductsData/searchData?searchText=${encodeURIComponent(dish.name)}`)).toBe(12);
    // The booking order keeps the price it was booked at.
    const record = await readRecord(t, alice);
    expect(record.orders.find((o) => o.orderMainId === order.orderMainId)).toMatchObject({ orderPrice: 20 });
  });

  test('refuses bad input with a message naming the field, and changes nothing', async ({ t, admin, img }) => {
    const dish = await addDish(t, admin, img);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ name: '' }, /name is required/],
      [{ name: 'x'.repeat(201) }, /name must be at most 200/],
      [{ price: -1 }, /price must be at least 0/],
      [{ price: 12.499 }, /price may carry at most two decimals/],
      [{ price: '12' }, /price must be a number/],
      [{ prepUnits: 0 }, /prepUnits must be at least 1/],
      [{ prepUnits: 21 }, /prepUnits must be at most 20/],
      [{ spicy: 4 }, /spicy must be at most 3/],
      [{ allergens: ['shellfish'] }, /allergens/],
      [{ diet: ['keto'] }, /diet/],
      [{ img: 'https://elsewhere.example/x.png' }, /img must be a picture uploaded/],
      [{ img: '/images/dishes/0123456789abcdef-640.webp' }, /img must be a picture uploaded/],
      [{ soldOutUntil: '2030-01-01T10:00:00Z' }, /soldOutUntil goes with available: false/],
      [{ available: false, soldOutUntil: '2020-01-01T10:00:00Z' }, /soldOutUntil must be in the future/],
      [{}, /at least one field/],
    ];
    for (const [body, message] of bad) {
      const res = await send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, admin, body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
      expect(res.json().message).toMatch(message);
    }
    const unknownCategory = await send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, admin, { category: 'Nope' });
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().message).toMatch(/category/);
    expect(
      (
        await send(t, 'POST', '/api/v1/allProductsData', admin, {
          name: 'No price',
          category: 'Salads',
          items: ['x'],
          img,
        })
      ).json().message,
    ).toMatch(/price is required/);
    expect((await send(t, 'PATCH', '/api/v1/allProductsData/999999', admin, { price: 3 })).statusCode).toBe(404);
    expect((await send(t, 'PATCH', '/api/v1/allProductsData/-3', admin, { price: 3 })).statusCode).toBe(400);
    expect((await send(t, 'DELETE', '/api/v1/allProductsData/999999', admin)).statusCode).toBe(404);
    expect((await readDish(t, dish._id)).json().data).toEqual(dish);
  });

  test("search knows a new dish's words at once, forgiving their spelling, and forgets a removed one", async ({
    t,
    admin,
    img,
  }) => {
    const dish = await addDish(t, admin, img, { name: 'Ragù Bianco Speciale', items: ['Tagliatelle', 'Porcini'] });
    const search = async (text: string) =>
      names(await send(t, 'GET', `/api/v1/allProductsData/searchData?searchText=${encodeURIComponent(text)}`));
    for (const typed of ['ragù', 'ragu', 'RAGU bianco', 'speciale', 'specale', 'porcin', 'porcinis', 'tagliatele'])
      expect(await search(typed), typed).toContain(dish.name);
    expect((await send(t, 'DELETE', `/api/v1/allProductsData/${dish._id}`, admin)).statusCode).toBe(200);
    expect(await search('specale')).not.toContain(dish.name);
  });

  test('a removed dish leaves the menu, search and popular, while orders, favourites and reports keep their copy', async ({
    t,
    alice,
    admin,
    img,
  }) => {
    const dish = await addDish(t, admin, img, { name: 'Shorshe Ilish Special', populler: true });
    const order = await orderDish(t.app, alice, dish._id, 1);
    expect((await addFavorite(t, alice, favoriteEntry(dish, alice.email))).statusCode).toBe(201);
    expect((await addReport(t, alice, reportEntry(dish, alice.email, 'Too many bones'))).statusCode).toBe(201);

    const removed = await send(t, 'DELETE', `/api/v1/allProductsData/${dish._id}`, admin);
    expect(removed.statusCode).toBe(200);
    expect((await readDish(t, dish._id)).statusCode).toBe(404);
    expect(names(await send(t, 'GET', '/api/v1/allProductsData'))).not.toContain(dish.name);
    expect(names(await send(t, 'GET', '/api/v1/allProductsData/populler'))).not.toContain(dish.name);
    expect(names(await send(t, 'GET', '/api/v1/allProductsData/searchData?searchText=ilish'))).not.toContain(dish.name);
    expect((await send(t, 'DELETE', `/api/v1/allProductsData/${dish._id}`, admin)).statusCode).toBe(404);

    const record = await readRecord(t, alice);
    expect(record.orders.find((o) => o.orderMainId === order.orderMainId)).toMatchObject({
      orderName: dish.name,
      orderImg: dish.img,
      orderPrice: dish.price,
    });
    const favorite = record.favorites.find((f) => f.orderId === dish._id);
    expect(favorite).toMatchObject({ orderName: dish.name, dishStatus: 'removed', status: 'Pending' });
    expect(record.reports.find((r) => r.orderId === dish._id)).toMatchObject({ orderName: dish.name });

    // Confirming the favourite of a removed dish: 409 with a message the guest understands.
    const confirm = await addOrder(t, alice, {
      ...orderEntry(dish, 1, alice.email),
      orderMainIdPending: favorite?.orderMainId,
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe(`${dish.name} is no longer on the menu`);
    expect((await addOrder(t, alice, orderEntry(dish, 1, alice.email))).statusCode).toBe(409);
    expect((await readRecord(t, alice)).favorites.find((f) => f.orderId === dish._id)?.status).toBe('Pending');
  });
});

describe('sold out', () => {
  test('a sold-out dish shows so everywhere, and ordering or confirming it is refused naming the dish', async ({
    t,
    alice,
    staff,
    admin,
    img,
  }) => {
    const dish = await addDish(t, admin, img, { name: 'Beef Tehari' });
    expect((await addFavorite(t, alice, favoriteEntry(dish, alice.email))).statusCode).toBe(201);
    const off = await send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, staff, { available: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ available: false, soldOutUntil: null });
    expect((await readDish(t, dish._id)).json().data.available).toBe(false);
    expect(
      ((await send(t, 'GET', '/api/v1/allProductsData/searchData?searchText=tehari')).json().data as Product[])[0]
        ?.available,
    ).toBe(false);

    const before = await readRecord(t, alice);
    const order = await addOrder(t, alice, orderEntry(dish, 1, alice.email));
    expect(order.statusCode).toBe(409);
    expect(order.json()).toEqual({ success: false, message: 'Sold out: Beef Tehari' });
    const favorite = before.favorites.find((f) => f.orderId === dish._id);
    expect(favorite?.dishStatus).toBe('sold_out');
    const confirm = await addOrder(t, alice, {
      ...orderEntry(dish, 1, alice.email),
      orderMainIdPending: favorite?.orderMainId,
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().message).toBe('Sold out: Beef Tehari');
    const after = await readRecord(t, alice);
    expect(after.orders).toEqual(before.orders);
    expect(after.favorites).toEqual(before.favorites);

    expect((await send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, staff, { available: true })).statusCode).toBe(
      200,
    );
    expect((await addOrder(t, alice, orderEntry(dish, 1, alice.email))).statusCode).toBe(201);
  });

  test('a dish sold out until a time comes back by itself then', async ({ t, alice, admin, img }) => {
    const dish = await addDish(t, admin, img, { name: 'Morning Paratha' });
    const until = new Date(Date.now() + later + 1500).toISOString();
    const res = await send(t, 'PATCH', `/api/v1/allProductsData/${dish._id}`, admin, {
      available: false,
      soldOutUntil: until,
    });
    expect(res.json().data).toMatchObject({ available: false, soldOutUntil: until });
    const searched = async () =>
      ((await send(t, 'GET', '/api/v1/allProductsData/searchData?searchText=paratha')).json().data as Product[]).find(
        (d) => d._id === dish._id,
      );
    expect((await searched())?.available).toBe(false);
    expect((await readDish(t, dish._id)).json().data.available).toBe(false);
    expect((await addOrder(t, alice, orderEntry(dish, 1, alice.email))).statusCode).toBe(409);
    later += 1700;
    // The cached answer went when the time came: no TTL to wait out.
    expect((await readDish(t, dish._id)).json().data).toMatchObject({ available: true, soldOutUntil: null });
    expect(
      ((await send(t, 'GET', '/api/v1/allProductsData?category=Salads')).json().data as Product[]).find(
        (d) => d._id === dish._id,
      )?.available,
    ).toBe(true);
    expect(await searched()).toMatchObject({ available: true, soldOutUntil: null });
    expect((await addOrder(t, alice, orderEntry(dish, 1, alice.email))).statusCode).toBe(201);
  });
});

describe('categories', () => {
  test('add, rename (dishes follow), refuse duplicates and removing a category that holds dishes', async ({
    t,
    admin,
    img,
  }) => {
    const created = await send(t, 'POST', '/api/v1/categorys', admin, { name: 'Bengali Classics' });
    expect(created.statusCode).toBe(201);
    const category = created.json().data as { _id: string; category: string };
    expect(category.category).toBe('Bengali Classics');
    const categories = async () =>
      ((await send(t, 'GET', '/api/v1/categorys')).json().data as { category: string }[]).map((c) => c.category);
    expect(await categories()).toContain('Bengali Classics');

    expect((await send(t, 'POST', '/api/v1/categorys', admin, { name: 'bengali classics' })).statusCode).toBe(409);
    expect((await send(t, 'POST', '/api/v1/categorys', admin, { name: '  ' })).statusCode).toBe(400);
    expect((await send(t, 'POST', '/api/v1/categorys', admin, { name: 'x'.repeat(61) })).statusCode).toBe(400);
    expect((await send(t, 'PATCH', `/api/v1/categorys/${category._id}`, admin, { name: 'Salads' })).statusCode).toBe(
      409,
    );
    expect((await send(t, 'PATCH', '/api/v1/categorys/999999', admin, { name: 'Whatever' })).statusCode).toBe(404);

    const dish = await addDish(t, admin, img, { category: 'Bengali Classics' });
    const renamed = await send(t, 'PATCH', `/api/v1/categorys/${category._id}`, admin, {
      name: 'Bangladeshi Classics',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await readDish(t, dish._id)).json().data.category).toBe('Bangladeshi Classics');
    expect(
      names(await send(t, 'GET', `/api/v1/allProductsData?category=${encodeURIComponent('Bangladeshi Classics')}`)),
    ).toEqual([dish.name]);
    expect(await categories()).toContain('Bangladeshi Classics');

    const refused = await send(t, 'DELETE', `/api/v1/categorys/${category._id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/holds 1 dish/);
    expect(await categories()).toContain('Bangladeshi Classics');

    // Once its only dish is removed, it can go; its name is free again.
    await send(t, 'DELETE', `/api/v1/allProductsData/${dish._id}`, admin);
    expect((await send(t, 'DELETE', `/api/v1/categorys/${category._id}`, admin)).statusCode).toBe(200);
    expect(await categories()).not.toContain('Bangladeshi Classics');
    expect((await send(t, 'DELETE', `/api/v1/categorys/${category._id}`, admin)).statusCode).toBe(404);
    expect((await send(t, 'POST', '/api/v1/categorys', admin, { name: 'Bangladeshi Classics' })).statusCode).toBe(201);
  });
});

describe('POST /api/v1/images', () => {
  test('stores a real PNG and JPEG as WebP in three widths, served immutable by content', async ({ t, admin }) => {
    for (const [format, type] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
    ] as const) {
      const res = await upload(t, admin, await picture(1600, 1200, format), `dish.${format}`, type);
      expect(res.statusCode).toBe(201);
      const { url, srcset } = res.json().data as { url: string; srcset: string };
      expect(url).toMatch(/^\/images\/dishes\/[a-f0-9]{32}-640\.webp$/);
      for (const width of [320, 640, 1024]) {
        const file = url.replace('-640.webp', `-${width}.webp`);
        expect(srcset).toContain(`${file} ${width}w`);
        const served = await t.app.inject({ method: 'GET', url: file });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(served.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, (width * 3) / 4]);
      }
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/images/dishes/ffffffffffffffffffffffffffffffff-640.webp' }))
        .statusCode,
    ).toBe(404);
  });

  test('refuses what is not a picture, SVG, more than 8 MB or 40 megapixels, with a clear 4xx', async ({
    t,
    admin,
  }) => {
    const text = await upload(
      t,
      admin,
      Buffer.from('definitely not a picture, only text pretending'),
      'dish.png',
      'image/png',
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toMatch(/not a picture/);
    const svg = await upload(
      t,
      admin,
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><script>alert(1)</script><rect width="800" height="600"/></svg>',
      ),
      'dish.svg',
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toMatch(/SVG/);
    const big = await upload(
      t,
      admin,
      Buffer.concat([await picture(640, 480, 'png'), Buffer.alloc(8 * 1024 * 1024)]),
      'big.png',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/8 MB/);
    const huge = await sharp({ create: { width: 8000, height: 5100, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const manyPixels = await upload(t, admin, huge, 'huge.png');
    expect(manyPixels.statusCode).toBe(413);
    expect(manyPixels.json().message).toMatch(/40 megapixels/);
    const tiny = await upload(t, admin, await picture(100, 80, 'png'), 'tiny.png');
    expect(tiny.statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/v1/images',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: {},
    });
    expect(none.statusCode).toBe(415);
  });
});

test('the menu as a whole still reads as before for guests', async ({ t, dishes }) => {
  const now = await menu(t);
  for (const dish of dishes) expect(now.find((d) => d._id === dish._id)).toBeDefined();
  expect((await send(t, 'GET', `/api/v1/users/${q('nobody@example.com')}`)).statusCode).toBe(401);
});
