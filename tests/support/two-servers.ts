import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Ticket } from '../../src/shared/contract/tickets.ts';
import { type ServerProcess, spawnServer } from './app-process.ts';
import { cookieHeader, userRecordPayload } from './factories.ts';

/**
 * Two real app server processes on one fresh PostgreSQL database of the test cluster
 * (TEST_DATABASE_URL), and the calls the tests make to them over HTTP (postgres-bills-servers,
 * postgres-printers-servers).
 */

export interface TwoServers {
  a: ServerProcess;
  b: ServerProcess;
  stop(): Promise<void>;
}

export async function startTwoServers(
  name: string,
  admin: { email: string; password: string },
  secret: string,
): Promise<TwoServers> {
  const url = process.env.TEST_DATABASE_URL as string;
  const database = `${name}_${process.pid}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create database ${database}`);
  await client.end();
  const databaseUrl = url.replace(/\/[^/]*$/, `/${database}`);
  const dirs: string[] = [];
  const env = () => {
    const dataDir = mkdtempSync(join(tmpdir(), `storefront-${name}-`));
    dirs.push(dataDir);
    return {
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: secret,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    };
  };
  const [a, b] = await Promise.all([
    spawnServer({ env: env(), startTimeoutMs: 180_000 }),
    spawnServer({ env: env(), startTimeoutMs: 180_000 }),
  ]);
  return {
    a,
    b,
    async stop() {
      await Promise.all([a.stop(), b.stop()]);
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${database} with (force)`).catch(() => {});
      await cleanup.end();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function http(
  server: ServerProcess,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: { data?: unknown; message?: string } & Record<string, unknown> }> {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: {
      origin: server.base,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as { data?: unknown } };
}

async function tokenFor(server: ServerProcess, cookie: string, email: string): Promise<string> {
  const res = await fetch(`${server.base}/api/v1/users/jwt?email=${encodeURIComponent(email)}`, {
    headers: { origin: server.base, cookie },
  });
  if (res.status !== 200) throw new Error(`token: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

export async function signUp(server: ServerProcess, tag: string): Promise<{ email: string; token: string }> {
  const email = `${tag}-${Date.now().toString(36)}@example.com`;
  const res = await fetch(`${server.base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: server.base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: `pass-${tag}-word-2027`, name: `Guest ${tag}` }),
  });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const cookie = cookieHeader(res.headers.getSetCookie());
  await fetch(`${server.base}/api/v1/users`, {
    method: 'POST',
    headers: { origin: server.base, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(userRecordPayload({ name: `Guest ${tag}`, email })),
  });
  return { email, token: await tokenFor(server, cookie, email) };
}

export async function adminToken(server: ServerProcess, admin: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${server.base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: server.base, 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status}`);
  return tokenFor(server, cookieHeader(res.headers.getSetCookie()), admin.email);
}

/** A one-line cash pick-up ticket placed on `server`. */
export async function placeTicket(
  server: ServerProcess,
  guest: { email: string; token: string },
  dishId: string,
): Promise<Ticket> {
  const line = await http(server, 'PATCH', `/api/v1/users/?email=${encodeURIComponent(guest.email)}`, guest.token, {
    orderId: dishId,
    orderQuantity: 1,
    userGmail: guest.email,
    status: 'Conform',
  });
  if (line.status !== 201) throw new Error(`order: ${line.status} ${JSON.stringify(line.body)}`);
  const placed = await http(server, 'POST', '/api/v1/checkout', guest.token, {
    orderIds: [(line.body.data as { orderMainId: string }).orderMainId],
    fulfilment: 'pickup',
    when: 'asap',
    pay: { Method: 'cash' },
  });
  if (placed.status !== 201) throw new Error(`checkout: ${placed.status} ${JSON.stringify(placed.body)}`);
  return placed.body.data as Ticket;
}

/** The tests' kitchen on the servers' real clock: UTC, open all day, roomy, pick-up, many unpaid orders allowed. */
export const openAllDay = {
  timeZone: 'UTC',
  openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
  kitchen: {
    bucketMinutes: 15,
    unitsPerBucket: 10_000,
    prepMinutes: 20,
    extraDelayMinutes: 0,
    acceptingOrders: true,
    pausedUntil: null,
  },
  fulfilment: { pickup: true },
  unpaidOrders: { perGuest: 100, maxUnits: 10_000 },
};
