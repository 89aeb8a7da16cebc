import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { type TestAccount, orderDish } from '../../support/factories.ts';
import { type PaymentsWorld, startPaymentsWorld } from '../../support/payments-world.ts';
import { call } from '../../support/records.ts';

/**
 * One figure (docs/reference/ordering.md "Money that agrees on every screen", issue 44 point 1), on SQLite and
 * (with TEST_DATABASE_URL) PostgreSQL. With taxes added on top (takeaway 5 %, dine-in 10 %,
 * service 10 %) the walk found checkout saying $16.94 while the bill charged $17.79, a delivery
 * and the kitchen's "Cash due" saying $21.50 while $22.43 was recorded, and "New order" telling
 * the caller $22.50 while the bill took $23.63. Here the quote, the checkout's ticket, My Orders,
 * the amount asked of Stripe, the cash the kitchen takes and a staff order are each the bill's
 * total, with the tax as its own figure.
 */
let w: PaymentsWorld;
let dishes: { pickup: Product; delivery: Product; caller: Product };

const bill = async (who: TestAccount, id: string): Promise<Bill> => {
  const res = await call(w.t, 'GET', `/api/v1/bills/${id}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Bill;
};
const named = (name: string) => w.dishes.find((d) => d.name === name) as Product;

beforeAll(async () => {
  w = await startPaymentsWorld();
  const set = await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, {
    fulfilment: {
      pickup: true,
      delivery: true,
      dineIn: true,
      deliveryMinutes: 30,
      deliveryFee: 3,
      deliveryMinimum: 15,
    },
    unpaidOrders: { perGuest: 100, maxUnits: 10_000 },
    billing: {
      taxInclusive: false,
      rates: { dineIn: 10, takeaway: 5 },
      categoryRates: { Drinks: null },
      serviceChargePercent: 10,
    },
  });
  expect(set.statusCode, set.body).toBe(200);
  // The walk's prices: dishes with cents (point 7), none with options.
  const prices: [string, number][] = [
    ['Club Sandwich', 16.94],
    ['Grilled Cheese Melt', 18.5],
    ['Falafel Pita Wrap', 22.5],
  ];
  for (const [name, price] of prices) {
    const res = await call(w.t, 'PATCH', `/api/v1/allProductsData/${named(name)._id}`, w.admin, { price });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.price).toBe(price);
  }
  const menu = (await call(w.t, 'GET', '/api/v1/allProductsData')).json().data as Product[];
  const fresh = (name: string) => menu.find((d) => d.name === name) as Product;
  dishes = {
    pickup: fresh('Club Sandwich'),
    delivery: fresh('Grilled Cheese Melt'),
    caller: fresh('Falafel Pita Wrap'),
  };
  expect(dishes.pickup.options).toEqual([]);
}, 60_000);
afterAll(async () => {
  await w?.close();
});

describe('what a guest is told before paying is what the bill charges', () => {
  test('pick-up paid by Stripe: quote, checkout, My Orders and the amount asked of Stripe are the bill\'s $17.79, with "VAT 5 %" $0.85', async () => {
    const line = await orderDish(w.t.app, w.alice, dishes.pickup._id, 1);
    const quote = await call(
      w.t,
      'GET',
      `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${line.orderMainId}`,
      w.alice,
    );
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data).toMatchObject({
      subtotal: 16.94,
      taxes: [{ name: 'VAT', rate: 5, base: 16.94, amount: 0.85 }],
      taxInclusive: false,
      serviceCharge: 0,
      deliveryFee: 0,
      total: 17.79,
    });

    const placed = await call(w.t, 'POST', '/api/v1/checkout', w.alice, {
      orderIds: [line.orderMainId],
      fulfilment: 'pickup',
      when: 'asap',
      pay: { provider: 'stripe' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { data: ticket, payment } = placed.json() as { data: Ticket; payment: { _id: string } };
    expect(ticket).toMatchObject({
      subtotal: 16.94,
      taxes: [{ name: 'VAT', rate: 5, base: 16.94, amount: 0.85 }],
      serviceCharge: 0,
      deliveryFee: 0,
      total: 17.79,
    });
    expect((await bill(w.alice, ticket.billId as string)).total).toBe(17.79);

    // Stripe is asked for the bill's total, and once paid the bill is paid in full.
    const row = await w.t.database.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', Number(payment._id))
      .executeTakeFirstOrThrow();
    expect(w.stripe.sessions.get(row.provider_ref as string)?.amount_total).toBe(1779);
    const events = w.stripe.pay(row.provider_ref as string);
    for (const event of events) {
      const payload = JSON.stringify(event);
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': w.stripe.signer(payload) },
        payload,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await bill(w.alice, ticket.billId as string)).toMatchObject({
      status: 'paid',
      total: 17.79,
      paid: 17.79,
      due: 0,
    });
    const mine = (await call(w.t, 'GET', '/api/v1/tickets/mine', w.alice)).json().data as Ticket[];
    expect(mine.find((t) => t._id === ticket._id)).toMatchObject({ total: 17.79, payment: 'paid' });
  });

  test("a delivery paid in cash: the ticket says $22.43 and the kitchen's Complete takes exactly that", async () => {
    const line = await orderDish(w.t.app, w.bob, dishes.delivery._id, 1);
    const address = { line1: '7 Road 2', area: 'Dhanmondi', phone: '+880 1711-444555' };
    const quote = (
      await call(w.t, 'GET', `/api/v1/checkout/quote?fulfilment=delivery&orderIds=${line.orderMainId}`, w.bob)
    ).json().data;
    expect(quote).toMatchObject({
      subtotal: 18.5,
      taxes: [{ rate: 5, base: 18.5, amount: 0.93 }],
      deliveryFee: 3,
      total: 22.43,
    });
    const placed = await call(w.t, 'POST', '/api/v1/checkout', w.bob, {
      orderIds: [line.orderMainId],
      fulfilment: 'delivery',
      address,
      when: 'asap',
      pay: { Method: 'cash' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const ticket = placed.json().data as Ticket;
    expect(ticket).toMatchObject({ payment: 'due', deliveryFee: 3, total: 22.43 });
    expect((await bill(w.bob, ticket.billId as string)).due).toBe(ticket.total);

    for (const status of ['preparing', 'ready', 'completed']) {
      const res = await call(w.t, 'POST', `/api/v1/kitchen/tickets/${ticket._id}/status`, w.staff, { status });
      expect(res.statusCode, res.body).toBe(200);
    }
    const paid = await bill(w.bob, ticket.billId as string);
    expect(paid).toMatchObject({ status: 'paid', total: 22.43, due: 0 });
    expect(paid.payments).toEqual([expect.objectContaining({ method: 'cash', amount: ticket.total })]);
  });

  test('"New order" tells the caller the bill\'s $23.63, and the ticket and bill agree', async () => {
    const body = {
      fulfilment: 'pickup',
      when: 'asap',
      lines: [{ productId: dishes.caller._id, quantity: 1 }],
      customer: { name: 'Rina Caller', phone: '+880 1711-222333' },
    };
    const quote = await call(w.t, 'POST', '/api/v1/tickets/quote', w.staff, {
      fulfilment: body.fulfilment,
      lines: body.lines,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data).toMatchObject({ subtotal: 22.5, taxes: [{ rate: 5, amount: 1.13 }], total: 23.63 });
    const placed = await call(w.t, 'POST', '/api/v1/tickets', w.staff, { ...body, key: `one-figure-${Date.now()}` });
    expect(placed.statusCode, placed.body).toBe(201);
    const ticket = placed.json().data as Ticket;
    expect(ticket.total).toBe(23.63);
    expect((await bill(w.staff, ticket.billId as string)).total).toBe(23.63);
  });

  test('dine-in at a table: tax and service charge on the ticket as on its bill', async () => {
    const table = ((await call(w.t, 'GET', '/api/v1/tables', w.admin)).json().data as { _id: string }[])[0]
      ?._id as string;
    const line = await orderDish(w.t.app, w.alice, dishes.pickup._id, 1);
    const quote = (
      await call(w.t, 'GET', `/api/v1/checkout/quote?fulfilment=dine_in&orderIds=${line.orderMainId}`, w.alice)
    ).json().data;
    // 16.94: VAT 10 % 1.694 → 1.69, service 10 % → 1.69; 16.94 + 1.69 + 1.69 = 20.32.
    expect(quote).toMatchObject({
      subtotal: 16.94,
      taxes: [{ rate: 10, amount: 1.69 }],
      serviceCharge: 1.69,
      total: 20.32,
    });
    const placed = await call(w.t, 'POST', '/api/v1/checkout', w.alice, {
      orderIds: [line.orderMainId],
      fulfilment: 'dine_in',
      tableId: table,
      when: 'asap',
      pay: { Method: 'cash' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const ticket = placed.json().data as Ticket;
    expect(ticket).toMatchObject({ serviceCharge: 1.69, total: 20.32 });
    expect(await bill(w.alice, ticket.billId as string)).toMatchObject({
      serviceCharge: 1.69,
      total: 20.32,
      due: 20.32,
    });
  });
});

describe('a placing answers its ticket as any later read does (issue 46: the answer reads no bill back)', () => {
  test("pick-up and delivery, cash, the spec's PAY, Stripe and a staff order, taxes on top and inside: the answer equals the ticket read again with its bill", async () => {
    // A dessert taxed by a rate of its own (its category's), beside a sandwich taxed by the order's.
    const drink = w.dishes.find((d) => d.category === 'Desserts') as Product;
    const address = { line1: '12 Lake Road', area: 'Gulshan', phone: '+880 1711-000000' };
    for (const billing of [
      { taxInclusive: false, serviceChargePercent: 10, categoryRates: { Desserts: 15 } },
      { taxInclusive: true, serviceChargePercent: 0, categoryRates: { Desserts: null } },
    ]) {
      const set = await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, { billing });
      expect(set.statusCode, set.body).toBe(200);
      const placings: [TestAccount, string, Record<string, unknown>][] = [];
      for (const [fulfilment, pay] of [
        ['pickup', { Method: 'cash' }],
        ['delivery', { Method: 'cash' }],
        ['pickup', { Method: 'bkash', AccountNumber: '01711000000' }],
        ['pickup', { provider: 'stripe' }],
      ] as const) {
        const food = await orderDish(w.t.app, w.alice, dishes.delivery._id, 1);
        const drinks = await orderDish(w.t.app, w.alice, drink._id, 2);
        placings.push([
          w.alice,
          '/api/v1/checkout',
          {
            orderIds: [food.orderMainId, drinks.orderMainId],
            fulfilment,
            ...(fulfilment === 'delivery' ? { address } : {}),
            when: 'asap',
            pay,
          },
        ]);
      }
      placings.push([
        w.staff,
        '/api/v1/tickets',
        {
          fulfilment: 'pickup',
          when: 'asap',
          lines: [
            { productId: dishes.caller._id, quantity: 1 },
            { productId: drink._id, quantity: 3 },
          ],
          customer: { name: 'Rina Caller' },
          key: `answer-${billing.serviceChargePercent}`,
        },
      ]);
      for (const [who, path, body] of placings) {
        const placed = await call(w.t, 'POST', path, who, body);
        expect(placed.statusCode, placed.body).toBe(201);
        const answer = placed.json().data as Ticket;
        expect(answer.total).toBeGreaterThan(0);
        const read = await call(w.t, 'GET', `/api/v1/tickets/${answer._id}`, who);
        expect(read.statusCode, read.body).toBe(200);
        expect(answer, `${path} ${JSON.stringify(body.pay ?? body.fulfilment)}`).toEqual(read.json().data);
        expect((await bill(who, answer.billId as string)).total).toBe(answer.total);
      }
    }
    const back = await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, {
      billing: { taxInclusive: false, serviceChargePercent: 10, categoryRates: { Drinks: null } },
    });
    expect(back.statusCode, back.body).toBe(200);
  });
});

describe('cents everywhere (issue 44 point 7)', () => {
  test('a dish price, the delivery fee and minimum and a deposit may carry cents; a third decimal is 400 and changes nothing', async () => {
    const id = dishes.pickup._id;
    const priced = await call(w.t, 'PATCH', `/api/v1/allProductsData/${id}`, w.admin, { price: 12.49 });
    expect(priced.statusCode, priced.body).toBe(200);
    expect((await call(w.t, 'GET', `/api/v1/allProductsData/${id}`)).json().data.price).toBe(12.49);
    const third = await call(w.t, 'PATCH', `/api/v1/allProductsData/${id}`, w.admin, { price: 12.499 });
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toMatch(/price may carry at most two decimals/);
    expect((await call(w.t, 'GET', `/api/v1/allProductsData/${id}`)).json().data.price).toBe(12.49);
    // Three at 12.49 are 37.47 exactly, in the order and its quote.
    const line = await orderDish(w.t.app, w.bob, id, 3);
    expect(line.orderPrice).toBe(37.47);

    const set = await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, {
      fulfilment: { deliveryFee: 2.99, deliveryMinimum: 12.5 },
      reservations: { deposit: { fromPartySize: 6, perCover: 10.05, refundableUntilMinutes: 1440 } },
    });
    expect(set.statusCode, set.body).toBe(200);
    const read = (await call(w.t, 'GET', '/api/v1/restaurant')).json().data;
    expect([read.fulfilment.deliveryFee, read.fulfilment.deliveryMinimum, read.reservations.deposit.perCover]).toEqual([
      2.99, 12.5, 10.05,
    ]);
    for (const fulfilment of [{ deliveryFee: 2.999 }, { deliveryMinimum: 12.505 }]) {
      const refused = await call(w.t, 'PATCH', '/api/v1/restaurant', w.admin, { fulfilment });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/may carry at most two decimals/);
    }
    const after = (await call(w.t, 'GET', '/api/v1/restaurant')).json().data;
    expect([after.fulfilment.deliveryFee, after.fulfilment.deliveryMinimum]).toEqual([2.99, 12.5]);
    const quote = (
      await call(w.t, 'GET', `/api/v1/checkout/quote?fulfilment=delivery&orderIds=${line.orderMainId}`, w.bob)
    ).json().data;
    // 37.47 + 5 % (1.8735 → 1.87) + 2.99 = 42.33.
    expect(quote).toMatchObject({ subtotal: 37.47, deliveryFee: 2.99, taxes: [{ amount: 1.87 }], total: 42.33 });
  });
});
