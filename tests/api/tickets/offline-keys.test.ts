import { describe, expect } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { type TestAccount, createStaff, orderDish } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { allDayKitchen, call as send } from '../../support/records.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * The keys of the writes a staff screen may queue offline (docs/reference/service.md "Staff screens that survive
 * the Wi-Fi"): a kitchen status change, a sold-out switch (a dish's or an option value's) and a
 * discount take an optional `key`; the same request again answers what the first did and changes
 * nothing more, another body with the key is 409, and repeats sent at once have one effect. On
 * SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const ADMIN = { email: 'offline-owner@example.com', password: 'offline-owner-password' };
const clock = Date.parse('2026-06-01T12:00:00.000Z');

const test = useRecordsWorld(ADMIN, { clock: () => clock }).extend('staff', { scope: 'file' }, async ({ t, admin }) => {
  const settings = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
    ...allDayKitchen(10_000),
    unpaidOrders: { perGuest: 100, maxUnits: 10_000 },
  });
  if (settings.statusCode !== 200) throw new Error(settings.body);
  return createStaff(t.app, admin, { name: 'Offline Olga' });
});

async function place(t: TestApp, who: TestAccount, dish: Product): Promise<Ticket> {
  const line = await orderDish(t.app, who, dish._id, 2);
  const res = await send(t, 'POST', '/api/v1/checkout', who, {
    orderIds: [line.orderMainId],
    fulfilment: 'pickup',
    when: 'asap',
    pay: { Method: 'cash' },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as Ticket;
}

const keyCount = async (t: TestApp, scope: string) =>
  (await t.database.db.selectFrom('request_keys').select('key').where('scope', '=', scope).execute()).length;

describe('keys of the writes queued offline', () => {
  test('a kitchen status change: a repeat answers the ticket, another body 409, repeats at once move it once', async ({
    t,
    alice,
    staff,
    dishes,
  }) => {
    const ticket = await place(t, alice, dishes[0] as Product);
    const url = `/api/v1/kitchen/tickets/${ticket._id}/status`;
    const first = await send(t, 'POST', url, staff, { status: 'preparing', key: 'kitchen-key-0001' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.status).toBe('preparing');
    // Without a key the same move again is refused; with its key it answers what the first did.
    expect((await send(t, 'POST', url, staff, { status: 'preparing' })).statusCode).toBe(409);
    const again = await send(t, 'POST', url, staff, { status: 'preparing', key: 'kitchen-key-0001' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ _id: ticket._id, status: 'preparing', number: ticket.number });
    const other = await send(t, 'POST', url, staff, { status: 'ready', key: 'kitchen-key-0001' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/key was already used/);
    expect((await send(t, 'POST', url, staff, { status: 'ready', key: 'short' })).statusCode).toBe(400);
    // Ten repeats at once of a new key: every one 200, the ticket ready once.
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => send(t, 'POST', url, staff, { status: 'ready', key: 'kitchen-key-0002' })),
    );
    expect(burst.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const row = await t.database.db
      .selectFrom('tickets')
      .select(['status', 'ready_marked_at'])
      .where('id', '=', Number(ticket._id))
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ready');
    // A cancel elsewhere, then a queued change arriving: refused with its reason, its key not kept.
    const other2 = await place(t, alice, dishes[0] as Product);
    const url2 = `/api/v1/kitchen/tickets/${other2._id}/status`;
    expect((await send(t, 'POST', url2, staff, { status: 'cancelled', reason: 'Out of dough' })).statusCode).toBe(200);
    const late = await send(t, 'POST', url2, staff, { status: 'preparing', key: 'kitchen-key-0003' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('An order that is cancelled cannot become preparing');
    expect(await keyCount(t, 'ticket-status')).toBe(2);
  });

  test('a sold-out switch (a dish, an option value): a repeat answers the dish, another body 409, staff may send a key', async ({
    t,
    staff,
    admin,
    dishes,
  }) => {
    const dish = dishes[1] as Product;
    const url = `/api/v1/allProductsData/${dish._id}`;
    const off = await send(t, 'PATCH', url, staff, { available: false, key: 'soldout-key-0001' });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.available).toBe(false);
    // Back on by an administrator meanwhile: the switch sent again changes nothing.
    expect((await send(t, 'PATCH', url, admin, { available: true })).statusCode).toBe(200);
    const again = await send(t, 'PATCH', url, staff, { available: false, key: 'soldout-key-0001' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.available).toBe(true);
    const other = await send(t, 'PATCH', url, staff, { available: true, key: 'soldout-key-0001' });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/key was already used/);
    // A key alone is no change; staff still change only the availability.
    expect((await send(t, 'PATCH', url, staff, { key: 'soldout-key-0002' })).statusCode).toBe(400);
    expect((await send(t, 'PATCH', url, staff, { price: 1, key: 'soldout-key-0003' })).statusCode).toBe(403);
    const burst = await Promise.all(
      Array.from({ length: 8 }, () => send(t, 'PATCH', url, staff, { available: false, key: 'soldout-key-0004' })),
    );
    expect(burst.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await keyCount(t, 'dish-availability')).toBe(2);

    const withOptions = dishes.find((d) => d.options.some((g) => g.values.length > 0));
    if (!withOptions) return;
    const value = withOptions.options.flatMap((g) => g.values)[0] as { _id: number };
    const optionUrl = `/api/v1/allProductsData/${withOptions._id}/options/${value._id}`;
    expect((await send(t, 'PATCH', optionUrl, staff, { available: false, key: 'option-key-0001' })).statusCode).toBe(
      200,
    );
    expect((await send(t, 'PATCH', optionUrl, staff, { available: false, key: 'option-key-0001' })).statusCode).toBe(
      200,
    );
    expect((await send(t, 'PATCH', optionUrl, staff, { available: true, key: 'option-key-0001' })).statusCode).toBe(
      409,
    );
    await send(t, 'PATCH', optionUrl, staff, { available: true });
  });

  test('a discount: a repeat takes it once, another body 409, repeats at once one discount; a paid bill answers the repeat', async ({
    t,
    alice,
    staff,
    dishes,
  }) => {
    const ticket = await place(t, alice, dishes[2] as Product);
    const url = `/api/v1/bills/${ticket.billId}/discounts`;
    const body = { percent: 10, reason: 'Cold soup', key: 'discount-key-0001' };
    const burst = await Promise.all(Array.from({ length: 6 }, () => send(t, 'POST', url, staff, body)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const discounts = await t.database.db
      .selectFrom('bill_discounts')
      .select('id')
      .where('bill_id', '=', Number(ticket.billId))
      .execute();
    expect(discounts).toHaveLength(1);
    const other = await send(t, 'POST', url, staff, { ...body, percent: 5 });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This key was already used for another discount');
    // Paid meanwhile: the repeat still answers the bill, a new discount is refused.
    const bill = (await send(t, 'GET', `/api/v1/bills/${ticket.billId}`, staff)).json().data as Bill;
    expect(
      (
        await send(t, 'POST', `/api/v1/bills/${ticket.billId}/payments`, staff, {
          method: 'cash',
          amount: bill.due,
          key: 'discount-pay-0001',
        })
      ).statusCode,
    ).toBe(201);
    const repeat = await send(t, 'POST', url, staff, body);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().data.status).toBe('paid');
    const refused = await send(t, 'POST', url, staff, { ...body, key: 'discount-key-0002' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This bill is already paid');
    // Without a key a discount is still taken as before.
    const second = await place(t, alice, dishes[2] as Product);
    expect(
      (await send(t, 'POST', `/api/v1/bills/${second.billId}/discounts`, staff, { amount: 1, reason: 'Late' }))
        .statusCode,
    ).toBe(200);
  });
});
