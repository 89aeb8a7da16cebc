import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import {
  type TwoServers,
  adminToken as signIn,
  http,
  openAllDay,
  placeTicket,
  signUp,
  startTwoServers,
} from '../../support/two-servers.ts';

/**
 * Receipt numbers and payments across two app servers on one PostgreSQL (docs/reference/ordering.md "The
 * bill": "no gap and no repeat, under any race and on any number of app servers"): two real
 * server processes share a fresh database of the test cluster (TEST_DATABASE_URL); 20 bills
 * paid at once through both get 20 consecutive receipt numbers, and two payments of one bill's
 * last due sent to the two servers at once: one wins, the other 409. PostgreSQL run only.
 */
const ADMIN = { email: 'two-till-owner@example.com', password: 'two-till-owner-password' };
let servers: TwoServers;
const adminToken = (server: TwoServers['a']) => signIn(server, ADMIN);

beforeAll(async () => {
  servers = await startTwoServers('bills_two', ADMIN, 'bills-servers-secret-bills-servers-secret-0123456');
}, 240_000);

afterAll(async () => {
  await servers?.stop();
}, 120_000);

describe('bills on two app servers', () => {
  it('20 bills paid at once through both servers get 20 consecutive receipt numbers; a last due paid on both at once is taken once', async () => {
    const { a, b } = servers;
    const owner = { a: await adminToken(a), b: await adminToken(b) };
    const settings = await http(a, 'PATCH', '/api/v1/restaurant', owner.a, openAllDay);
    expect(settings.status).toBe(200);
    const dishes = (await http(a, 'GET', '/api/v1/allProductsData')).body.data as {
      _id: string;
      options?: unknown[];
    }[];
    const dish = dishes.find((d) => (d.options ?? []).length === 0)?._id as string;
    const guests = await Promise.all([1, 2, 3, 4].map((n) => signUp(n % 2 ? a : b, `two-till-${n}`)));
    const tickets: Ticket[] = [];
    for (let i = 0; i < 21; i += 1)
      tickets.push(await placeTicket(i % 2 ? a : b, guests[i % 4] as { email: string; token: string }, dish));

    const last = tickets.pop() as Ticket;
    const dues = await Promise.all(
      tickets.map(async (t) => ((await http(a, 'GET', `/api/v1/bills/${t.billId}`, owner.a)).body.data as Bill).due),
    );
    const paid = await Promise.all(
      tickets.map((t, i) =>
        http(i % 2 ? a : b, 'POST', `/api/v1/bills/${t.billId}/payments`, i % 2 ? owner.a : owner.b, {
          method: 'card',
          amount: dues[i],
          key: `two-servers-${i}`,
        }),
      ),
    );
    expect(paid.map((p) => p.status)).toEqual(Array(20).fill(201));
    const numbers = paid.map((p) => (p.body.data as Bill).receiptNumber as number).sort((x, y) => x - y);
    expect(numbers).toEqual(numbers.map((_, i) => (numbers[0] as number) + i));
    expect(numbers[0]).toBe(1);

    const due = ((await http(b, 'GET', `/api/v1/bills/${last.billId}`, owner.b)).body.data as Bill).due;
    const race = await Promise.all([
      http(a, 'POST', `/api/v1/bills/${last.billId}/payments`, owner.a, {
        method: 'cash',
        amount: due,
        key: 'two-servers-race-a',
      }),
      http(b, 'POST', `/api/v1/bills/${last.billId}/payments`, owner.b, {
        method: 'card',
        amount: due,
        key: 'two-servers-race-b',
      }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    const bill = (await http(b, 'GET', `/api/v1/bills/${last.billId}`, owner.b)).body.data as Bill;
    expect(bill).toMatchObject({ status: 'paid', due: 0, receiptNumber: 21 });
    expect(bill.payments).toHaveLength(1);
  }, 120_000);
});
