import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { DEMO_MENU } from '../../../src/server/db/seed/demo-menu.ts';
import { type ServerProcess, findFreePort, spawnServer } from '../../support/app-process.ts';
import { openEventStream } from '../../support/event-stream.ts';
import { cookieHeader, userRecordPayload } from '../../support/factories.ts';
import { startRedis } from '../../support/redis-server.ts';

/**
 * Several app servers on one PostgreSQL (docs/reference/operations.md "Several app servers"): two real server
 * processes on different ports share one database, one AUTH_SECRET and one Redis, each with a
 * DATA_DIR of its own, and whatever a request does on one is true on the other. This file
 * starts a PostgreSQL cluster of its own (it restarts it under both servers) and a redis-server.
 * Runs in CI's PostgreSQL run: vitest.config.ts leaves postgres-* files out without TEST_DATABASE_URL.
 */
const run = promisify(execFile);
const SCRIPT = resolve('scripts/pg-test-cluster.sh');
const ADMIN = { email: 'two-owner@example.com', password: 'two-owner-password' };
const SECRET = 'several-servers-secret-several-servers-secret-0123';

let env: NodeJS.ProcessEnv;
const cluster = async (command: 'start' | 'pause' | 'stop') =>
  (await run('bash', [SCRIPT, command], { env, timeout: 90_000, encoding: 'utf8' })).stdout.trim();
let a: ServerProcess;
let b: ServerProcess;
let databaseUrl: string;
let stopRedis: (() => Promise<void>) | undefined;
const dirs: string[] = [];

interface Answer {
  status: number;
  body: Record<string, unknown> & { data?: unknown; message?: string };
  headers: Headers;
}

async function http(
  server: ServerProcess,
  method: string,
  path: string,
  options: { token?: string; cookie?: string; body?: unknown; raw?: BodyInit; type?: string } = {},
): Promise<Answer> {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: {
      origin: server.base,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.type ? { 'content-type': options.type } : {}),
    },
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await res.text();
  let body: Answer['body'] = {};
  try {
    body = JSON.parse(text) as Answer['body'];
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers };
}

interface Account {
  email: string;
  password: string;
  cookie: string;
  token: string;
}

/** Signs up on `server` as the client does: identity, record, access token. */
async function signUp(server: ServerProcess, tag: string): Promise<Account> {
  const email = `${tag}-${Date.now().toString(36)}@example.com`;
  const password = `pass-${tag}-word-2027`;
  const res = await fetch(`${server.base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: server.base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, name: `Guest ${tag}` }),
  });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const cookie = cookieHeader(res.headers.getSetCookie());
  const record = await http(server, 'POST', '/api/v1/users', {
    cookie,
    body: userRecordPayload({ name: `Guest ${tag}`, email }),
  });
  if (record.status !== 201) throw new Error(`record: ${record.status} ${JSON.stringify(record.body)}`);
  return { email, password, cookie, token: await tokenFor(server, cookie, email) };
}

async function signIn(server: ServerProcess, email: string, password: string): Promise<Answer & { cookie: string }> {
  const res = await fetch(`${server.base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: server.base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return {
    status: res.status,
    body: (await res.json().catch(() => ({}))) as Answer['body'],
    headers: res.headers,
    cookie: cookieHeader(res.headers.getSetCookie()),
  };
}

async function tokenFor(server: ServerProcess, cookie: string, email: string): Promise<string> {
  const answer = await http(server, 'GET', `/api/v1/users/jwt?email=${encodeURIComponent(email)}`, { cookie });
  if (answer.status !== 200) throw new Error(`token: ${answer.status}`);
  return (answer.body as { accessToken: string }).accessToken;
}

async function adminToken(server: ServerProcess): Promise<string> {
  const signedIn = await signIn(server, ADMIN.email, ADMIN.password);
  expect(signedIn.status).toBe(200);
  return tokenFor(server, signedIn.cookie, ADMIN.email);
}

async function query<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

function serverEnv(redisUrl: string): Record<string, string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-two-'));
  dirs.push(dataDir);
  return {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: SECRET,
    REDIS_URL: redisUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
}

beforeAll(async () => {
  const port = await findFreePort();
  env = {
    ...process.env,
    PG_TEST_PORT: String(port),
    PG_TEST_DIR: join(tmpdir(), `storefront-pg-two-${process.pid}-${port}`),
  };
  const url = await cluster('start');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('create database two_servers');
  await admin.end();
  databaseUrl = url.replace(/\/postgres$/, '/two_servers');
  const redis = await startRedis();
  stopRedis = redis.stop;
  // Both start at the same instant on an empty database.
  [a, b] = await Promise.all([
    spawnServer({ env: serverEnv(redis.url), startTimeoutMs: 180_000 }),
    spawnServer({ env: serverEnv(redis.url), startTimeoutMs: 180_000 }),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await stopRedis?.();
  await cluster('stop').catch(() => {});
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 120_000);

describe('two app servers on one PostgreSQL', () => {
  // A server that stopped answering says why: what both printed goes with the failure.
  beforeEach(() =>
    onTestFailed(() => {
      for (const [name, server] of [
        ['A', a],
        ['B', b],
      ] as const)
        console.error(`server ${name} printed:\n${server?.output().slice(-4000) ?? '(not started)'}`);
    }),
  );

  it('started together, migrate, seed and create the first administrator exactly once', async () => {
    const migrations = await query<{ n: string; names: string }>(
      'select count(*) as n, count(distinct name) as names from kysely_migration',
    );
    expect(migrations[0]?.n).toBe(migrations[0]?.names);
    expect(Number((await query<{ n: string }>('select count(*) as n from products'))[0]?.n)).toBe(DEMO_MENU.length);
    const tables = await query<{ n: string; names: string }>(
      'select count(*) as n, count(distinct name) as names from dining_tables',
    );
    expect(Number(tables[0]?.n)).toBeGreaterThan(0);
    expect(tables[0]?.n).toBe(tables[0]?.names);
    expect(
      Number((await query<{ n: string }>(`select count(*) as n from auth_user where email = '${ADMIN.email}'`))[0]?.n),
    ).toBe(1);
    expect(
      Number((await query<{ n: string }>(`select count(*) as n from users where email = '${ADMIN.email}'`))[0]?.n),
    ).toBe(1);
    expect((await http(a, 'GET', '/healthz')).status).toBe(200);
    expect((await http(b, 'GET', '/healthz')).status).toBe(200);
  });

  it('signs in on one and uses the token on the other; a photo uploaded on one is served by the other', async () => {
    const guest = await signUp(a, 'roamer');
    const record = await http(b, 'GET', `/api/v1/users/?email=${encodeURIComponent(guest.email)}`, {
      token: guest.token,
    });
    expect(record.status).toBe(200);
    expect((record.body.data as { email: string }).email).toBe(guest.email);

    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2255aa' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const upload = await fetch(`${a.base}/api/v1/uploads`, {
      method: 'POST',
      headers: { origin: a.base, cookie: guest.cookie },
      body: form,
    });
    expect(upload.status).toBe(201);
    const url = ((await upload.json()) as { data: { display_url: string } }).data.display_url;
    const fromA = await fetch(`${a.base}${url}`);
    const fromB = await fetch(`${b.base}${url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.compare(Buffer.from(await fromA.arrayBuffer()), Buffer.from(await fromB.arrayBuffer()))).toBe(0);

    // A dish picture uploaded by the owner on B is served by A.
    const owner = await adminToken(b);
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#aa5522' } })
      .jpeg()
      .toBuffer();
    const dishForm = new FormData();
    dishForm.append('image', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'dish.jpg');
    const stored = await fetch(`${b.base}/api/v1/images`, {
      method: 'POST',
      headers: { origin: b.base, authorization: `Bearer ${owner}` },
      body: dishForm,
    });
    expect(stored.status).toBe(201);
    const dishUrl = ((await stored.json()) as { data: { url: string } }).data.url;
    expect((await fetch(`${a.base}${dishUrl}`)).status).toBe(200);
  });

  it('shows a price changed on one in the very next read on the other', async () => {
    const owner = await adminToken(a);
    const before = (await http(b, 'GET', '/api/v1/allProductsData/1')).body.data as { price: number };
    try {
      for (let round = 1; round <= 10; round += 1) {
        // B has the dish in its cache; A changes it; B's next answer is the new one.
        expect((await http(b, 'GET', '/api/v1/allProductsData/1')).status).toBe(200);
        const price = before.price + round;
        expect((await http(a, 'PATCH', '/api/v1/allProductsData/1', { token: owner, body: { price } })).status).toBe(
          200,
        );
        expect(((await http(b, 'GET', '/api/v1/allProductsData/1')).body.data as { price: number }).price).toBe(price);
        expect(
          ((await http(b, 'GET', '/api/v1/allProductsData')).body.data as { _id: string; price: number }[]).find(
            (d) => d._id === '1',
          )?.price,
        ).toBe(price);
      }
      // Settings too: a change on A is what B answers next.
      expect(
        (await http(a, 'PATCH', '/api/v1/restaurant', { token: owner, body: { fulfilment: { deliveryFee: 7 } } }))
          .status,
      ).toBe(200);
      expect(
        ((await http(b, 'GET', '/api/v1/restaurant')).body.data as { fulfilment: { deliveryFee: number } }).fulfilment
          .deliveryFee,
      ).toBe(7);
    } finally {
      await http(a, 'PATCH', '/api/v1/allProductsData/1', { token: owner, body: { price: before.price } });
    }
  });

  it("brings a ticket's status changed on one to the guest's stream on the other within a second", async () => {
    const guest = await signUp(b, 'streamer');
    const stream = await openEventStream(b.base, guest.token);
    try {
      const ticket = await placeTicket(a, guest);
      await stream.waitFor((m) => (m.data as { _id?: string })._id === ticket, 1000);
      const owner = await adminToken(a);
      const started = Date.now();
      expect(
        (
          await http(a, 'POST', `/api/v1/kitchen/tickets/${ticket}/status`, {
            token: owner,
            body: { status: 'preparing' },
          })
        ).status,
      ).toBe(200);
      await stream.waitFor(
        (m) =>
          (m.data as { _id?: string; status?: string })._id === ticket &&
          (m.data as { status: string }).status === 'preparing',
        1000,
      );
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      stream.close();
    }
  });

  it("resumes a stream with Last-Event-ID on the server that gave the id, whichever server made the change; the other server's id gets resync", async () => {
    const guest = await signUp(b, 'resumer');
    const first = await openEventStream(b.base, guest.token);
    const seen = await (async () => {
      try {
        const ticket = await placeTicket(a, guest);
        return await first.waitFor((m) => (m.data as { _id?: string })._id === ticket, 2000);
      } finally {
        first.close();
        await first.ended;
      }
    })();
    expect(seen.id).toMatch(/^[0-9a-f]{16}-\d+$/);
    const missed = await placeTicket(a, guest);
    const again = await openEventStream(b.base, guest.token, seen.id);
    const elsewhere = await openEventStream(a.base, guest.token, seen.id);
    try {
      await again.waitFor((m) => (m.data as { _id?: string })._id === missed, 2000);
      expect(again.messages.map((m) => [m.event, (m.data as { _id?: string })._id])).toEqual([['message', missed]]);
      // A's ids have a boot id of their own: B's id is foreign there.
      const resync = await elsewhere.waitFor((m) => m.event === 'resync', 2000);
      expect(elsewhere.messages.indexOf(resync)).toBe(0);
      expect(resync.id?.split('-')[0]).not.toBe(seen.id?.split('-')[0]);
    } finally {
      again.close();
      elsewhere.close();
    }
  });

  it('closes a stream on the other server before a role change or a sign-out on one answers', async () => {
    const owner = await adminToken(a);
    const cook = await signUp(a, 'cook');
    const record = (
      await http(a, 'GET', `/api/v1/users/?email=${encodeURIComponent(cook.email)}`, { token: cook.token })
    ).body.data as { _id: string };
    expect(
      (await http(a, 'PATCH', `/api/v1/users/users/${record._id}`, { token: owner, body: { role: 'staff' } })).status,
    ).toBe(200);
    const board = await openEventStream(b.base, cook.token);
    let ended = false;
    void board.ended.then(() => (ended = true));
    try {
      expect(board.status).toBe(200);
      expect(
        (await http(a, 'PATCH', `/api/v1/users/users/${record._id}`, { token: owner, body: { role: 'user' } })).status,
      ).toBe(200);
      // B closed it before A answered; the end of the response is then on its way to us.
      await Promise.race([board.ended, sleep(5_000)]);
      expect(ended).toBe(true);
    } finally {
      board.close();
    }
    const mine = await openEventStream(b.base, cook.token);
    let signedOut = false;
    void mine.ended.then(() => (signedOut = true));
    try {
      expect(mine.status).toBe(200);
      expect((await http(a, 'POST', '/api/auth/sign-out', { cookie: cook.cookie, body: {} })).status).toBe(200);
      await Promise.race([mine.ended, sleep(5_000)]);
      expect(signedOut).toBe(true);
      expect(
        (await fetch(`${b.base}/api/v1/events`, { headers: { authorization: `Bearer ${cook.token}` } })).status,
      ).toBe(401);
    } finally {
      mine.close();
    }
  });

  it('lets exactly one of 20 concurrent bookings of the last table through, split across both servers', async () => {
    const owner = await adminToken(a);
    const tables = (await http(a, 'GET', '/api/v1/tables', { token: owner })).body.data as {
      _id: string;
      minCovers: number;
      maxCovers: number;
    }[];
    const last = tables.find((t) => t.minCovers <= 2 && t.maxCovers >= 2) as { _id: string };
    for (const table of tables)
      if (table._id !== last._id)
        expect(
          (await http(a, 'PATCH', `/api/v1/tables/${table._id}`, { token: owner, body: { active: false } })).status,
        ).toBe(200);
    const date = dhakaDate(3);
    const slots = (await http(b, 'GET', `/api/v1/reservations/availability?date=${date}&partySize=2`)).body.data as {
      time: string;
      available: boolean;
    }[];
    const time = slots.find((s) => s.available)?.time as string;
    expect(time).toBeDefined();
    const guests = await Promise.all(
      ['b1', 'b2', 'b3', 'b4'].map((tag, i) => signUp(i % 2 === 0 ? a : b, `booker${tag}`)),
    );
    const attempts = Array.from({ length: 20 }, (_, i) => {
      const guest = guests[i % guests.length] as Account;
      return http(i % 2 === 0 ? a : b, 'POST', '/api/v1/reservations', {
        token: guest.token,
        body: { date, time, partySize: 2, name: 'Racer', phone: '+880 1711-123456' },
      });
    });
    const answers = await Promise.all(attempts);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    const held = await query<{ n: string }>(
      `select count(*) as n from table_holds h join reservations r on r.id = h.reservation_id where r.date = '${date}' and r.time = '${time}' and h.active = 1`,
    );
    expect(Number(held[0]?.n)).toBe(1);
  });

  it('counts failed sign-ins across both servers through Redis', async () => {
    const target = await signUp(a, 'locked');
    // 10 failures per account and address: five on each server.
    for (let i = 0; i < 10; i += 1)
      expect((await signIn(i % 2 === 0 ? a : b, target.email, 'wrong-password-123')).status).toBe(401);
    expect((await signIn(a, target.email, 'wrong-password-123')).status).toBe(429);
    expect((await signIn(b, target.email, target.password)).status).toBe(429);
  });

  it('recovers when PostgreSQL restarts under both, and events flow again without a restart of either', async () => {
    const guest = await signUp(a, 'survivor');
    const ticket = await placeTicket(a, guest);
    const stream = await openEventStream(b.base, guest.token);
    const resumers: { close(): void }[] = [];
    try {
      // An id B gave before the gap.
      const earlier = await placeTicket(a, guest);
      const beforeGap = await stream.waitFor((m) => (m.data as { _id?: string })._id === earlier, 2000);
      await cluster('pause');
      expect((await http(a, 'GET', '/healthz')).status).toBe(503);
      await cluster('start');
      for (const server of [a, b]) {
        const deadline = Date.now() + 30_000;
        while ((await http(server, 'GET', '/healthz')).status !== 200 && Date.now() < deadline) await sleep(250);
        expect((await http(server, 'GET', '/healthz')).status).toBe(200);
      }
      // B's listener came back and told its streams to reload what they show.
      const resync = await stream.waitFor((m) => m.event === 'resync', 15_000);
      // Resuming from before the gap cannot tell what was missed: resync. From the resync's id it can.
      const fromBefore = await openEventStream(b.base, guest.token, beforeGap.id);
      const fromResync = await openEventStream(b.base, guest.token, resync.id);
      resumers.push(fromBefore, fromResync);
      expect((await fromBefore.waitFor((m) => m.event === 'resync', 2000)) === fromBefore.messages[0]).toBe(true);
      const owner = await adminToken(a);
      expect(
        (await http(a, 'POST', `/api/v1/kitchen/tickets/${ticket}/status`, { token: owner, body: { status: 'ready' } }))
          .status,
      ).toBe(200);
      await stream.waitFor(
        (m) =>
          (m.data as { _id?: string; status?: string })._id === ticket &&
          (m.data as { status: string }).status === 'ready',
        2000,
      );
      await fromResync.waitFor(
        (m) =>
          (m.data as { _id?: string; status?: string })._id === ticket &&
          (m.data as { status: string }).status === 'ready',
        2000,
      );
      expect(fromResync.messages.map((m) => m.event)).toEqual(['message']);
      expect((await http(b, 'GET', '/api/v1/allProductsData/1')).status).toBe(200);
    } finally {
      for (const resumer of resumers) resumer.close();
      stream.close();
    }
  }, 120_000);
});

/** A local date in the demo restaurant's zone (Asia/Dhaka), days from today. */
function dhakaDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Dhaka',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** A pick-up ticket placed on `server`: as soon as possible, or the first free time while the kitchen is closed. */
async function placeTicket(server: ServerProcess, guest: Account): Promise<string> {
  const line = await http(server, 'PATCH', `/api/v1/users/?email=${encodeURIComponent(guest.email)}`, {
    token: guest.token,
    body: { orderId: '2', orderQuantity: 1 },
  });
  const id = (line.body.data as { orderMainId: string }).orderMainId;
  const quote = (
    await http(server, 'GET', `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${id}`, { token: guest.token })
  ).body.data as { asap: unknown; times: { readyAt: string }[] };
  const placed = await http(server, 'POST', '/api/v1/checkout', {
    token: guest.token,
    body: {
      orderIds: [id],
      fulfilment: 'pickup',
      when: quote.asap ? 'asap' : quote.times[0]?.readyAt,
      pay: { Method: 'bkash', AccountNumber: '01711000000' },
    },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return (placed.body.data as { _id: string })._id;
}
