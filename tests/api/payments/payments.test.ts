import { describe, expect } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { PAYMENT_METHODS } from '../../../src/shared/constants.ts';
import type { TestAccount } from '../../support/factories.ts';
import { addOrder, call, expectUnchanged, orderEntry, menu, readRecord } from '../../support/records.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import type { TestApp } from '../../support/test-app.ts';

const ADMIN = { email: 'cashier@example.com', password: 'cashier-password-1' };

/** The file's dish (the sixth of the menu), as the `dish` fixture names it. */
const DISH = 5;
const test = useRecordsWorld(ADMIN).extend('dish', { scope: 'file' }, ({ dishes }) => dishes[DISH] as Product);

async function placeOrder(t: TestApp, account: TestAccount, quantity = 1): Promise<string> {
  const dish = (await menu(t))[DISH] as Product;
  const res = await addOrder(t, account, orderEntry(dish, quantity, account.email));
  expect(res.statusCode).toBe(201);
  return res.json().data.orderMainId;
}

const payment = (Method: unknown, AccountNumber: unknown, email: string, extra: Record<string, unknown> = {}) => ({
  pay: { Method, AccountNumber },
  payment: 'paid',
  email,
  ...extra,
});
const pay = (t: TestApp, account: TestAccount, id: string, payload: unknown) =>
  call(t, 'PATCH', `/api/v1/users/${id}`, account, payload);
const orderRow = (t: TestApp, id: string) =>
  t.database.db.selectFrom('orders').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();

describe('PATCH /api/v1/users/{orderMainId} (pay)', () => {
  test('marks the order paid and keeps only the last four digits of the account number', async ({ t, alice, dish }) => {
    const id = await placeOrder(t, alice, 2);
    const res = await pay(t, alice, id, payment('nagod', '01712345678', alice.email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: expect.any(String),
      data: expect.objectContaining({
        orderMainId: id,
        payment: 'paid',
        orderQuantity: 2,
        orderPrice: dish.price * 2,
        status: 'Conform',
      }),
    });
    expect(await orderRow(t, id)).toMatchObject({
      payment: 'paid',
      pay_method: 'nagod',
      pay_account: '5678',
      total_price: dish.price * 200,
    }); // minor units at rest
    expect((await readRecord(t, alice)).orders.find((o) => o.orderMainId === id)?.payment).toBe('paid');
  });

  test('accepts every method, 14 digits, a number, and the path with a trailing slash', async ({ t, alice }) => {
    for (const method of PAYMENT_METHODS) {
      const id = await placeOrder(t, alice);
      expect((await pay(t, alice, `${id}/`, payment(method, 12345678901234, alice.email))).statusCode, method).toBe(
        200,
      );
      expect(await orderRow(t, id)).toMatchObject({ pay_method: method, pay_account: '1234' });
    }
    const short = await placeOrder(t, alice);
    expect((await pay(t, alice, short, payment('bank', '7', alice.email))).statusCode).toBe(200);
    expect((await orderRow(t, short)).pay_account).toBe('7');
  });

  test('refuses to pay a paid order (409), also when two payments race, keeping the first payment', async ({
    t,
    alice,
  }) => {
    const id = await placeOrder(t, alice);
    const raced = await Promise.all([
      pay(t, alice, id, payment('bkash', '1111', alice.email)),
      pay(t, alice, id, payment('bank', '2222', alice.email)),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const first = await orderRow(t, id);
    await expectUnchanged(t, async () => {
      const again = await pay(t, alice, id, payment('nagod', '3333', alice.email));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ success: false, message: expect.any(String) });
    });
    expect(await orderRow(t, id)).toEqual(first);
  });

  test('refuses bad methods, bad account numbers and a bad payment value with 400, changing nothing', async ({
    t,
    alice,
  }) => {
    const id = await placeOrder(t, alice);
    await expectUnchanged(t, async () => {
      for (const method of ['visa', 'BKASH', '', null, 1, undefined]) {
        const res = await pay(t, alice, id, payment(method, '1234', alice.email));
        expect(res.statusCode, String(method)).toBe(400);
        expect(res.json().message).toMatch(/Method/);
      }
      for (const account of [
        '123456789012345',
        123456789012345,
        '1234567890123456789',
        '12a4',
        '12 34',
        '-1234',
        -1234,
        12.5,
        '',
        null,
        undefined,
        true,
        ['1'],
      ]) {
        const res = await pay(t, alice, id, payment('bkash', account, alice.email));
        expect(res.statusCode, JSON.stringify(account)).toBe(400);
        expect(res.json().message).toMatch(/AccountNumber/);
      }
      expect((await pay(t, alice, id, payment('bkash', '1234', alice.email, { payment: 'unpaid' }))).statusCode).toBe(
        400,
      );
      expect((await pay(t, alice, id, { payment: 'paid', email: alice.email })).statusCode).toBe(400);
      expect(
        (await pay(t, alice, id, { pay: { Method: 'bkash', AccountNumber: '1' }, payment: 'paid' })).statusCode,
      ).toBe(400);
    });
    expect((await orderRow(t, id)).payment).toBeNull();
  });

  test("refuses someone else's order, another e-mail, an admin, no token and bad ids, changing nothing", async ({
    t,
    alice,
    bob,
    admin,
  }) => {
    const id = await placeOrder(t, alice);
    await expectUnchanged(t, async () => {
      expect((await pay(t, bob, id, payment('bkash', '1234', bob.email))).statusCode).toBe(404);
      expect((await pay(t, bob, id, payment('bkash', '1234', alice.email))).statusCode).toBe(403);
      expect((await pay(t, admin, id, payment('bkash', '1234', alice.email))).statusCode).toBe(403);
      expect(
        (await call(t, 'PATCH', `/api/v1/users/${id}`, undefined, payment('bkash', '1234', alice.email))).statusCode,
      ).toBe(401);
      for (const bad of ['0', '-1', 'abc', '1.5', '99999999999999999999', '999999']) {
        const res = await pay(t, alice, bad, payment('bkash', '1234', alice.email));
        expect(res.statusCode, bad).toBe(bad === '999999' ? 404 : 400);
        expect(res.json()).toEqual({ success: false, message: expect.any(String) });
      }
    });
    expect((await orderRow(t, id)).payment).toBeNull();
  });

  test('places a paid order as a one-line pick-up ticket, which the guest can no longer delete', async ({ t, bob }) => {
    const id = await placeOrder(t, bob);
    expect((await pay(t, bob, id, payment('bank', '4321', bob.email))).statusCode).toBe(200);
    const tickets = (await call(t, 'GET', '/api/v1/tickets/mine', bob)).json().data as {
      number: string;
      fulfilment: string;
      payment: string;
      status: string;
      lines: { orderMainId: string }[];
    }[];
    expect(tickets[0]).toMatchObject({
      fulfilment: 'pickup',
      payment: 'paid',
      status: 'received',
      lines: [{ orderMainId: id }],
    });
    expect(tickets[0]?.number).toMatch(/^A-\d{3}$/);
    // Paid orders are the restaurant's records now: the spec's delete answers 409 and nothing goes.
    const refused = await call(t, 'PUT', `/api/v1/users/${id}`, bob, { email: bob.email });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This order is already placed: it can no longer be deleted');
    expect((await readRecord(t, bob)).orders.map((o) => o.orderMainId)).toContain(id);
  });
});
