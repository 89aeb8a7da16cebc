import { describe, expect } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { OrderListed } from '../../../src/shared/contract/orders.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { formatMoney } from '../../../src/shared/format-money.ts';
import { type TestAccount, createAccount, createStaff, orderDish } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { allDayKitchen, call as send } from '../../support/records.ts';
import type { TestApp } from '../../support/test-app.ts';

/**
 * Issue 58 (a third walk through every role), points 1 to 3 through the HTTP API, on SQLite and
 * (with TEST_DATABASE_URL) PostgreSQL: the bag's PAY is charged what its bill charges and the
 * line then says that, and "Refunded" once given back; completing a table's round takes no
 * money (a pick-up's cash still is); a split is kept on the bill until its shares are paid, each
 * share paid once however many tills race for it.
 */

const ADMIN = { email: 'third-walk-owner@example.com', password: 'third-walk-owner-password' };
const DAY = '2026-06-01';
const clock = Date.parse(`${DAY}T12:00:00.000Z`);

/** 5 % added on top on takeaway and dine-in, no service charge: the walk's "tax added on top". */
const BILLING = {
  taxName: 'VAT',
  taxInclusive: false,
  taxNumber: 'TX-58',
  rates: { dineIn: 5, takeaway: 5 },
  categoryRates: { Drinks: null },
  serviceChargePercent: 0,
  tipSuggestions: [5, 10],
  staffDiscountMaxPercent: 20,
};

const test = useRecordsWorld(ADMIN, { clock: () => clock })
  .extend('staff', { scope: 'file' }, async ({ t, admin }) => {
    const settings = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
      ...allDayKitchen(10_000),
      fulfilment: {
        pickup: true,
        delivery: true,
        dineIn: true,
        deliveryMinutes: 30,
        deliveryFee: 3,
        deliveryMinimum: 0,
      },
      unpaidOrders: { perGuest: 100, maxUnits: 10_000 },
      billing: BILLING,
    });
    if (settings.statusCode !== 200) throw new Error(settings.body);
    return createStaff(t.app, admin, { name: 'Till Tess' });
  })
  .extend('staff2', { scope: 'file' }, async ({ t, admin }) => createStaff(t.app, admin, { name: 'Till Tom' }))
  .extend('guest', { scope: 'file' }, async ({ t }) => createAccount(t.app, { name: 'Walking Guest' }))
  .extend('tableIds', { scope: 'file' }, async ({ t, admin }) =>
    ((await send(t, 'GET', '/api/v1/tables', admin)).json().data as { _id: string }[]).map((x) => x._id),
  );

const cents = (n: number) => Math.round(n * 100);
let keys = 0;
const newKey = () => `third-walk-${process.pid}-${(keys += 1)}-key`;

const getBill = async (t: TestApp, who: TestAccount, id: string): Promise<Bill> => {
  const res = await send(t, 'GET', `/api/v1/bills/${id}`, who);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data as Bill;
};
const ordersOf = async (t: TestApp, who: TestAccount): Promise<OrderListed[]> => {
  const res = await send(t, 'GET', `/api/v1/users?email=${encodeURIComponent(who.email)}`, who);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data.orders as OrderListed[];
};
const payBill = (t: TestApp, who: TestAccount, id: string, body: Record<string, unknown>) =>
  send(t, 'POST', `/api/v1/bills/${id}/payments`, who, { key: newKey(), ...body });
const keepSplit = (t: TestApp, who: TestAccount | undefined, id: string, body: Record<string, unknown>) =>
  send(t, 'POST', `/api/v1/bills/${id}/split`, who, body);

/** A staff round for a table (New order): dishes × quantities. */
async function tableRound(
  t: TestApp,
  staff: TestAccount,
  tableId: string,
  lines: { dish: Product; quantity: number }[],
): Promise<Ticket> {
  const res = await send(t, 'POST', '/api/v1/tickets', staff, {
    fulfilment: 'dine_in',
    tableId: Number(tableId),
    when: 'asap',
    lines: lines.map((l) => ({ productId: l.dish._id, quantity: l.quantity })),
    customer: {},
    key: newKey(),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as Ticket;
}

const complete = async (t: TestApp, staff: TestAccount, ticket: Ticket) => {
  for (const status of ['preparing', 'ready', 'completed']) {
    const res = await send(t, 'POST', `/api/v1/kitchen/tickets/${ticket._id}/status`, staff, { status });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
};

describe("the bag's PAY (issue 58, point 1)", () => {
  test('charges what its quote says, tax on top; the line then says what was paid, and what was refunded once it was', async ({
    t,
    guest,
    staff,
    dishes,
  }) => {
    const dish = dishes.find((d) => Math.round(d.price * 100) % 100 !== 0) ?? (dishes[0] as Product);
    const line = await orderDish(t.app, guest, dish._id, 1);
    const quote = (
      await send(t, 'GET', `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${line.orderMainId}`, guest)
    ).json().data as { subtotal: number; total: number; taxes: { amount: number }[] };
    expect(quote.subtotal).toBe(line.orderPrice);
    expect(cents(quote.total)).toBe(cents(line.orderPrice) + Math.round(cents(line.orderPrice) * 0.05));
    expect(quote.total).toBeGreaterThan(line.orderPrice);

    const paid = await send(t, 'PATCH', `/api/v1/users/${line.orderMainId}`, guest, {
      pay: { Method: 'bkash', AccountNumber: '01711000000' },
      payment: 'paid',
      email: guest.email,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const listed = (await ordersOf(t, guest)).find((o) => o.orderMainId === line.orderMainId) as OrderListed;
    expect(listed.payment).toBe('paid');
    // The line's price stays before tax; what was paid is the bill's, the quote's total.
    expect(listed.orderPrice).toBe(line.orderPrice);
    expect(listed.ticket?.charged).toBe(quote.total);
    expect(listed.ticket?.refunded).toBeUndefined();
    const bill = await getBill(
      t,
      staff,
      (await send(t, 'GET', `/api/v1/tickets/${listed.ticket?._id}`, guest)).json().data.billId as string,
    );
    expect(bill.paid).toBe(quote.total);

    // Cancelled by the kitchen: the online money goes back, and the line says so.
    const cancelled = await send(t, 'POST', `/api/v1/kitchen/tickets/${listed.ticket?._id}/status`, staff, {
      status: 'cancelled',
      reason: 'Out of dough',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expect
      .poll(async () => (await ordersOf(t, guest)).find((o) => o.orderMainId === line.orderMainId)?.ticket?.refunded, {
        timeout: 10_000,
      })
      .toBe(quote.total);
    expect((await ordersOf(t, guest)).find((o) => o.orderMainId === line.orderMainId)?.ticket?.charged).toBe(
      quote.total,
    );
  });
});

describe('"Complete" and the money (issue 58, point 2)', () => {
  test("a table's round completed takes no money: its ticket and bill stay due; a pick-up's cash is taken", async ({
    t,
    guest,
    staff,
    dishes,
    tableIds,
  }) => {
    const table = tableIds[1] as string;
    const round = await tableRound(t, staff, table, [{ dish: dishes[0] as Product, quantity: 2 }]);
    expect(round.payment).toBe('due');
    await complete(t, staff, round);
    const after = (await send(t, 'GET', `/api/v1/tickets/${round._id}`, staff)).json().data as Ticket;
    expect(after.status).toBe('completed');
    expect(after.payment).toBe('due');
    const bill = await getBill(t, staff, round.billId as string);
    expect([bill.status, bill.paid, bill.due]).toEqual(['open', 0, round.total]);
    // Paid on the Floor: the bill's payment pays the round.
    expect((await payBill(t, staff, bill._id, { method: 'cash', amount: bill.due })).statusCode).toBe(201);
    expect(((await send(t, 'GET', `/api/v1/tickets/${round._id}`, staff)).json().data as Ticket).payment).toBe('paid');

    // A pick-up in cash: completing it takes the money, as before.
    const line = await orderDish(t.app, guest, (dishes[1] as Product)._id, 1);
    const placed = await send(t, 'POST', '/api/v1/checkout', guest, {
      orderIds: [line.orderMainId],
      fulfilment: 'pickup',
      when: 'asap',
      pay: { Method: 'cash' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const pickup = placed.json().data as Ticket;
    await complete(t, staff, pickup);
    expect(((await send(t, 'GET', `/api/v1/tickets/${pickup._id}`, staff)).json().data as Ticket).payment).toBe('paid');
    const pickupBill = await getBill(t, staff, pickup.billId as string);
    expect([pickupBill.status, pickupBill.paid]).toEqual(['paid', pickup.total]);
  });
});

describe('a kept split (issue 58, point 3)', () => {
  test('stays on the bill until its shares are paid: the rest never split afresh; a share is paid once; only staff split', async ({
    t,
    staff,
    staff2,
    guest,
    dishes,
    tableIds,
  }) => {
    const table = tableIds[2] as string;
    const round = await tableRound(t, staff, table, [
      { dish: dishes[0] as Product, quantity: 3 },
      { dish: dishes[1] as Product, quantity: 2 },
    ]);
    const id = round.billId as string;
    const start = await getBill(t, staff, id);
    expect(start.split).toBeUndefined();

    expect((await keepSplit(t, undefined, id, { ways: 3 })).statusCode).toBe(401);
    expect((await keepSplit(t, guest, id, { ways: 3 })).statusCode).toBe(403);
    for (const ways of [1, 21, 2.5, '3']) expect((await keepSplit(t, staff, id, { ways })).statusCode).toBe(400);
    expect((await payBill(t, staff, id, { method: 'cash', amount: 1, share: 1 })).statusCode).toBe(409);

    const split = await keepSplit(t, staff, id, { ways: 3 });
    expect(split.statusCode, split.body).toBe(200);
    const shares = (split.json().data as Bill).split?.shares ?? [];
    const due = cents(start.due);
    const third = Math.floor(due / 3);
    expect(shares.map((s) => cents(s.amount))).toEqual([0, 1, 2].map((i) => third + (i < due - third * 3 ? 1 : 0)));
    expect(shares.every((s) => !s.paid)).toBe(true);
    // Another till reads the same split.
    expect((await getBill(t, staff2, id)).split).toEqual((split.json().data as Bill).split);

    // Share 1 in cash: it is marked paid, the other two keep their amounts.
    const first = shares[0]?.amount as number;
    expect((await payBill(t, staff, id, { method: 'cash', amount: first - 0.01, share: 1 })).statusCode).toBe(409);
    expect((await payBill(t, staff, id, { method: 'cash', amount: first, share: 4 })).statusCode).toBe(409);
    expect((await payBill(t, staff, id, { method: 'cash', amount: first, share: 1, tendered: 100 })).statusCode).toBe(
      201,
    );
    const afterOne = await getBill(t, staff2, id);
    expect(afterOne.split?.shares).toEqual([
      { n: 1, amount: first, paid: true },
      { n: 2, amount: shares[1]?.amount, paid: false },
      { n: 3, amount: shares[2]?.amount, paid: false },
    ]);
    expect(cents(afterOne.due)).toBe(cents(shares[1]?.amount as number) + cents(shares[2]?.amount as number));
    // Split again 3 ways: the paid share stays paid; the rest is not split three ways afresh.
    expect(((await keepSplit(t, staff2, id, { ways: 3 })).json().data as Bill).split?.shares).toEqual(
      afterOne.split?.shares,
    );
    expect((await payBill(t, staff, id, { method: 'card', amount: first, share: 1 })).statusCode).toBe(409);

    // Two tills race for share 2: it is paid once.
    const second = shares[1]?.amount as number;
    const race = await Promise.all([
      payBill(t, staff, id, { method: 'cash', amount: second, share: 2 }),
      payBill(t, staff2, id, { method: 'card', amount: second, share: 2 }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const afterTwo = await getBill(t, staff, id);
    expect(afterTwo.split?.shares.map((s) => s.paid)).toEqual([true, true, false]);
    expect(afterTwo.payments.filter((p) => p.status === 'succeeded')).toHaveLength(2);
    expect((await keepSplit(t, staff, id, { ways: 2 })).statusCode).toBe(409);

    // The last share pays the bill; no split is said on a paid bill.
    expect(
      (await payBill(t, staff, id, { method: 'bkash', amount: afterTwo.split?.shares[2]?.amount, share: 3 }))
        .statusCode,
    ).toBe(201);
    const closed = await getBill(t, staff, id);
    expect([closed.status, closed.due, closed.split]).toEqual(['paid', 0, undefined]);
    expect(cents(closed.paid)).toBe(due);
  });

  test('a round added after the split is shared over the shares still unpaid', async ({
    t,
    staff,
    dishes,
    tableIds,
  }) => {
    const table = tableIds[3] as string;
    const round = await tableRound(t, staff, table, [{ dish: dishes[0] as Product, quantity: 2 }]);
    const id = round.billId as string;
    const kept = (await keepSplit(t, staff, id, { ways: 2 })).json().data as Bill;
    const first = kept.split?.shares[0]?.amount as number;
    expect((await payBill(t, staff, id, { method: 'cash', amount: first, share: 1 })).statusCode).toBe(201);
    await tableRound(t, staff, table, [{ dish: dishes[1] as Product, quantity: 1 }]);
    const after = await getBill(t, staff, id);
    expect(after.split?.shares).toEqual([
      { n: 1, amount: first, paid: true },
      { n: 2, amount: after.due, paid: false },
    ]);
  });
});

describe('a currency change (issue 58, point 6)', () => {
  test('relabels the bills opened after it; a bill written before keeps its currency, on its receipt too', async ({
    t,
    admin,
    staff,
    dishes,
    tableIds,
  }) => {
    const before = await tableRound(t, staff, tableIds[4] as string, [{ dish: dishes[0] as Product, quantity: 1 }]);
    const old = await getBill(t, staff, before.billId as string);
    expect(old.currency).toBe('USD');
    expect((await payBill(t, staff, old._id, { method: 'cash', amount: old.due })).statusCode).toBe(201);
    expect((await send(t, 'PATCH', '/api/v1/restaurant', admin, { currency: 'BDT' })).statusCode).toBe(200);
    try {
      const kept = await getBill(t, staff, old._id);
      expect([kept.currency, kept.total]).toEqual(['USD', old.total]);
      const receipt = await send(t, 'GET', `/api/v1/bills/${old._id}/receipt`, staff);
      expect(receipt.statusCode).toBe(200);
      expect(receipt.body).toContain(formatMoney(old.total, 'USD'));
      expect(receipt.body).not.toContain(formatMoney(old.total, 'BDT'));
      const after = await tableRound(t, staff, tableIds[5] as string, [{ dish: dishes[0] as Product, quantity: 1 }]);
      expect((await getBill(t, staff, after.billId as string)).currency).toBe('BDT');
    } finally {
      await send(t, 'PATCH', '/api/v1/restaurant', admin, { currency: 'USD' });
    }
  });
});
