import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { type TestAccount, createAccount, createAdmin, orderDish, signInAccount } from '../../support/factories.ts';
import { allDayKitchen, call, menu } from '../../support/records.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * Issue 44 point 10 (docs/reference/ordering.md "Money that agrees on every screen": "Long lists page"), on
 * SQLite and (with TEST_DATABASE_URL) PostgreSQL: the bills list, the kitchen board and a guest's
 * tickets take `limit` (at most 500, 400 above) and `cursor`, and answer `nextCursor` (null on
 * the last page); read page after page they hold every row once, newest (or soonest) first.
 * Before, the bills list stopped at 500 of 544, and past 500 open tickets the freshest were
 * missing from the board. The rows are written straight into the database (a day of 600
 * tickets would take minutes through checkout), copied from one placed through the API.
 */
let t: TestApp;
let admin: TestAccount;
let staff: TestAccount;
let guest: TestAccount;
const TICKETS = 600;
const BILLS = 544;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app, t.database, { email: `lists-admin-${Date.now()}@example.com` });
  const set = await call(t, 'PATCH', '/api/v1/restaurant', admin, {
    ...allDayKitchen(10_000),
    unpaidOrders: { perGuest: 100, maxUnits: 10_000 },
  });
  if (set.statusCode !== 200) throw new Error(set.body);
  guest = await createAccount(t.app, { name: 'Regular' });
  const cook = await createAccount(t.app, { name: 'Cook' });
  await t.database.db.updateTable('users').set({ role: 'staff' }).where('email', '=', cook.email).execute();
  staff = await signInAccount(t.app, cook.email, cook.password);
  const dish = (await menu(t))[0]?._id as string;
  const line = await orderDish(t.app, guest, dish, 1);
  const placed = await call(t, 'POST', '/api/v1/checkout', guest, {
    orderIds: [line.orderMainId],
    fulfilment: 'pickup',
    when: 'asap',
    pay: { Method: 'cash' },
  });
  if (placed.statusCode !== 201) throw new Error(placed.body);
  const { id: _id, ...ticket } = await t.database.db
    .selectFrom('tickets')
    .selectAll()
    .where('id', '=', Number((placed.json().data as Ticket)._id))
    .executeTakeFirstOrThrow();
  const soon = Date.parse(ticket.ready_at);
  const copies = Array.from({ length: TICKETS - 1 }, (_, i) => ({
    ...ticket,
    seq: 10_000 + i,
    number: `X-${i}`,
    ready_at: new Date(soon + (i + 1) * 60_000).toISOString(),
    bill_id: null,
  }));
  for (let i = 0; i < copies.length; i += 50)
    await t.database.db
      .insertInto('tickets')
      .values(copies.slice(i, i + 50))
      .execute();
  const bills = Array.from({ length: BILLS }, (_, i) => ({
    local_date: '2026-01-01',
    seq: i + 1,
    number: `B-${i + 1}`,
    fulfilment: 'pickup',
    table_id: null,
    reservation_id: null,
    covers: 0,
    opened_at: '2026-01-01T12:00:00.000Z',
    status: 'open',
  }));
  for (let i = 0; i < bills.length; i += 100)
    await t.database.db
      .insertInto('bills')
      .values(bills.slice(i, i + 100))
      .execute();
}, 120_000);
afterAll(() => t?.close());

/** Every page of `path` (`query` its filters), each asked with `limit`; the pages' sizes and the rows. */
async function readAll<T>(
  who: TestAccount,
  path: string,
  query: string,
  limit?: number,
): Promise<{ sizes: number[]; rows: T[] }> {
  const sizes: number[] = [];
  const rows: T[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(query);
    if (limit !== undefined) params.set('limit', String(limit));
    if (cursor !== null) params.set('cursor', cursor);
    const res = await call(t, 'GET', `${path}?${params.toString()}`, who);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { data: T[]; nextCursor: string | null };
    expect(page).toHaveProperty('nextCursor');
    sizes.push(page.data.length);
    rows.push(...page.data);
    cursor = page.nextCursor;
    expect(sizes.length).toBeLessThan(100);
  } while (cursor !== null);
  return { sizes, rows };
}

describe('GET /api/v1/bills pages', () => {
  test('544 open bills: 500 then 44, newest first, each once; 100 at a time six pages', async () => {
    const total = Number(
      (
        await t.database.db
          .selectFrom('bills')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(total).toBeGreaterThan(BILLS);
    const all = await readAll<{ _id: string }>(staff, '/api/v1/bills', '');
    expect(all.sizes).toEqual([500, total - 500]);
    const ids = all.rows.map((b) => Number(b._id));
    expect(new Set(ids).size).toBe(total);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const open = await readAll<{ _id: string; status: string }>(staff, '/api/v1/bills', 'status=open', 100);
    expect(open.sizes).toEqual([100, 100, 100, 100, 100, open.rows.length - 500]);
    expect(open.rows.every((b) => b.status === 'open')).toBe(true);
    expect(open.rows.map((b) => b._id)).toEqual(
      all.rows.filter((b) => open.rows.some((o) => o._id === b._id)).map((b) => b._id),
    );
  });

  test('limit above 500, 0 or not a number, or a cursor that is not one: 400', async () => {
    for (const query of [
      'limit=501',
      'limit=0',
      'limit=ten',
      'cursor=abc',
      'cursor=%7B%7D',
      `cursor=${Buffer.from('["x"]').toString('base64url')}`,
    ]) {
      const res = await call(t, 'GET', `/api/v1/bills?${query}`, staff);
      expect([query, res.statusCode]).toEqual([query, 400]);
    }
    expect((await call(t, 'GET', '/api/v1/bills?limit=500', staff)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/v1/bills?limit=1', guest)).statusCode).toBe(403);
  });
});

describe('the kitchen board pages, and shows every open ticket', () => {
  test('600 open tickets: read page after page, all 600 once, soonest first, the freshest among them', async () => {
    const board = await readAll<{ _id: string; readyAt: string }>(staff, '/api/v1/kitchen/tickets', '');
    expect(board.sizes).toEqual([500, TICKETS - 500]);
    expect(new Set(board.rows.map((r) => r._id)).size).toBe(TICKETS);
    const freshest = await t.database.db
      .selectFrom('tickets')
      .select('id')
      .orderBy('ready_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(board.rows.at(-1)?._id).toBe(String(freshest.id));
    const small = await readAll<{ _id: string }>(staff, '/api/v1/kitchen/tickets', '', 250);
    expect(small.sizes).toEqual([250, 250, 100]);
    expect(small.rows.map((r) => r._id)).toEqual(board.rows.map((r) => r._id));
    expect((await call(t, 'GET', '/api/v1/kitchen/tickets?limit=501', staff)).statusCode).toBe(400);
  });
});

describe("a guest's tickets page", () => {
  test('600 tickets of one guest: 500 then 100, newest first, each once', async () => {
    const mine = await readAll<{ _id: string }>(guest, '/api/v1/tickets/mine', '');
    expect(mine.sizes).toEqual([500, TICKETS - 500]);
    const ids = mine.rows.map((r) => Number(r._id));
    expect(new Set(ids).size).toBe(TICKETS);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
