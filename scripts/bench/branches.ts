/**
 * A hundred branches on one database (issue 57, docs/reference/branches.md "Scale and isolation":
 * 100 branches seeded with their tables and menus slow no read of one branch by more than 10 %).
 * `BENCH_ONLY=branches npm run bench`. The server runs as `npm start` runs it (SQLite, its own
 * process), with the demo's branch 1 made into a full day: 30 tables and 300 bookings on the
 * measured date. Each target is read at branch 1 through the framework (a menu read revalidated
 * with an old ETag, so the replay cache does not answer it), then 99 more branches are written
 * into the same file, each with its settings, 30 tables, 300 bookings that day and its own word
 * on a fifth of the menu, and the same targets are read again at branch 1 and at branch 57.
 * Printed with the bare Fastify baseline of the same round; nothing asserted. The verdict is by
 * the server's CPU per request (the median of the rounds', at branch 1 and at branch 57, the worse
 * of the two against the read alone): the work a read costs. Throughput against the bare route
 * is printed beside it, but two quiet runs of it disagreed by as much as the goal (the baseline
 * moved 16 % within a run, at ratios near 0.01), so it cannot say 10 %. `BENCH_ROUNDS` (3) more
 * rounds steady both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../../src/server/db/database.ts';
import type { ServerProcess } from '../../tests/support/app-process.ts';
import { type Measurement, type Target, fmt, ratio, run, startApp } from './measure.ts';
import { bookTheTables, prepareTheDay, signIn, writeBookings } from './reservations.ts';

const ADMIN = { email: 'bench-branches@example.com', password: 'bench-branches-password' };
const BRANCHES = 100;

const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The reads of one branch a guest's and a host's screens make, at `branch`. */
function targets(branch: number, date: string, admin: string): Target[] {
  const parties = [2, 4, 6];
  let i = 0;
  return [
    {
      name: `menu (revalidated) @${branch}`,
      paths: () => `/api/v1/allProductsData?branch=${branch}`,
      headers: { 'if-none-match': '"an-old-version"' },
    },
    {
      name: `availability @${branch}`,
      paths: () => `/api/v1/reservations/availability?date=${date}&partySize=${parties[i++ % 3]}&branch=${branch}`,
    },
    {
      name: `tables (staff) @${branch}`,
      paths: () => `/api/v1/tables?branch=${branch}`,
      headers: { authorization: admin },
    },
    {
      name: `day book (staff) @${branch}`,
      paths: () => `/api/v1/reservations?date=${date}&branch=${branch}`,
      headers: { authorization: admin },
    },
  ];
}

/** Branches 2..BRANCHES, each a copy of branch 1's settings and tables, with 300 bookings on `date` and its own word on a fifth of the dishes. */
function writeBranches(dataDir: string, date: string): void {
  const database = createDatabase({ dataDir });
  if (database.engine !== 'sqlite') throw new Error('the bench seeds SQLite');
  const native = database.native;
  try {
    const now = new Date().toISOString();
    const dishes = native.prepare('select id, price from products where removed_at is null').all() as {
      id: number;
      price: number;
    }[];
    native.transaction(() => {
      for (let branch = 2; branch <= BRANCHES; branch += 1) {
        native
          .prepare(
            'insert into branches (id, slug, name_bn, position, archived_at, created_at) values (?, ?, null, ?, null, ?)',
          )
          .run(branch, `branch-${branch}`, branch, now);
        native
          .prepare(
            'insert into restaurant_settings (id, body, updated_at) select ?, body, ? from restaurant_settings where id = 1',
          )
          .run(branch, now);
        native
          .prepare(
            'insert into dining_tables (name, min_covers, max_covers, active, created_at, branch_id) select name, min_covers, max_covers, active, ?, ? from dining_tables where branch_id = 1',
          )
          .run(now, branch);
        const tables = native.prepare('select id from dining_tables where branch_id = ? order by id').all(branch) as {
          id: number;
        }[];
        bookTheTables(native, tables, date, branch);
        const word = native.prepare(
          'insert into branch_menu (branch_id, product_id, offered, price, available, sold_out_until, updated_at) values (?, ?, ?, ?, null, null, ?)',
        );
        for (const [index, dish] of dishes.entries())
          if ((index + branch) % 5 === 0) word.run(branch, dish.id, index % 3 === 0 ? 0 : 1, dish.price + 50, now);
      }
    })();
    const count = (table: string) => (native.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    console.error(
      `branches: ${count('branches')} branches, ${count('dining_tables')} tables, ${count('reservations')} bookings, ${count('branch_menu')} menu words`,
    );
  } finally {
    native.close();
  }
}

export async function benchBranches(baseline: ServerProcess): Promise<{ rows: Measurement[]; summary: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-branches-'));
  const env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: '1' };
  const date = dayAfter(2);
  let app = await startApp(env);
  const measure = async (setting: string, branches: number[]) => {
    const admin = await signIn(app.base, ADMIN.email, ADMIN.password, '10.9.0.1');
    const rows: Measurement[] = [];
    for (const branch of branches)
      for (const target of targets(branch, date, admin)) rows.push(await run(baseline, app, target, setting));
    return rows;
  };
  try {
    await prepareTheDay(app, await signIn(app.base, ADMIN.email, ADMIN.password, '10.9.0.1'));
    await app.stop();
    writeBookings(dataDir, date);
    app = await startApp(env);
    const one = await measure('1 branch', [1]);
    await app.stop();
    writeBranches(dataDir, date);
    app = await startApp(env);
    const hundred = await measure(`${BRANCHES} branches`, [1, 57]);
    const summary = [
      `branches: reads of one branch, alone and among ${BRANCHES} (each with 30 tables, 300 bookings that day, its word on a fifth of the menu), SQLite:`,
      ...one.map((alone, i) => {
        const among = hundred[i] as Measurement;
        const other = hundred[i + one.length] as Measurement;
        const cpu = (m: Measurement) => m.cpuUsMedian ?? m.cpuUs;
        const byCpu = (m: Measurement) => (cpu(m) / cpu(alone) - 1) * 100;
        const slower = Math.max(byCpu(among), byCpu(other));
        const byRate = (ratio(alone) / Math.min(ratio(among), ratio(other)) - 1) * 100;
        return `  ${alone.target.replace(' @1', '').padEnd(26)} alone ${fmt(cpu(alone), 0)} µs CPU (${fmt(ratio(alone), 2)} of bare), among ${BRANCHES}: ${fmt(cpu(among), 0)} µs (${fmt(ratio(among), 2)}), branch 57 ${fmt(cpu(other), 0)} µs (${fmt(ratio(other), 2)}): ${fmt(slower, 1)} % more CPU ${slower <= 10 ? 'ok' : 'MISSED'} (≤ 10 %; by throughput ${fmt(byRate, 1)} %)`;
      }),
    ];
    return { rows: [...one, ...hundred], summary };
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
