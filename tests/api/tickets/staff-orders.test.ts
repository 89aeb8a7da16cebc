import { describe, expect } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { bearer, orderDish } from '../../support/factories.ts';
import { call as send } from '../../support/records.ts';
import {
  expectRefused,
  named,
  order,
  post,
  staffTickets,
  useStaffOrderWorld,
  valueNamed,
} from '../../support/staff-orders.ts';

/**
 * Orders taken by staff (docs/reference/ordering.md "Orders taken by staff", issue 38) through the HTTP API with
 * the restaurant's clock pinned, on SQLite and (with TEST_DATABASE_URL) PostgreSQL: who may take
 * one, the 400s, the same refusals and promise as checkout except a pause, and the idempotency
 * key (a repeat answers the ticket placed, racing repeats place one ticket, on one app server
 * and, on PostgreSQL, across two in postgres-staff-orders.test.ts; another body under the key is 409). Each refusal is shown to
 * change nothing in the ticket tables.
 */

const ADMIN = { email: 'counter-owner@example.com', password: 'counter-owner-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
let clock = NOW;
const test = useStaffOrderWorld(ADMIN, () => clock);

describe('who may take an order', () => {
  test('no token 401, a guest 403; staff and administrators place a ticket with source "staff", due, no guest owner', async ({
    t,
    alice,
    staff,
    admin,
    dishes,
  }) => {
    const tacos = named(dishes, 'Beef Tacos');
    expect((await post(t, undefined, order(tacos))).statusCode).toBe(401);
    const guest = await post(t, alice, order(tacos));
    expect(guest.statusCode).toBe(403);
    // Who may call is decided before the body is looked at.
    expect((await post(t, undefined, {})).statusCode).toBe(401);
    expect((await post(t, alice, { key: 'x' })).statusCode).toBe(403);
    expect(await staffTickets(t)).toBe(0);
    // The quote of an order being taken: staff and admins only, as well.
    const quoteBody = { fulfilment: 'pickup', lines: [{ productId: tacos._id, quantity: 2 }] };
    expect((await send(t, 'POST', '/api/v1/tickets/quote', undefined, quoteBody)).statusCode).toBe(401);
    expect((await send(t, 'POST', '/api/v1/tickets/quote', alice, quoteBody)).statusCode).toBe(403);
    for (const who of [staff, admin]) {
      const quote = await send(t, 'POST', '/api/v1/tickets/quote', who, quoteBody);
      expect(quote.statusCode).toBe(200);
      expect(quote.json().data).toMatchObject({
        subtotal: 2 * tacos.price,
        deliveryFee: 0,
        total: 2 * tacos.price,
        asap: { readyAt: '2026-06-01T12:20:00.000Z' },
      });
    }
    expect(
      (await send(t, 'POST', '/api/v1/tickets/quote', staff, { fulfilment: 'pickup', lines: [] })).statusCode,
    ).toBe(400);

    const pizza = named(dishes, 'Margherita Pizza');
    const large = valueNamed(pizza, 'Large (14")');
    const olives = valueNamed(pizza, 'Olives');
    const res = await post(
      t,
      staff,
      order(pizza, {
        lines: [
          { productId: pizza._id, quantity: 2, options: [large._id, olives._id], note: 'Well done, no basil' },
          { productId: tacos._id, quantity: 1 },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const ticket = res.json().data as Ticket;
    // 2 × (13 + 4.5 + 1) = 37, and tacos at their price with the default spice.
    expect(ticket).toMatchObject({
      source: 'staff',
      fulfilment: 'pickup',
      status: 'received',
      payment: 'due',
      scheduled: false,
      customer: { name: 'Rina Caller', email: '', phone: '+880 1711-222333' },
      subtotal: 37 + tacos.price,
      total: 37 + tacos.price,
      deliveryFee: 0,
    });
    expect(ticket.lines).toEqual([
      {
        orderMainId: null,
        name: pizza.name,
        quantity: 2,
        price: 37,
        options: [
          { group: 'Size', name: 'Large (14")', price: 4.5 },
          { group: 'Extras', name: 'Olives', price: 1 },
        ],
        note: 'Well done, no basil',
      },
      {
        orderMainId: null,
        name: tacos.name,
        quantity: 1,
        price: tacos.price,
        options: [{ group: 'Spice', name: 'Mild', price: 0 }],
      },
    ]);
    const row = await t.database.db
      .selectFrom('tickets')
      .select(['user_id', 'taken_by', 'pay_method', 'units'])
      .where('id', '=', Number(ticket._id))
      .executeTakeFirstOrThrow();
    const staffId = (
      await t.database.db.selectFrom('users').select('id').where('email', '=', staff.email).executeTakeFirstOrThrow()
    ).id;
    // Large pizza: its prep units plus half a unit a portion (the model's weight, as at checkout).
    expect(row).toMatchObject({
      user_id: null,
      taken_by: staffId,
      pay_method: null,
      units: Math.ceil(2 * (pizza.prepUnits + 0.5) + tacos.prepUnits),
    });
    expect(Date.parse(ticket.readyAt)).toBeGreaterThanOrEqual(Date.parse('2026-06-01T12:20:00.000Z'));
    // Staff read it like any ticket; it is on the kitchen board.
    expect((await send(t, 'GET', `/api/v1/tickets/${ticket._id}`, staff)).json().data).toEqual(ticket);
    expect(
      ((await send(t, 'GET', '/api/v1/kitchen/tickets', staff)).json().data as Ticket[]).some(
        (k) => k._id === ticket._id,
      ),
    ).toBe(true);
    // A pick-up order has a bill of its own, open, to be paid there (docs/reference/ordering.md "The bill").
    const bill = await send(t, 'GET', `/api/v1/bills/${ticket.billId}`, staff);
    expect(bill.statusCode).toBe(200);
    expect(bill.json().data).toMatchObject({
      status: 'open',
      fulfilment: 'pickup',
      ticketIds: [ticket._id],
      due: ticket.total,
    });
    // The guest who happened to call cannot read it; it is nobody's order online.
    expect((await send(t, 'GET', `/api/v1/tickets/${ticket._id}`, alice)).statusCode).toBe(404);

    const byAdmin = await post(t, admin, order(tacos, { customer: { name: 'Walk-in' } }));
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.json().data).toMatchObject({ source: 'staff', customer: { name: 'Walk-in', email: '' } });
    expect((byAdmin.json().data as Ticket).customer.phone).toBeUndefined();
    expect(await staffTickets(t)).toBe(2);
  });
});

describe('validation', () => {
  test('each bad body is a 400 naming what is wrong, and changes nothing', async ({ t, staff, dishes }) => {
    const tacos = named(dishes, 'Beef Tacos');
    const tamales = named(dishes, 'Pork Tamales');
    const pizza = named(dishes, 'Margherita Pizza');
    const line = { productId: tacos._id, quantity: 1 };
    const { key: _unused, ...noKey } = order(tacos);
    const cases: [unknown, RegExp][] = [
      [noKey, /key is required/],
      [order(tacos, { key: 'short77' }), /key must be 8 to 64 characters/],
      [order(tacos, { key: 'k'.repeat(65) }), /key must be 8 to 64 characters/],
      [order(tacos, { key: 12345678 }), /key must be text/],
      [order(tacos, { key: 'bad\u0000key-1' }), /control characters/],
      [order(tacos, { fulfilment: 'teleport' }), /fulfilment must be one of/],
      [order(tacos, { when: 'tonight' }), /when/],
      [order(tacos, { when: '2026-06-01T12:37:00.000Z' }), /not one of the times/],
      [order(tacos, { lines: [] }), /at least one dish/],
      [order(tacos, { lines: Array.from({ length: 51 }, () => line) }), /at most 50/],
      [order(tacos, { lines: 'tacos' }), /lines must be a list/],
      [order(tacos, { lines: [{ productId: 'abc', quantity: 1 }] }), /productId must be a positive whole number/],
      [order(tacos, { lines: [{ productId: tacos._id, quantity: 0 }] }), /quantity must be at least 1/],
      [order(tacos, { lines: [{ productId: tacos._id, quantity: 100 }] }), /quantity must be at most 99/],
      [order(tacos, { lines: [{ productId: tacos._id, quantity: 1.5 }] }), /quantity must be a whole number/],
      [
        order(tacos, { lines: [{ productId: tacos._id, quantity: 1, note: 'n'.repeat(201) }] }),
        /note must be at most 200/,
      ],
      [
        order(tacos, { lines: [{ productId: tacos._id, quantity: 1, options: [1, 1] }] }),
        /must not list a value twice/,
      ],
      [order(tacos, { customer: { phone: '+880 1711-222333' } }), /customer.name is required/],
      [order(tacos, { customer: { name: 'Rina', phone: 'call me' } }), /customer.phone must be a phone number/],
      [order(tacos, { customer: 'Rina' }), /customer must be/],
      [order(tacos, { fulfilment: 'delivery' }), /address is required/],
      [order(tacos, { fulfilment: 'dine_in' }), /needs a table/],
      [order(tacos, { fulfilment: 'dine_in', tableId: 999999 }), /tableId is not a table/],
      // Options are checked as the order call checks them.
      [order(tamales), /^Choose Salsa for Pork Tamales$/],
      [
        order(tacos, { lines: [{ productId: tacos._id, quantity: 1, options: [valueNamed(pizza, 'Olives')._id] }] }),
        /is not one of Beef Tacos's/,
      ],
      [
        order(tacos, {
          lines: [{ productId: tacos._id, quantity: 1, options: tacos.options?.[0]?.values.map((v) => v._id) }],
        }),
        /^Choose at most 1 Spice for Beef Tacos$/,
      ],
      // A delivery below the minimum, as at checkout.
      [
        order(tacos, {
          fulfilment: 'delivery',
          address: { line1: '7 Road 2', area: 'Dhanmondi', phone: '+880 1711-444555' },
          lines: [{ productId: named(dishes, 'Beef Tacos')._id, quantity: 1 }],
        }),
        /A delivery needs at least \$15\.00/,
      ],
    ];
    expect(tacos.price).toBeLessThan(15);
    for (const [body, message] of cases) await expectRefused(t, staff, body, 400, message);
    await expectRefused(t, staff, order(tacos, { lines: [{ productId: '999999', quantity: 1 }] }), 404, /.+/);
  });
});

describe('the same refusals and promise as checkout', () => {
  test('sold out, a value sold out, a fulfilment not offered, a time taken: 409 as at checkout, nothing placed; ASAP is the quote’s promise', async ({
    t,
    alice,
    staff,
    admin,
    dishes,
  }) => {
    clock = Date.parse('2026-06-03T09:00:00.000Z');
    try {
      const tacos = named(dishes, 'Beef Tacos');
      const pizza = named(dishes, 'Margherita Pizza');
      // The same promise as a guest's quote for the same weight.
      const guestLine = await orderDish(t.app, alice, tacos._id, 1);
      const quote = (
        await send(t, 'GET', `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${guestLine.orderMainId}`, alice)
      ).json().data;
      const staffQuote = (
        await send(t, 'POST', '/api/v1/tickets/quote', staff, {
          fulfilment: 'pickup',
          lines: [{ productId: tacos._id, quantity: 1 }],
        })
      ).json().data;
      expect(staffQuote).toEqual(quote);
      const asap = await post(t, staff, order(tacos));
      expect(asap.statusCode).toBe(201);
      expect(asap.json().data.readyAt).toBe(quote.asap.readyAt);

      await send(t, 'PATCH', `/api/v1/allProductsData/${tacos._id}`, admin, { available: false });
      await expectRefused(t, staff, order(tacos), 409, `Sold out: ${tacos.name}`);
      await send(t, 'PATCH', `/api/v1/allProductsData/${tacos._id}`, admin, { available: true });

      const large = valueNamed(pizza, 'Large (14")');
      await send(t, 'PATCH', `/api/v1/allProductsData/${pizza._id}/options/${large._id}`, staff, { available: false });
      await expectRefused(
        t,
        staff,
        order(pizza, { lines: [{ productId: pizza._id, quantity: 1, options: [large._id] }] }),
        409,
        `Sold out: ${large.name} (${pizza.name})`,
      );
      await send(t, 'PATCH', `/api/v1/allProductsData/${pizza._id}/options/${large._id}`, staff, { available: true });

      await send(t, 'PATCH', '/api/v1/restaurant', admin, { fulfilment: { delivery: false } });
      await expectRefused(
        t,
        staff,
        order(tacos, {
          fulfilment: 'delivery',
          address: { line1: '7 Road 2', area: 'Dhanmondi', phone: '+880 1711-444555' },
        }),
        409,
        'Delivery is not offered right now',
      );
      await send(t, 'PATCH', '/api/v1/restaurant', admin, { fulfilment: { delivery: true } });

      // A scheduled time whose bucket is full is refused as at checkout; ASAP is pushed later.
      const when = '2026-06-03T11:00:00.000Z';
      const heavy = dishes.find((d) => d.prepUnits === 2 && !d.options?.length) as Product;
      const full = await post(t, staff, order(heavy, { when, lines: [{ productId: heavy._id, quantity: 3 }] }));
      expect(full.statusCode).toBe(201);
      expect(full.json().data).toMatchObject({ scheduled: true, readyAt: when });
      await expectRefused(
        t,
        staff,
        order(heavy, { when, lines: [{ productId: heavy._id, quantity: 3 }] }),
        409,
        'That time is no longer available',
      );
      const guestHeavy = await orderDish(t.app, alice, heavy._id, 3);
      const guestRefused = await send(t, 'POST', '/api/v1/checkout', alice, {
        orderIds: [guestHeavy.orderMainId],
        fulfilment: 'pickup',
        when,
        pay: { Method: 'bkash', AccountNumber: '01711000000' },
      });
      expect([guestRefused.statusCode, guestRefused.json().message]).toEqual([409, 'That time is no longer available']);
      // A whole bucket for one order: ASAP goes to the next bucket with room, one after another.
      const first = (await post(t, staff, order(heavy, { lines: [{ productId: heavy._id, quantity: 3 }] }))).json()
        .data as Ticket;
      const second = (await post(t, staff, order(heavy, { lines: [{ productId: heavy._id, quantity: 3 }] }))).json()
        .data as Ticket;
      expect(Date.parse(second.readyAt)).toBeGreaterThan(Date.parse(first.readyAt));
    } finally {
      clock = NOW;
    }
  });

  test('a pause of online ordering refuses the guest but not staff, ASAP or at a time', async ({
    t,
    alice,
    staff,
    admin,
    dishes,
  }) => {
    const tacos = named(dishes, 'Beef Tacos');
    await send(t, 'PATCH', '/api/v1/restaurant', admin, { kitchen: { acceptingOrders: false, pausedUntil: null } });
    try {
      const line = await orderDish(t.app, alice, tacos._id, 1);
      const guest = await send(t, 'POST', '/api/v1/checkout', alice, {
        orderIds: [line.orderMainId],
        fulfilment: 'pickup',
        when: 'asap',
        pay: { Method: 'bkash', AccountNumber: '01711000000' },
      });
      expect([guest.statusCode, guest.json().message]).toEqual([409, 'We are not taking online orders right now']);
      const guestQuote = (
        await send(t, 'GET', `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${line.orderMainId}`, alice)
      ).json().data;
      expect([guestQuote.asap, guestQuote.times]).toEqual([null, []]);
      const staffQuote = (
        await send(t, 'POST', '/api/v1/tickets/quote', staff, {
          fulfilment: 'pickup',
          lines: [{ productId: tacos._id, quantity: 1 }],
        })
      ).json().data;
      expect(staffQuote.asap).toEqual({ readyAt: '2026-06-01T12:20:00.000Z' });
      expect(staffQuote.times[0]).toMatchObject({ readyAt: '2026-06-01T12:30:00.000Z' });
      const asap = await post(t, staff, order(tacos));
      expect(asap.statusCode).toBe(201);
      expect(asap.json().data).toMatchObject({
        source: 'staff',
        scheduled: false,
        readyAt: '2026-06-01T12:20:00.000Z',
      });
      const later = await post(t, staff, order(tacos, { when: '2026-06-01T13:00:00.000Z' }));
      expect(later.statusCode).toBe(201);
      expect(later.json().data).toMatchObject({ scheduled: true, readyAt: '2026-06-01T13:00:00.000Z' });
    } finally {
      await send(t, 'PATCH', '/api/v1/restaurant', admin, { kitchen: { acceptingOrders: true, pausedUntil: null } });
    }
  });
});

describe('the idempotency key', () => {
  test('a repeat answers the ticket placed (200); the key with another body, or from another account, is 409; a refused key stays free', async ({
    t,
    staff,
    admin,
    dishes,
  }) => {
    const tacos = named(dishes, 'Beef Tacos');
    const body = order(tacos, { lines: [{ productId: tacos._id, quantity: 2, note: 'Extra lime' }] });
    const first = await post(t, staff, body);
    expect(first.statusCode).toBe(201);
    const count = await staffTickets(t);
    const again = await post(t, staff, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    // The same order written otherwise (options in another order, the time as another offset) is the same order.
    const spice = valueNamed(tacos, 'Hot');
    const withOptions = order(tacos, { lines: [{ productId: tacos._id, quantity: 1, options: [spice._id] }] });
    expect((await post(t, staff, withOptions)).statusCode).toBe(201);
    expect((await post(t, staff, withOptions)).statusCode).toBe(200);
    expect(await staffTickets(t)).toBe(count + 1);

    await expectRefused(
      t,
      staff,
      { ...body, lines: [{ productId: tacos._id, quantity: 3 }] },
      409,
      'This key was used for another order: each new order needs a new key',
    );
    await expectRefused(
      t,
      staff,
      { ...body, customer: { name: 'Someone else' } },
      409,
      'This key was used for another order: each new order needs a new key',
    );
    await expectRefused(t, admin, body, 409, 'This key was used for another order: each new order needs a new key');

    // Refused (sold out): no ticket and no key kept; once the dish is back, the same key places it.
    const retried = order(tacos);
    await send(t, 'PATCH', `/api/v1/allProductsData/${tacos._id}`, admin, { available: false });
    await expectRefused(t, staff, retried, 409, `Sold out: ${tacos.name}`);
    await send(t, 'PATCH', `/api/v1/allProductsData/${tacos._id}`, admin, { available: true });
    expect((await post(t, staff, retried)).statusCode).toBe(201);
    expect((await post(t, staff, retried)).statusCode).toBe(200);
  });

  test('the database holds one row per key: a second one is refused by the table itself', async ({
    t,
    staff,
    dishes,
  }) => {
    const body = order(named(dishes, 'Beef Tacos'));
    const placed = (await post(t, staff, body)).json().data as Ticket;
    await expect(
      t.database.db
        .insertInto('ticket_keys')
        .values({ key: body.key, body_hash: 'x', ticket_id: Number(placed._id), created_at: new Date().toISOString() })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  test(
    'the same key sent 10 times at once places exactly one ticket',
    { timeout: 60_000 },
    async ({ t, staff, dishes, base }) => {
      const tacos = named(dishes, 'Beef Tacos');
      const before = await staffTickets(t);
      const body = order(tacos, { lines: [{ productId: tacos._id, quantity: 1, note: 'Race' }] });
      const send10 = () =>
        Promise.all(
          Array.from({ length: 10 }, () =>
            fetch(`${base}/api/v1/tickets`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...bearer(staff) },
              body: JSON.stringify(body),
              signal: AbortSignal.timeout(20_000),
            }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data?: Ticket } })),
          ),
        );
      const answers = await send10();
      expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.body.data?._id)).size).toBe(1);
      expect(await staffTickets(t)).toBe(before + 1);
      const lines = await t.database.db.selectFrom('ticket_lines').select('id').where('note', '=', 'Race').execute();
      expect(lines).toHaveLength(1);
      expect(
        await t.database.db.selectFrom('ticket_keys').select('ticket_id').where('key', '=', body.key).execute(),
      ).toEqual([{ ticket_id: Number(answers[0]?.body.data?._id) }]);
    },
  );
});

describe("a table's round", () => {
  test("a table's round needs no customer's name: it goes by its table (issue 48, point 4); a pick-up still needs one", async ({
    t,
    staff,
    dishes,
  }) => {
    const tacos = named(dishes, 'Beef Tacos');
    const table = (
      (await send(t, 'GET', '/api/v1/tables', staff)).json().data as { _id: string; name: string; active: boolean }[]
    ).find((x) => x.active) as { _id: string; name: string };
    const res = await post(t, staff, order(tacos, { fulfilment: 'dine_in', tableId: Number(table._id), customer: {} }));
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json().data as Ticket).customer).toEqual({ name: `Table ${table.name}`, email: '' });
    await expectRefused(
      t,
      staff,
      order(tacos, { customer: {} }),
      400,
      'customer.name is required for a pick-up or a delivery',
    );
  });
});
