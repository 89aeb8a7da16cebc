/**
 * One server against two (issue 15, docs/reference/operations.md "Several app servers"): the same PostgreSQL,
 * the same AUTH_SECRET, a dish by id and a checkout, measured on one server straight, on one
 * server behind a round-robin proxy, and on two servers behind it (round-robin.ts, one TCP
 * connection to each in turn). On one 2-core machine the second server mostly shows the
 * overhead (two processes, the proxy and autocannon share two cores), not the gain that a
 * second machine would bring.
 *
 * The database: BENCH_DATABASE_URL (a server where a database may be created), else the
 * project's throwaway cluster (scripts/pg-test-cluster.sh) on port 55460, stopped afterwards.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type ServerProcess, spawnServer } from '../../tests/support/app-process.ts';
import { createPostgresDatabase } from '../../tests/support/test-database.ts';
import { type Measurement, type Target, allDayKitchen, fmt, run, startApp, table } from './measure.ts';
import { call, signIn } from './reservations.ts';

const ADMIN = { email: 'bench-owner@example.com', password: 'bench-owner-password' };
const GUESTS_PER_PHASE = 80;
/** Below the checkout's limit of 30 a minute per guest. */
const LINES_PER_GUEST = 20;
const CLUSTER_PORT = '55460';

function cluster(command: 'start' | 'url' | 'stop'): string {
  return (
    execFileSync('bash', ['scripts/pg-test-cluster.sh', command], {
      env: { ...process.env, PG_TEST_PORT: CLUSTER_PORT },
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .pop() ?? ''
  );
}

interface PendingCheckout {
  authorization: string;
  orderId: number;
}

/** `count` guests signed up (each from its own address), each with LINES_PER_GUEST unpaid lines written straight into the database. */
async function guestsWithLines(base: string, databaseUrl: string, phase: number): Promise<PendingCheckout[]> {
  const guests: { email: string; authorization: string }[] = [];
  for (let i = 0; i < GUESTS_PER_PHASE; i += 1) {
    const email = `bench-servers-${phase}-${i}-${Date.now()}@example.com`;
    guests.push({
      email,
      authorization: await signIn(
        base,
        email,
        'bench-guest-password',
        `10.${20 + phase}.${i >> 8}.${(i & 255) + 1}`,
        `Bench Guest ${i}`,
      ),
    });
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const dish = (
      await client.query(
        'select id, name, img, category, price from products where removed_at is null order by id limit 1',
      )
    ).rows[0] as { id: number; name: string; img: string; category: string; price: number };
    const users = (
      await client.query('select id, email from users where email = any($1)', [guests.map((g) => g.email)])
    ).rows as { id: number; email: string }[];
    const pending: PendingCheckout[] = [];
    const now = new Date().toISOString();
    for (const guest of guests) {
      const userId = users.find((u) => u.email === guest.email)?.id;
      if (userId === undefined) throw new Error(`no user record for ${guest.email}`);
      const inserted = await client.query(
        `insert into orders (user_id, product_id, name, img, category, unit_price, quantity, total_price, status, payment, pay_method, pay_account, created_at)
         select $1, $2, $3, $4, $5, $6, 1, $6, 'Conform', null, null, null, $7 from generate_series(1, ${LINES_PER_GUEST}) returning id`,
        [userId, dish.id, dish.name, dish.img, dish.category, dish.price, now],
      );
      for (const row of inserted.rows as { id: number }[])
        pending.push({ authorization: guest.authorization, orderId: row.id });
    }
    // Interleave the guests, so consecutive requests come from different guests.
    return pending.sort(
      (a, b) => (a.orderId % LINES_PER_GUEST) - (b.orderId % LINES_PER_GUEST) || a.orderId - b.orderId,
    );
  } finally {
    await client.end();
  }
}

function checkoutTarget(pending: PendingCheckout[]): Target {
  let next = 0;
  return {
    name: 'checkout (pick-up, one line, cash)',
    method: 'POST',
    paths: () => '/api/v1/checkout',
    next: () => {
      // When the lines run out the last one is sent again and refused: counted as failed.
      const entry = pending[Math.min(next++, pending.length - 1)] as PendingCheckout;
      return {
        headers: { authorization: entry.authorization },
        body: JSON.stringify({
          orderIds: [entry.orderId],
          fulfilment: 'pickup',
          when: 'asap',
          pay: { Method: 'cash' },
        }),
      };
    },
  };
}

function roundRobin(upstreams: ServerProcess[]): Promise<ServerProcess> {
  return spawnServer({
    args: ['scripts/bench/round-robin.ts'],
    env: { UPSTREAMS: upstreams.map((u) => `127.0.0.1:${u.port}`).join(',') },
    output: 'drain',
  });
}

export async function benchServers(baseline: ServerProcess): Promise<{ rows: Measurement[]; summary: string[] }> {
  let adminUrl = process.env.BENCH_DATABASE_URL;
  const ownCluster = !adminUrl;
  if (!adminUrl) {
    cluster('start');
    adminUrl = cluster('url');
  }
  const database = await createPostgresDatabase(adminUrl, 'bench_servers');
  const dirs = [mkdtempSync(join(tmpdir(), 'storefront-bench-a-')), mkdtempSync(join(tmpdir(), 'storefront-bench-b-'))];
  const started: ServerProcess[] = [];
  const rows: Measurement[] = [];
  try {
    const env = {
      DATABASE_URL: database.url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: '1',
    };
    const a = await startApp({ ...env, DATA_DIR: dirs[0] as string });
    started.push(a);
    const b = await startApp({ ...env, DATA_DIR: dirs[1] as string });
    started.push(b);
    const admin = await signIn(a.base, ADMIN.email, ADMIN.password, '10.19.0.1');
    const settings = await call(
      a.base,
      'PATCH',
      '/api/v1/restaurant',
      admin,
      allDayKitchen({ fulfilment: { pickup: true } }),
    );
    if (settings.status !== 200) throw new Error(`settings: ${JSON.stringify(settings.body)}`);
    const dishes = (await call(a.base, 'GET', '/api/v1/allProductsData', admin)).body.data as { _id: string }[];
    let dish = 0;
    const productById: Target = {
      name: 'product by id',
      paths: () => `/api/v1/allProductsData/${dishes[dish++ % dishes.length]?._id}`,
    };
    const lines = [
      await guestsWithLines(a.base, database.url, 1),
      await guestsWithLines(a.base, database.url, 2),
      await guestsWithLines(a.base, database.url, 3),
    ];
    console.error(
      `several servers: 2 servers on one PostgreSQL, ${dishes.length} dishes, ${lines.flat().length} unpaid lines of ${GUESTS_PER_PHASE * 3} guests`,
    );

    rows.push(await run(baseline, a, productById, 'one server'));
    rows.push(await run(baseline, a, checkoutTarget(lines[0] as PendingCheckout[]), 'one server'));
    const proxiedOne = await roundRobin([a]);
    started.push(proxiedOne);
    rows.push(await run(baseline, proxiedOne, productById, 'one, proxied'));
    rows.push(await run(baseline, proxiedOne, checkoutTarget(lines[1] as PendingCheckout[]), 'one, proxied'));
    const proxiedTwo = await roundRobin([a, b]);
    started.push(proxiedTwo);
    rows.push(await run(baseline, proxiedTwo, productById, 'two, proxied'));
    rows.push(await run(baseline, proxiedTwo, checkoutTarget(lines[2] as PendingCheckout[]), 'two, proxied'));
  } finally {
    for (const server of started.reverse()) await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await database.drop().catch(() => undefined);
    if (ownCluster) cluster('stop');
  }
  const rps = (target: string, setting: string) =>
    rows.find((r) => r.target.startsWith(target) && r.setting === setting)?.rps ?? Number.NaN;
  const compare = (target: string) =>
    `  ${target}: two servers ${fmt(rps(target, 'two, proxied'), 0)} req/s = ${fmt(rps(target, 'two, proxied') / rps(target, 'one, proxied'), 2)} × one server behind the same proxy (${fmt(rps(target, 'one, proxied'), 0)}), ${fmt(rps(target, 'two, proxied') / rps(target, 'one server'), 2)} × one server straight (${fmt(rps(target, 'one server'), 0)})`;
  return {
    rows,
    summary: [
      table(rows, 'servers'),
      '',
      'several servers (one 2-core machine: the second server mostly shows the overhead, not the gain):',
      compare('product by id'),
      compare('checkout'),
    ],
  };
}
