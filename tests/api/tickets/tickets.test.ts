import type { AddressInfo } from 'node:net';
import { describe, expect } from 'vitest';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { type TestAccount, bearer, createAccount, orderDish } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import type { TestApp } from '../../support/test-app.ts';
import { call as send, allDayKitchen } from '../../support/records.ts';

/**
 * Checkout and tickets (docs/reference/operations.md "Tickets", "One kitchen, one capacity") through the HTTP
 * API with the restaurant's clock pinned; the race goes through a listening server.
 */

const ADMIN = { email: 'till-owner@example.com', password: 'till-owner-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
let clock = NOW;

const test = useRecordsWorld(ADMIN, { clock: () => clock }).extend('ready', { scope: 'file' }, async ({ t, admin }) => {
  // The tests' kitchen: UTC, open all day, 15-minute buckets of 6 units, 20 minutes to cook.
  const res = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
    ...allDayKitchen(6),
    fulfilment: {
      pickup: true,
      delivery: true,
      dineIn: true,
      deliveryMinutes: 30,
      deliveryFee: 3,
      deliveryMinimum: 15,
    },
    // A bucket of 6 units is far smaller than a kitchen's: let an unpaid order take a whole one (issue 40 point 6's limit is tested in unpaid-orders.test.ts).
    unpaidOrders: { maxUnits: 6 },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return true;
});

const cardPay = { Method: 'bkash', AccountNumber: '01711000000' };
const checkout = (t: TestApp, who: TestAccount, body: Record<string, unknown>) =>
  send(t, 'POST', '/api/v1/checkout', who, { fulfilment: 'pickup', when: 'asap', pay: cardPay, ...body });

describe('quote and checkout', () => {
  test('quotes money and the promise, then places a pick-up ticket paid by card', async ({
    t,
    alice,
    dishes,
    ready,
  }) => {
    expect(ready).toBe(true);
    const a = await orderDish(t.app, alice, dishes[0]?._id as string, 1);
    const b = await orderDish(t.app, alice, dishes[1]?._id as string, 2);
    const quote = await send(
      t,
      'GET',
      `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${a.orderMainId},${b.orderMainId}`,
      alice,
    );
    expect(quote.statusCode).toBe(200);
    const q = quote.json().data;
    expect(q).toMatchObject({
      subtotal: a.orderPrice + b.orderPrice,
      deliveryFee: 0,
      total: a.orderPrice + b.orderPrice,
      asap: { readyAt: '2026-06-01T12:20:00.000Z' },
    });
    expect(q.times[0]).toEqual({ date: '2026-06-01', time: '12:30', readyAt: '2026-06-01T12:30:00.000Z' });

    const placed = await checkout(t, alice, { orderIds: [a.orderMainId, b.orderMainId] });
    expect(placed.statusCode).toBe(201);
    const ticket = placed.json().data as Ticket;
    expect(ticket).toMatchObject({
      fulfilment: 'pickup',
      status: 'received',
      payment: 'paid',
      source: 'online',
      scheduled: false,
      readyAt: '2026-06-01T12:20:00.000Z',
      subtotal: q.subtotal,
      total: q.total,
      customer: { email: alice.email },
    });
    expect(ticket.number).toMatch(/^A-\d{3}$/);
    expect(ticket.lines.map((l) => l.orderMainId)).toEqual([a.orderMainId, b.orderMainId]);
    // The lines are paid and the guest can no longer delete them; placing them again is refused.
    const record = (await send(t, 'GET', `/api/v1/users/?email=${encodeURIComponent(alice.email)}`, alice)).json().data;
    expect(
      record.orders
        .filter((o: { orderMainId: string }) => [a.orderMainId, b.orderMainId].includes(o.orderMainId))
        .map((o: { payment: string }) => o.payment),
    ).toEqual(['paid', 'paid']);
    expect((await send(t, 'PUT', `/api/v1/users/${a.orderMainId}`, alice, { email: alice.email })).statusCode).toBe(
      409,
    );
    expect((await checkout(t, alice, { orderIds: [a.orderMainId] })).statusCode).toBe(409);
    expect(((await send(t, 'GET', '/api/v1/tickets/mine', alice)).json().data as Ticket[])[0]?._id).toBe(ticket._id);
    expect((await send(t, 'GET', `/api/v1/tickets/${ticket._id}`, alice)).statusCode).toBe(200);
  });

  test('a delivery needs an address and the minimum, adds the fee and promises an arrival', async ({
    t,
    bob,
    dishes,
    ready,
  }) => {
    expect(ready).toBe(true);
    const cheap = await orderDish(t.app, bob, dishes.find((d) => d.price < 15)?._id as string, 1);
    expect((await checkout(t, bob, { orderIds: [cheap.orderMainId], fulfilment: 'delivery' })).json().message).toMatch(
      /address is required/,
    );
    const address = { line1: '7 Road 2', area: 'Dhanmondi', phone: '+880 1711-444555', instructions: 'Ring twice' };
    const small = await checkout(t, bob, { orderIds: [cheap.orderMainId], fulfilment: 'delivery', address });
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toMatch(/at least \$15\.00 of food/);
    const big = await orderDish(t.app, bob, dishes[0]?._id as string, 2);
    const res = await checkout(t, bob, {
      orderIds: [cheap.orderMainId, big.orderMainId],
      fulfilment: 'delivery',
      address,
      pay: { Method: 'cash' },
    });
    expect(res.statusCode).toBe(201);
    const ticket = res.json().data as Ticket;
    expect(ticket).toMatchObject({
      fulfilment: 'delivery',
      deliveryFee: 3,
      total: cheap.orderPrice + big.orderPrice + 3,
      payment: 'due',
      address,
    });
    expect(Date.parse(ticket.arriveAt as string) - Date.parse(ticket.readyAt)).toBe(30 * 60_000);
    // Cash: the lines stay unpaid until staff take the money, but they are placed.
    const record = (await send(t, 'GET', `/api/v1/users/?email=${encodeURIComponent(bob.email)}`, bob)).json().data;
    const line = record.orders.find((o: { orderMainId: string }) => o.orderMainId === big.orderMainId);
    expect(line?.payment).toBeNull();
    // The listing names the ticket that holds the line, so the row shows "Pay on delivery".
    // What its bill charges for it, the fee and any tax on top included (issue 58 point 1).
    expect(line?.ticket).toEqual({
      _id: ticket._id,
      number: ticket.number,
      fulfilment: 'delivery',
      payment: 'due',
      status: 'received',
      charged: ticket.total,
    });
    expect((await send(t, 'PUT', `/api/v1/users/${big.orderMainId}`, bob, { email: bob.email })).statusCode).toBe(409);
  });

  test('refuses bad input and conflicts with a clear 4xx, placing and charging nothing', async ({
    t,
    alice,
    bob,
    admin,
    dishes,
    ready,
  }) => {
    expect(ready).toBe(true);
    const own = await orderDish(t.app, alice, dishes[2]?._id as string, 1);
    const bobs = await orderDish(t.app, bob, dishes[2]?._id as string, 1);
    const before = ((await send(t, 'GET', '/api/v1/tickets/mine', alice)).json().data as Ticket[]).length;
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ orderIds: [] }, 400, /at least one/],
      [{ orderIds: Array.from({ length: 51 }, (_, i) => i + 1) }, 400, /at most 50/],
      [{ orderIds: [bobs.orderMainId] }, 404, /No such order/],
      [{ orderIds: [own.orderMainId], fulfilment: 'teleport' }, 400, /fulfilment/],
      [{ orderIds: [own.orderMainId], when: '2026-06-01T12:37:00.000Z' }, 400, /not one of the times/],
      [{ orderIds: [own.orderMainId], when: '2026-06-01T11:00:00.000Z' }, 400, /not one of the times/],
      [{ orderIds: [own.orderMainId], fulfilment: 'dine_in' }, 400, /reservation/],
      [{ orderIds: [own.orderMainId], fulfilment: 'dine_in', reservationId: 999999 }, 404, /reservation/],
      [
        { orderIds: [own.orderMainId], pay: { Method: 'bkash', AccountNumber: '123456789012345' } },
        400,
        /AccountNumber/,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await checkout(t, alice, body);
      expect([JSON.stringify(body).slice(0, 50), res.statusCode]).toEqual([JSON.stringify(body).slice(0, 50), status]);
      expect(res.json().message).toMatch(message);
    }
    // Sold out meanwhile: refused naming the dish.
    await send(t, 'PATCH', `/api/v1/allProductsData/${dishes[2]?._id}`, admin, { available: false });
    const soldOut = await checkout(t, alice, { orderIds: [own.orderMainId] });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe(`Sold out: ${dishes[2]?.name}`);
    await send(t, 'PATCH', `/api/v1/allProductsData/${dishes[2]?._id}`, admin, { available: true });
    // Paused: no ASAP; a time after the pause is still taken.
    await send(t, 'PATCH', '/api/v1/restaurant', admin, {
      kitchen: { acceptingOrders: false, pausedUntil: '2026-06-01T14:00:00.000Z' },
    });
    try {
      const paused = await checkout(t, alice, { orderIds: [own.orderMainId] });
      expect(paused.statusCode).toBe(409);
      expect(paused.json().message).toBe('We are not taking online orders right now');
      const quote = (
        await send(t, 'GET', `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${own.orderMainId}`, alice)
      ).json().data;
      expect(quote.asap).toBeNull();
      expect(quote.times[0]).toMatchObject({ time: '14:00', readyAt: '2026-06-01T14:00:00.000Z' });
      expect(
        (await checkout(t, alice, { orderIds: [own.orderMainId], when: '2026-06-01T13:00:00.000Z' })).statusCode,
      ).toBe(409);
      const later = await checkout(t, alice, { orderIds: [own.orderMainId], when: '2026-06-01T14:15:00.000Z' });
      expect(later.statusCode).toBe(201);
      expect(later.json().data).toMatchObject({ scheduled: true, readyAt: '2026-06-01T14:15:00.000Z' });
    } finally {
      await send(t, 'PATCH', '/api/v1/restaurant', admin, { kitchen: { acceptingOrders: true, pausedUntil: null } });
    }
    expect(((await send(t, 'GET', '/api/v1/tickets/mine', alice)).json().data as Ticket[]).length).toBe(before + 1);
    expect(
      (
        await send(
          t,
          'GET',
          `/api/v1/tickets/${((await send(t, 'GET', '/api/v1/tickets/mine', alice)).json().data as Ticket[])[0]?._id}`,
          bob,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('dine-in', () => {
  test('orders for the guest’s own reservation of today, or a table; not someone else’s, nor another day’s', async ({
    t,
    alice,
    bob,
    dishes,
    ready,
  }) => {
    expect(ready).toBe(true);
    const book = (who: TestAccount, date: string) =>
      send(t, 'POST', '/api/v1/reservations', who, {
        date,
        time: '19:00',
        partySize: 2,
        name: 'Dine Guest',
        phone: '+880 1711-000111',
      });
    const today = (await book(alice, '2026-06-01')).json().data as { _id: string };
    const tomorrow = (await book(alice, '2026-06-02')).json().data as { _id: string };
    const bobs = (await book(bob, '2026-06-01')).json().data as { _id: string };
    const line = await orderDish(t.app, alice, dishes[4]?._id as string, 1);
    expect(
      (await checkout(t, alice, { orderIds: [line.orderMainId], fulfilment: 'dine_in', reservationId: bobs._id }))
        .statusCode,
    ).toBe(404);
    const other = await checkout(t, alice, {
      orderIds: [line.orderMainId],
      fulfilment: 'dine_in',
      reservationId: tomorrow._id,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/today/);
    const placed = await checkout(t, alice, {
      orderIds: [line.orderMainId],
      fulfilment: 'dine_in',
      reservationId: today._id,
      pay: { Method: 'cash' },
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().data).toMatchObject({ fulfilment: 'dine_in', reservationId: today._id, payment: 'due' });
    // From a table's QR code.
    const second = await orderDish(t.app, bob, dishes[4]?._id as string, 1);
    const atTable = await checkout(t, bob, { orderIds: [second.orderMainId], fulfilment: 'dine_in', tableId: 3 });
    expect(atTable.statusCode).toBe(201);
    expect(atTable.json().data).toMatchObject({ fulfilment: 'dine_in', tableId: '3' });
    const third = await orderDish(t.app, bob, dishes[4]?._id as string, 1);
    const noTable = await checkout(t, bob, { orderIds: [third.orderMainId], fulfilment: 'dine_in', tableId: 999 });
    expect(noTable.statusCode).toBe(400);
    expect(noTable.json().message).toMatch(/tableId/);
  });
});

describe('one kitchen, many guests', () => {
  test(
    'ten checkouts racing for a bucket with room for one: one gets the time, the others 409; ASAP ones are promised later, never over capacity',
    { timeout: 60_000 },
    async ({ t, dishes, ready }) => {
      expect(ready).toBe(true);
      clock = Date.parse('2026-06-02T09:00:00.000Z');
      try {
        const guests = await Promise.all(
          Array.from({ length: 10 }, (_, i) => createAccount(t.app, { name: `Rusher ${i}` })),
        );
        // Each ticket weighs 6 units (a bucket's whole room): three portions of a dish of 2 prep units.
        const heavy = dishes[0]?._id as string;
        const lines = await Promise.all(guests.map((g) => orderDish(t.app, g, heavy, 3)));
        const prep = (
          await t.database.db
            .selectFrom('products')
            .select('prep_units')
            .where('id', '=', Number(heavy))
            .executeTakeFirstOrThrow()
        ).prep_units;
        const units = 3 * prep;
        if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
        const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
        const post = (who: TestAccount, body: Record<string, unknown>) =>
          fetch(`${base}/api/v1/checkout`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...bearer(who) },
            body: JSON.stringify({ fulfilment: 'pickup', pay: cardPay, ...body }),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message?: string; data?: Ticket } }));

        const when = '2026-06-02T11:00:00.000Z';
        const scheduled = await Promise.all(guests.map((g, i) => post(g, { orderIds: [lines[i]?.orderMainId], when })));
        const statuses = scheduled.map((r) => r.status);
        expect(units).toBe(6);
        expect(statuses.filter((s) => s === 201)).toHaveLength(1);
        expect(
          scheduled.filter((r) => r.status === 409).every((r) => r.body.message === 'That time is no longer available'),
        ).toBe(true);
        const left = guests.filter((_, i) => scheduled[i]?.status !== 201);
        const asap = await Promise.all(
          left.map((g) => post(g, { orderIds: [lines[guests.indexOf(g)]?.orderMainId], when: 'asap' })),
        );
        expect(asap.every((r) => r.status === 201)).toBe(true);
        // The kitchen's buckets never carry more than their room: every ticket in its own cooking bucket.
        const tickets = await t.database.db
          .selectFrom('tickets')
          .select(['ready_at', 'units'])
          .where('ready_at', '>=', '2026-06-02T09:00:00.000Z')
          .execute();
        const perBucket = new Map<number, number>();
        for (const ticket of tickets) {
          const cooking = Date.parse(ticket.ready_at) - 20 * 60_000;
          const bucket = cooking - (cooking % (15 * 60_000));
          perBucket.set(bucket, (perBucket.get(bucket) ?? 0) + ticket.units);
        }
        expect(Math.max(...perBucket.values())).toBeLessThanOrEqual(6);
        expect(new Set(asap.map((r) => r.body.data?.readyAt)).size).toBe(asap.length);
      } finally {
        clock = NOW;
      }
    },
  );
});
