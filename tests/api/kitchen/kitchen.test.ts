import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { KitchenTicket } from '../../../src/shared/contract/kitchen.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { type TestAccount, bearer, createAccount, createStaff, orderDish } from '../../support/factories.ts';
import { openEventStream } from '../../support/event-stream.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';
import { call as send, allDayKitchen } from '../../support/records.ts';

/**
 * The kitchen board, live events and today's figures (docs/reference/operations.md "The kitchen board")
 * through the HTTP API with the restaurant's clock pinned; the event streams and the races go
 * through a listening server.
 */

const ADMIN = { email: 'pass-owner@example.com', password: 'pass-owner-password' };
const NOW = Date.parse('2026-06-01T12:00:00.000Z');
let clock = NOW;

const test = useRecordsWorld(ADMIN, { clock: () => clock, heartbeatMs: 200 })
  .extend('staff', { scope: 'file' }, async ({ t, admin }) => {
    // The tests' kitchen: UTC, open all day, roomy buckets, 20 minutes to cook.
    const settings = await send(t, 'PATCH', '/api/v1/restaurant', admin, {
      ...allDayKitchen(100),
    });
    if (settings.statusCode !== 200) throw new Error(settings.body);
    const account = await createStaff(t.app, admin, { name: 'Cook Cass' });
    return account;
  })
  .extend('base', { scope: 'file' }, async ({ t }) => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

async function place(
  t: TestApp,
  who: TestAccount,
  dishId: string,
  quantity: number,
  body: Record<string, unknown> = {},
): Promise<Ticket> {
  const line = await orderDish(t.app, who, dishId, quantity);
  const res = await send(t, 'POST', '/api/v1/checkout', who, {
    orderIds: [line.orderMainId],
    fulfilment: 'pickup',
    when: 'asap',
    pay: { Method: 'bkash', AccountNumber: '01711000000' },
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as Ticket;
}

const setStatus = (t: TestApp, who: TestAccount, id: string, body: Record<string, unknown>) =>
  send(t, 'POST', `/api/v1/kitchen/tickets/${id}/status`, who, body);

describe('the kitchen board', () => {
  test('only staff see the board, the all-day counts and the figures, or move a ticket', async ({
    t,
    alice,
    staff,
    admin,
    dishes,
  }) => {
    const ticket = await place(t, alice, dishes[0]?._id as string, 1);
    for (const url of ['/api/v1/kitchen/tickets', '/api/v1/kitchen/all-day', '/api/v1/dashboard/today']) {
      expect((await send(t, 'GET', url)).statusCode, url).toBe(401);
      expect((await send(t, 'GET', url, alice)).statusCode, url).toBe(403);
      expect((await send(t, 'GET', url, staff)).statusCode, url).toBe(200);
      expect((await send(t, 'GET', url, admin)).statusCode, url).toBe(200);
    }
    expect((await setStatus(t, alice, ticket._id, { status: 'preparing' })).statusCode).toBe(403);
    expect((await setStatus(t, staff, '999999', { status: 'preparing' })).statusCode).toBe(404);
    expect((await setStatus(t, staff, 'abc', { status: 'preparing' })).statusCode).toBe(400);
    expect((await setStatus(t, staff, ticket._id, { status: 'cooking' })).statusCode).toBe(400);
  });

  test('moves a ticket by the transition table; recall within 30 minutes; cancelling needs a reason', async ({
    t,
    alice,
    staff,
    dishes,
  }) => {
    clock = NOW;
    const ticket = await place(t, alice, dishes[1]?._id as string, 2);
    const move = async (status: string, expected: number, reason?: string) => {
      const res = await setStatus(t, staff, ticket._id, { status, ...(reason ? { reason } : {}) });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(expected);
      return res;
    };
    await move('completed', 409);
    await move('preparing', 200);
    await move('received', 409);
    await move('ready', 200);
    await move('preparing', 200); // recall
    await move('ready', 200);
    const done = await move('completed', 200);
    expect(done.json().data.status).toBe('completed');
    clock = NOW + 29 * 60_000;
    await move('ready', 200); // recall within 30 minutes
    await move('completed', 200);
    clock = NOW + 61 * 60_000;
    expect((await move('ready', 409)).json().message).toMatch(/within 30 minutes/);
    clock = NOW;

    const other = await place(t, alice, dishes[1]?._id as string, 1);
    const noReason = await setStatus(t, staff, other._id, { status: 'cancelled' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Cancelling an order needs a reason');
    const cancelled = await setStatus(t, staff, other._id, { status: 'cancelled', reason: 'Out of saffron' });
    expect(cancelled.statusCode).toBe(200);
    expect((await setStatus(t, staff, other._id, { status: 'received' })).statusCode).toBe(409);
    expect((await setStatus(t, staff, other._id, { status: 'preparing' })).statusCode).toBe(409);
    // The guest sees the kitchen's reason.
    const mine = (await send(t, 'GET', `/api/v1/tickets/${other._id}`, alice)).json().data as Ticket;
    expect(mine).toMatchObject({ status: 'cancelled', cancelReason: 'Out of saffron' });
  });

  test('lists open tickets by promise with late ones marked, and counts the portions still to cook', async ({
    t,
    alice,
    bob,
    staff,
    dishes,
  }) => {
    clock = Date.parse('2026-06-03T10:00:00.000Z');
    try {
      const dish = dishes[2] as { _id: string; name: string };
      const later = await place(t, alice, dish._id, 2, { when: '2026-06-03T11:00:00.000Z' });
      const soon = await place(t, bob, dish._id, 3);
      const board = (await send(t, 'GET', '/api/v1/kitchen/tickets', staff)).json().data as KitchenTicket[];
      const ours = board.filter((k) => [later._id, soon._id].includes(k._id));
      expect(ours.map((k) => k._id)).toEqual([soon._id, later._id]);
      expect(ours.every((k) => !k.late)).toBe(true);
      const count = (
        (await send(t, 'GET', '/api/v1/kitchen/all-day', staff)).json().data as {
          name: string;
          quantity: number;
          productId: string;
        }[]
      ).find((c) => c.productId === dish._id);
      expect(count?.quantity).toBeGreaterThanOrEqual(5);
      const before = count?.quantity ?? 0;
      // Past its promise, a ticket is late; once ready its portions no longer count.
      clock = Date.parse('2026-06-03T10:45:00.000Z');
      const lateBoard = (await send(t, 'GET', '/api/v1/kitchen/tickets', staff)).json().data as KitchenTicket[];
      expect(lateBoard.find((k) => k._id === soon._id)?.late).toBe(true);
      expect(lateBoard.find((k) => k._id === later._id)?.late).toBe(false);
      expect((await setStatus(t, staff, soon._id, { status: 'ready' })).statusCode).toBe(200);
      const after = (
        (await send(t, 'GET', '/api/v1/kitchen/all-day', staff)).json().data as {
          productId: string;
          quantity: number;
        }[]
      ).find((c) => c.productId === dish._id);
      expect(after?.quantity).toBe(before - 3);
      // Completed tickets stay on the board for 30 minutes, then leave it.
      expect((await setStatus(t, staff, soon._id, { status: 'completed' })).statusCode).toBe(200);
      expect(
        ((await send(t, 'GET', '/api/v1/kitchen/tickets', staff)).json().data as KitchenTicket[]).some(
          (k) => k._id === soon._id,
        ),
      ).toBe(true);
      clock = Date.parse('2026-06-03T11:20:00.000Z');
      expect(
        ((await send(t, 'GET', '/api/v1/kitchen/tickets', staff)).json().data as KitchenTicket[]).some(
          (k) => k._id === soon._id,
        ),
      ).toBe(false);
    } finally {
      clock = NOW;
    }
  });

  test('a move answers the card exactly as the board then shows it, and one card reads alone the same (decision 063)', async ({
    t,
    alice,
    staff,
    dishes,
  }) => {
    const dish = dishes[1] as { _id: string };
    const ticket = await place(t, alice, dish._id, 2, { pay: { Method: 'cash' } });
    const boardCard = async () =>
      ((await send(t, 'GET', '/api/v1/kitchen/tickets', staff)).json().data as KitchenTicket[]).find(
        (k) => k._id === ticket._id,
      );
    // Start, Ready, Recall, Ready, Complete (the cash taken), Recall: each answer is the board's card.
    for (const status of ['preparing', 'ready', 'preparing', 'ready', 'completed', 'ready']) {
      const res = await setStatus(t, staff, ticket._id, { status });
      expect(res.statusCode, status).toBe(200);
      const answer = res.json() as { success: true; message: string; data: KitchenTicket };
      expect(answer.success).toBe(true);
      expect(answer.message).toBe(`Order ${ticket.number} is now ${status}`);
      expect(answer.data.status).toBe(status);
      expect(answer.data, status).toEqual(await boardCard());
      expect((await send(t, 'GET', `/api/v1/kitchen/tickets/${ticket._id}`, staff)).json().data, status).toEqual(
        answer.data,
      );
    }
    const card = (await boardCard()) as KitchenTicket;
    // Each line names its dish, so that the board counts "All day" again from its cards.
    expect(card.lines.map((line) => line.productId)).toEqual([dish._id]);
    expect(card.payment).toBe('paid');
    expect((await send(t, 'GET', `/api/v1/kitchen/tickets/${ticket._id}`, alice)).statusCode).toBe(403);
    expect((await send(t, 'GET', '/api/v1/kitchen/tickets/999999', staff)).statusCode).toBe(404);
  });

  test('completing a cash ticket marks it and its lines paid', async ({ t, bob, staff, dishes }) => {
    const ticket = await place(t, bob, dishes[0]?._id as string, 1, { pay: { Method: 'cash' } });
    expect(ticket.payment).toBe('due');
    for (const status of ['ready', 'completed'])
      expect((await setStatus(t, staff, ticket._id, { status })).statusCode).toBe(200);
    expect(((await send(t, 'GET', `/api/v1/tickets/${ticket._id}`, bob)).json().data as Ticket).payment).toBe('paid');
    const record = (await send(t, 'GET', `/api/v1/users/?email=${encodeURIComponent(bob.email)}`, bob)).json().data;
    const line = record.orders.find((o: { orderMainId: string }) => o.orderMainId === ticket.lines[0]?.orderMainId);
    expect(line).toMatchObject({ payment: 'paid', ticket: { _id: ticket._id, payment: 'paid' } });
  });

  test('two cooks pressing at once change a ticket once', async ({ t, alice, staff, base, dishes }) => {
    const ticket = await place(t, alice, dishes[0]?._id as string, 1);
    const press = () =>
      fetch(`${base}/api/v1/kitchen/tickets/${ticket._id}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(staff) },
        body: JSON.stringify({ status: 'preparing' }),
      }).then((r) => r.status);
    const statuses = await Promise.all(Array.from({ length: 8 }, press));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
  });

  test("today's figures count reservations, covers, tickets by status, revenue, minutes to ready and on time", async ({
    t,
    alice,
    bob,
    staff,
    dishes,
  }) => {
    clock = Date.parse('2026-06-05T09:00:00.000Z');
    try {
      const booked = await send(t, 'POST', '/api/v1/reservations', alice, {
        date: '2026-06-05',
        time: '19:00',
        partySize: 4,
        name: 'Alice',
        phone: '+880 1711-000111',
      });
      expect(booked.statusCode, booked.body).toBe(201);
      const phone = await send(t, 'POST', '/api/v1/reservations', staff, {
        source: 'phone',
        date: '2026-06-05',
        time: '20:00',
        partySize: 2,
        name: 'Phil',
        phone: '+880 1711-000222',
      });
      expect(phone.statusCode, phone.body).toBe(201);
      expect(
        (await send(t, 'POST', `/api/v1/reservations/${phone.json().data._id}/status`, staff, { status: 'no_show' }))
          .statusCode,
      ).toBe(200);

      const onTime = await place(t, alice, dishes[0]?._id as string, 1);
      const late = await place(t, bob, dishes[1]?._id as string, 1, { pay: { Method: 'cash' } });
      const cancelled = await place(t, bob, dishes[2]?._id as string, 1);
      clock = Date.parse('2026-06-05T09:15:00.000Z');
      expect((await setStatus(t, staff, onTime._id, { status: 'ready' })).statusCode).toBe(200);
      clock = Date.parse('2026-06-05T09:30:00.000Z');
      expect((await setStatus(t, staff, late._id, { status: 'ready' })).statusCode).toBe(200);
      expect(
        (await setStatus(t, staff, cancelled._id, { status: 'cancelled', reason: 'Guest called' })).statusCode,
      ).toBe(200);

      const today = (await send(t, 'GET', '/api/v1/dashboard/today', staff)).json().data;
      expect(today).toMatchObject({
        date: '2026-06-05',
        reservations: { total: 2, booked: 1, noShow: 1 },
        covers: { total: 6, booked: 4, noShow: 2 },
        ticketsByStatus: { awaiting_payment: 0, received: 0, preparing: 0, ready: 2, completed: 0, cancelled: 1 },
        // The cash ticket is not paid yet; the cancelled one does not count.
        revenue: onTime.total,
        averagePrepMinutes: 22.5,
        onTimePercent: 50,
      });
      expect(today.ordersPerHour[9]).toEqual({ hour: 9, tickets: 3 });
    } finally {
      clock = NOW;
    }
  });
});

describe("today's figures, one definition each (issue 41)", () => {
  test('a built day: every figure by its definition, and the counts agree with each other', async ({
    t,
    alice,
    bob,
    staff,
    admin,
    dishes,
  }) => {
    const day = '2026-06-09';
    const at = (hhmm: string) => Date.parse(`${day}T${hhmm}:00.000Z`);
    clock = at('09:00');
    try {
      // Bookings: one booked, one seated, one completed, one no-show, one cancelled.
      const reserve = async (who: TestAccount, body: Record<string, unknown>) => {
        const res = await send(t, 'POST', '/api/v1/reservations', who, {
          date: day,
          phone: '+880 1711-000999',
          ...body,
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data._id as string;
      };
      const status = async (id: string, to: string) =>
        expect((await send(t, 'POST', `/api/v1/reservations/${id}/status`, staff, { status: to })).statusCode).toBe(
          200,
        );
      await reserve(alice, { time: '19:00', partySize: 4, name: 'Booked Bea' });
      const seated = await reserve(staff, { source: 'phone', time: '12:00', partySize: 2, name: 'Seated Sam' });
      await status(seated, 'seated');
      const completed = await reserve(staff, { source: 'phone', time: '12:30', partySize: 3, name: 'Done Dan' });
      await status(completed, 'seated');
      await status(completed, 'completed');
      const noShow = await reserve(staff, { source: 'phone', time: '13:00', partySize: 2, name: 'Absent Al' });
      await status(noShow, 'no_show');
      const cancelled = await reserve(staff, { source: 'phone', time: '13:30', partySize: 5, name: 'Gone Gus' });
      await status(cancelled, 'cancelled');

      // Orders: ready on time, ready late then completed in cash, cancelled, open past its promise, open not yet due.
      const onTime = await place(t, alice, dishes[0]?._id as string, 1);
      const cash = await place(t, bob, dishes[1]?._id as string, 2, { pay: { Method: 'cash' } });
      const dropped = await place(t, bob, dishes[2]?._id as string, 1);
      const forgotten = await place(t, alice, dishes[3]?._id as string, 1);
      clock = at('09:10');
      expect((await setStatus(t, staff, onTime._id, { status: 'ready' })).statusCode).toBe(200);
      clock = at('09:50');
      expect((await setStatus(t, staff, cash._id, { status: 'ready' })).statusCode).toBe(200);
      expect((await setStatus(t, staff, cash._id, { status: 'completed' })).statusCode).toBe(200);
      expect((await setStatus(t, staff, dropped._id, { status: 'cancelled', reason: 'Guest called' })).statusCode).toBe(
        200,
      );
      clock = at('10:25');
      const fresh = await place(t, alice, dishes[0]?._id as string, 1);
      clock = at('10:30');

      // What the test knows of the promises: the first ready before its promise, the cash one after it, the forgotten one past it.
      expect(Date.parse(onTime.readyAt)).toBeGreaterThanOrEqual(at('09:10'));
      expect(Date.parse(cash.readyAt)).toBeLessThan(at('09:50'));
      expect(Date.parse(forgotten.readyAt)).toBeLessThan(at('10:30'));
      expect(Date.parse(fresh.readyAt)).toBeGreaterThan(at('10:30'));

      const today = (await send(t, 'GET', '/api/v1/dashboard/today', staff)).json().data;
      expect(today.date).toBe(day);
      // Reservations: not cancelled; booked + seated + completed + no-shows add up to the total.
      expect(today.reservations).toEqual({
        total: 4,
        pendingDeposit: 0,
        booked: 1,
        seated: 1,
        completed: 1,
        noShow: 1,
        cancelled: 1,
      });
      expect(today.covers).toEqual({
        total: 11,
        pendingDeposit: 0,
        booked: 4,
        seated: 2,
        completed: 3,
        noShow: 2,
        cancelled: 5,
      });
      // Orders: every one placed today; the statuses and the hours add up to the same five.
      expect(today.ticketsByStatus).toEqual({
        awaiting_payment: 0,
        received: 2,
        preparing: 0,
        ready: 1,
        completed: 1,
        cancelled: 1,
      });
      const byHour = (today.ordersPerHour as { hour: number; tickets: number }[]).filter((h) => h.tickets > 0);
      expect(byHour).toEqual([
        { hour: 9, tickets: 4 },
        { hour: 10, tickets: 1 },
      ]);
      expect(byHour.reduce((sum, h) => sum + h.tickets, 0)).toBe(
        Object.values(today.ticketsByStatus as Record<string, number>).reduce((a, b) => a + b, 0),
      );
      // Revenue: paid and not cancelled (card at placing, cash once taken); the cancelled card order counts nothing.
      expect(today.revenue).toBe(onTime.total + cash.total + forgotten.total + fresh.total);
      // Minutes to ready: 10 and 50 minutes from placing.
      expect(today.averagePrepMinutes).toBe(30);
      // On time: of the ready (2) and the past-promise (1), only the first: 1 of 3.
      expect(today.onTimePercent).toBe(33);
      // Issue 48, point 5: the dashboard's net sales and covers are the day report's, by one definition each.
      const report = (await send(t, 'GET', `/api/v1/reports/day?date=${day}`, admin)).json().data;
      expect(today.netSales).toBe(report.netSales);
      expect(today.netSales).toBeGreaterThan(0);
      expect(report.covers).toBe(today.covers.seated + today.covers.completed);
      expect(report.covers).toBe(5);
    } finally {
      clock = NOW;
    }
  });
});

describe('live events', () => {
  test('staff hear every ticket and reservation; a guest only their own; a heartbeat keeps the stream open', async ({
    t,
    alice,
    bob,
    staff,
    base,
    dishes,
  }) => {
    const kitchen = await openEventStream(base, staff.accessToken);
    const aliceStream = await openEventStream(base, alice.accessToken);
    try {
      expect(kitchen.status).toBe(200);
      const bobs = await place(t, bob, dishes[0]?._id as string, 1);
      const alices = await place(t, alice, dishes[0]?._id as string, 1);
      await kitchen.waitFor((m) => (m.data as { _id?: string })._id === bobs._id);
      await kitchen.waitFor((m) => (m.data as { _id?: string })._id === alices._id);
      const seen = await aliceStream.waitFor((m) => (m.data as { _id?: string })._id === alices._id);
      expect(seen.data).toEqual({
        type: 'ticket',
        _id: alices._id,
        status: 'received',
        number: alices.number,
        fulfilment: 'pickup',
        readyAt: alices.readyAt,
        payment: 'paid',
        billId: alices.billId,
      });
      // A status change reaches the guest within a second, with what a board patches its card from (decision 063).
      expect((await setStatus(t, staff, alices._id, { status: 'preparing' })).statusCode).toBe(200);
      const moved = await aliceStream.waitFor(
        (m) =>
          (m.data as { _id?: string; status?: string })._id === alices._id &&
          (m.data as { status: string }).status === 'preparing',
        1000,
      );
      expect(moved.data).toEqual({
        type: 'ticket',
        _id: alices._id,
        status: 'preparing',
        number: alices.number,
        fulfilment: 'pickup',
        readyAt: alices.readyAt,
        payment: 'paid',
        billId: alices.billId,
      });
      const booking = await send(t, 'POST', '/api/v1/reservations', staff, {
        source: 'phone',
        date: '2026-06-02',
        time: '19:00',
        partySize: 2,
        name: 'Pat',
        phone: '+880 1711-000333',
      });
      expect(booking.statusCode, booking.body).toBe(201);
      await kitchen.waitFor(
        (m) =>
          (m.data as { type?: string; _id?: string }).type === 'reservation' &&
          (m.data as { _id: string })._id === booking.json().data._id,
      );
      // Nothing of Bob's or the phone booking reached Alice: her own next event, sent after them, arrives after them.
      expect((await setStatus(t, staff, alices._id, { status: 'ready' })).statusCode).toBe(200);
      await aliceStream.waitFor(
        (m) =>
          (m.data as { _id?: string; status?: string })._id === alices._id &&
          (m.data as { status: string }).status === 'ready',
      );
      await aliceStream.waitForComment('heartbeat');
      expect(aliceStream.messages.every((m) => (m.data as { _id: string })._id === alices._id)).toBe(true);
      expect(aliceStream.comments).toContain('heartbeat');
    } finally {
      kitchen.close();
      aliceStream.close();
    }
  });

  test('refuses a stream without a valid token', async ({ base }) => {
    expect((await fetch(`${base}/api/v1/events`)).status).toBe(401);
    expect(
      (await fetch(`${base}/api/v1/events`, { headers: { authorization: 'Bearer not-a-real-token-at-all' } })).status,
    ).toBe(401);
  });
});

describe('closing the server', () => {
  it('ends open event streams at once, so a shutdown is not held up by them', { timeout: 60_000 }, async () => {
    const other = await createTestApp();
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const account = await createAccount(other.app, { name: 'Late Listener' });
      const stream = await openEventStream(
        `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`,
        account.accessToken,
      );
      expect(stream.status).toBe(200);
      const started = Date.now();
      await other.app.close();
      await stream.ended;
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await other.close();
    }
  });
});
