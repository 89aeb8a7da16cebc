import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill } from '../../src/shared/contract/bills.ts';
import type { Ticket } from '../../src/shared/contract/tickets.ts';
import { type ServerProcess, spawnServer } from '../support/app-process.ts';
import { cookieHeader, userRecordPayload } from '../support/factories.ts';

/**
 * Receipt numbers and payments across two app servers on one PostgreSQL (ORDERING.md "The
 * bill": "no gap and no repeat, under any race and on any number of app servers"): two real
 * server processes share a fresh database of the test cluster (TEST_DATABASE_URL); 20 bills
 * paid at once through both get 20 consecutive receipt numbers, and two payments of one bill's
 * last due sent to the two servers at once: one wins, the other 409. PostgreSQL run only.
 */
const ADMIN = { email: 'two-till-owner@example.com', password: 'two-till-owner-password' };
const SECRET = 'bills-servers-secret-bills-servers-secret-0123456';
let a: ServerProcess;
let b: ServerProcess;
let databaseUrl: string;
let database: string;
const dirs: string[] = [];

async function http(server: ServerProcess, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: { data?: unknown; message?: string } & Record<string, unknown> }> {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: { origin: server.base, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as { data?: unknown } };
}

async function tokenFor(server: ServerProcess, cookie: string, email: string): Promise<string> {
  const res = await fetch(`${server.base}/api/v1/users/jwt?email=${encodeURIComponent(email)}`, { headers: { origin: server.base, cookie } });
  if (res.status !== 200) throw new Error(`token: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function signUp(server: ServerProcess, tag: string): Promise<{ email: string; token: string }> {
  const email = `${tag}-${Date.now().toString(36)}@example.com`;
  const res = await fetch(`${server.base}/api/auth/sign-up/email`, { method: 'POST', headers: { origin: server.base, 'content-type': 'application/json' }, body: JSON.stringify({ email, password: `pass-${tag}-word-2027`, name: `Guest ${tag}` }) });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const cookie = cookieHeader(res.headers.getSetCookie());
  await fetch(`${server.base}/api/v1/users`, { method: 'POST', headers: { origin: server.base, cookie, 'content-type': 'application/json' }, body: JSON.stringify(userRecordPayload({ name: `Guest ${tag}`, email })) });
  return { email, token: await tokenFor(server, cookie, email) };
}

async function adminToken(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.base}/api/auth/sign-in/email`, { method: 'POST', headers: { origin: server.base, 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status}`);
  return tokenFor(server, cookieHeader(res.headers.getSetCookie()), ADMIN.email);
}

/** A one-line cash pick-up ticket placed on `server`. */
async function placeTicket(server: ServerProcess, guest: { email: string; token: string }, dishId: string): Promise<Ticket> {
  const line = await http(server, 'PATCH', `/api/v1/users/?email=${encodeURIComponent(guest.email)}`, guest.token, { orderId: dishId, orderQuantity: 1, userGmail: guest.email, status: 'Conform' });
  if (line.status !== 201) throw new Error(`order: ${line.status} ${JSON.stringify(line.body)}`);
  const placed = await http(server, 'POST', '/api/v1/checkout', guest.token, { orderIds: [(line.body.data as { orderMainId: string }).orderMainId], fulfilment: 'pickup', when: 'asap', pay: { Method: 'cash' } });
  if (placed.status !== 201) throw new Error(`checkout: ${placed.status} ${JSON.stringify(placed.body)}`);
  return placed.body.data as Ticket;
}

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL as string;
  database = `bills_two_${process.pid}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create database ${database}`);
  await client.end();
  databaseUrl = url.replace(/\/[^/]*$/, `/${database}`);
  const env = () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bills-two-'));
    dirs.push(dataDir);
    return { DATABASE_URL: databaseUrl, AUTH_SECRET: SECRET, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  };
  [a, b] = await Promise.all([spawnServer({ env: env(), startTimeoutMs: 180_000 }), spawnServer({ env: env(), startTimeoutMs: 180_000 })]);
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL as string });
  await client.connect();
  await client.query(`drop database if exists ${database} with (force)`).catch(() => {});
  await client.end();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe('bills on two app servers', () => {
  it('20 bills paid at once through both servers get 20 consecutive receipt numbers; a last due paid on both at once is taken once', async () => {
    const owner = { a: await adminToken(a), b: await adminToken(b) };
    const settings = await http(a, 'PATCH', '/api/v1/restaurant', owner.a, {
      timeZone: 'UTC',
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
      kitchen: { bucketMinutes: 15, unitsPerBucket: 10_000, prepMinutes: 20, extraDelayMinutes: 0, acceptingOrders: true, pausedUntil: null },
      fulfilment: { pickup: true },
      unpaidOrders: { perGuest: 100, maxUnits: 10_000 },
    });
    expect(settings.status).toBe(200);
    const dishes = (await http(a, 'GET', '/api/v1/allProductsData')).body.data as { _id: string; options?: unknown[] }[];
    const dish = dishes.find((d) => (d.options ?? []).length === 0)?._id as string;
    const guests = await Promise.all([1, 2, 3, 4].map((n) => signUp(n % 2 ? a : b, `two-till-${n}`)));
    const tickets: Ticket[] = [];
    for (let i = 0; i < 21; i += 1) tickets.push(await placeTicket(i % 2 ? a : b, guests[i % 4] as { email: string; token: string }, dish));

    const last = tickets.pop() as Ticket;
    const dues = await Promise.all(tickets.map(async (t) => ((await http(a, 'GET', `/api/v1/bills/${t.billId}`, owner.a)).body.data as Bill).due));
    const paid = await Promise.all(tickets.map((t, i) => http(i % 2 ? a : b, 'POST', `/api/v1/bills/${t.billId}/payments`, i % 2 ? owner.a : owner.b, { method: 'card', amount: dues[i], key: `two-servers-${i}` })));
    expect(paid.map((p) => p.status)).toEqual(Array(20).fill(201));
    const numbers = paid.map((p) => (p.body.data as Bill).receiptNumber as number).sort((x, y) => x - y);
    expect(numbers).toEqual(numbers.map((_, i) => (numbers[0] as number) + i));
    expect(numbers[0]).toBe(1);

    const due = ((await http(b, 'GET', `/api/v1/bills/${last.billId}`, owner.b)).body.data as Bill).due;
    const race = await Promise.all([
      http(a, 'POST', `/api/v1/bills/${last.billId}/payments`, owner.a, { method: 'cash', amount: due, key: 'two-servers-race-a' }),
      http(b, 'POST', `/api/v1/bills/${last.billId}/payments`, owner.b, { method: 'card', amount: due, key: 'two-servers-race-b' }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    const bill = (await http(b, 'GET', `/api/v1/bills/${last.billId}`, owner.b)).body.data as Bill;
    expect(bill).toMatchObject({ status: 'paid', due: 0, receiptNumber: 21 });
    expect(bill.payments).toHaveLength(1);
  }, 120_000);
});
