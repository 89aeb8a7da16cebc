import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import { restaurantSettingsSchema } from '../../../src/shared/contract/restaurant.ts';
import { UNPAID_MESSAGES } from '../../../src/shared/contract/tickets.ts';
import { DEMO_SETTINGS } from '../../../src/server/db/seed/demo-restaurant.ts';
import { type TestAccount, bearer, createAccount, orderDish } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import type { TestApp } from '../../support/test-app.ts';
import { call as send, allDayKitchen } from '../../support/records.ts';

/**
 * Orders to be paid later cannot hold the kitchen (issue 40 point 6): a guest may have at most
 * `unpaidOrders.perGuest` open unpaid tickets (default 3), and one may take at most
 * `unpaidOrders.maxUnits` units (default a quarter of a bucket's); staff are not limited.
 */

const ADMIN = { email: 'unpaid-owner@example.com', password: 'unpaid-owner-password' };
let clock = Date.parse('2026-06-01T12:00:00.000Z');

const test = useRecordsWorld(ADMIN, { clock: () => clock }).extend('ready', { scope: 'file' }, async ({ t, admin }) => {
  // UTC, open all day, 15-minute buckets of 40 units: an unpaid order may take 10.
  const res = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
    ...allDayKitchen(40),
    fulfilment: { pickup: true, delivery: true, dineIn: true },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return true;
});

const cash = { Method: 'cash' };
const card = { Method: 'bkash', AccountNumber: '01711000000' };

async function place(t: TestApp, who: TestAccount, dishId: string, quantity: number, pay: object) {
  const line = await orderDish(t.app, who, dishId, quantity);
  return send(t, 'POST', '/api/v1/checkout', who, {
    orderIds: [line.orderMainId],
    fulfilment: 'pickup',
    when: 'asap',
    pay,
  });
}

async function prepUnits(t: TestApp, dishId: string): Promise<number> {
  return Number(
    (
      await t.database.db
        .selectFrom('products')
        .select('prep_units')
        .where('id', '=', Number(dishId))
        .executeTakeFirstOrThrow()
    ).prep_units,
  );
}

describe('limits on unpaid orders', () => {
  test('a guest may have three open unpaid orders; the fourth is refused with a clear message, by card it goes through, and a paid one frees a place', async ({
    t,
    admin,
    dishes,
    ready,
  }) => {
    expect(ready).toBe(true);
    const guest = await createAccount(t.app, { name: 'Cash Guest' });
    const dish = dishes[0]?._id as string;
    const placed = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await place(t, guest, dish, 1, cash);
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json().data._id as string);
    }
    const fourth = await place(t, guest, dish, 1, cash);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(UNPAID_MESSAGES.tooMany(3));
    expect(fourth.json().message).toBe(
      'You already have 3 unpaid orders waiting: pay for this one online, or place it once one of them is paid or collected',
    );
    // Nothing was placed: the line is still the guest's to check out.
    expect((await place(t, guest, dish, 1, card)).statusCode).toBe(201);
    // Staff hand one over and take the cash: the guest may leave another unpaid.
    const kitchen = (id: string, status: string) =>
      send(t, 'POST', `/api/v1/kitchen/tickets/${id}/status`, admin, { status });
    expect((await kitchen(placed[0] as string, 'ready')).statusCode).toBe(200);
    expect((await kitchen(placed[0] as string, 'completed')).statusCode).toBe(200);
    expect((await place(t, guest, dish, 1, cash)).statusCode).toBe(201);
    expect((await place(t, guest, dish, 1, cash)).statusCode).toBe(409);
    // A cancelled unpaid order holds nothing either.
    expect(
      (
        await send(t, 'POST', `/api/v1/kitchen/tickets/${placed[1]}/status`, admin, {
          status: 'cancelled',
          reason: 'Guest called',
        })
      ).statusCode,
    ).toBe(200);
    expect((await place(t, guest, dish, 1, cash)).statusCode).toBe(201);
  });

  test('an unpaid order may take a quarter of a bucket; a larger one is refused unless paid online', async ({
    t,
    dishes,
    ready,
  }) => {
    expect(ready).toBe(true);
    const guest = await createAccount(t.app, { name: 'Big Order' });
    const dish = dishes[0]?._id as string;
    const prep = await prepUnits(t, dish);
    const fits = Math.floor(10 / prep);
    const tooMany = fits + 1;
    expect(tooMany * prep).toBeGreaterThan(10);
    const big = await place(t, guest, dish, tooMany, cash);
    expect(big.statusCode).toBe(409);
    expect(big.json().message).toBe(UNPAID_MESSAGES.tooLarge(tooMany * prep, 10));
    expect(big.json().message).toMatch(
      /^This order is too large to pay later \(it needs \d+ kitchen units; at most 10 can wait for payment\): pay for it online, or place it as smaller orders$/,
    );
    expect((await place(t, guest, dish, fits, cash)).statusCode).toBe(201);
    expect((await place(t, guest, dish, tooMany, card)).statusCode).toBe(201);
  });

  test('staff are not limited', async ({ t, admin, dishes, ready }) => {
    expect(ready).toBe(true);
    const dish = dishes[0]?._id as string;
    const prep = await prepUnits(t, dish);
    for (let i = 0; i < 4; i += 1) expect((await place(t, admin, dish, 1, cash)).statusCode).toBe(201);
    expect((await place(t, admin, dish, Math.floor(10 / prep) + 1, cash)).statusCode).toBe(201);
  });

  test('the limits are settings: checked when changed, applied at once, and absent from older saved settings they read as the defaults', async ({
    t,
    admin,
    dishes,
    ready,
  }) => {
    expect(ready).toBe(true);
    const dish = dishes[0]?._id as string;
    const prep = await prepUnits(t, dish);
    const bad = await send(t, 'PATCH', '/api/v1/restaurant', admin, { unpaidOrders: { perGuest: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/unpaidOrders\.perGuest/);
    expect((await send(t, 'PATCH', '/api/v1/restaurant', admin, { unpaidOrders: { maxUnits: 0 } })).statusCode).toBe(
      400,
    );
    const changed = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
      unpaidOrders: { perGuest: 1, maxUnits: 20 },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.unpaidOrders).toEqual({ perGuest: 1, maxUnits: 20 });
    // A patch of one field keeps the other.
    expect(
      (await send(t, 'PATCH', '/api/v1/restaurant', admin, { kitchen: { extraDelayMinutes: 0 } })).json().data
        .unpaidOrders,
    ).toEqual({ perGuest: 1, maxUnits: 20 });
    const guest = await createAccount(t.app, { name: 'Settings Guest' });
    expect((await place(t, guest, dish, Math.floor(20 / prep), cash)).statusCode).toBe(201);
    const second = await place(t, guest, dish, 1, cash);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      'You already have 1 unpaid order waiting: pay for this one online, or place it once one of them is paid or collected',
    );
    expect((await send(t, 'PATCH', '/api/v1/restaurant', admin, { unpaidOrders: { perGuest: 0 } })).statusCode).toBe(
      200,
    );
    const none = await place(t, await createAccount(t.app, { name: 'No Cash' }), dish, 1, cash);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(UNPAID_MESSAGES.none);
    expect(
      (await send(t, 'PATCH', '/api/v1/restaurant', admin, { unpaidOrders: { perGuest: 3, maxUnits: null } }))
        .statusCode,
    ).toBe(200);
    // Settings saved before the limits existed.
    const { unpaidOrders: _dropped, ...older } = DEMO_SETTINGS;
    expect(restaurantSettingsSchema.parse(older).unpaidOrders).toEqual({ perGuest: 3, maxUnits: null });
  });

  test(
    'six unpaid checkouts of one guest at once: exactly three are placed',
    { timeout: 60_000 },
    async ({ t, dishes, ready }) => {
      expect(ready).toBe(true);
      clock = Date.parse('2026-06-02T12:00:00.000Z');
      const guest = await createAccount(t.app, { name: 'Rushing Cash' });
      const dish = dishes[0]?._id as string;
      const lines = await Promise.all(Array.from({ length: 6 }, () => orderDish(t.app, guest, dish, 1)));
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const statuses = await Promise.all(
        lines.map((line) =>
          fetch(`${base}/api/v1/checkout`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...bearer(guest) },
            body: JSON.stringify({ orderIds: [line.orderMainId], fulfilment: 'pickup', when: 'asap', pay: cash }),
          }).then((r) => r.status),
        ),
      );
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    },
  );
});
