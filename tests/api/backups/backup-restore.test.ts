import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { DATABASE_FILE, checkDatabaseFile, listBackups, takeBackup } from '../../../src/server/db/backups.ts';
import { createDatabase } from '../../../src/server/db/database.ts';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import { prepareDatabase } from '../../../src/server/start.ts';
import { type ServerProcess, ROOT, spawnServer } from '../../support/app-process.ts';
import { allDayKitchen } from '../../support/records.ts';

/**
 * Issue 60 points 1 and 2, on SQLite with real processes: a server under a stream of staff
 * orders paid in cash (the evening's writes) is backed up in the middle by `npm run backup`,
 * then killed with -9 while it takes another backup. The copies made stay whole and no half
 * file takes a copy's name; `npm run restore` puts the first into a fresh DATA_DIR (refused
 * while a server runs there), the server starts on it, and what the backup held is whole: every
 * ticket with its lines and bill, everything acknowledged before the backup was asked, receipt
 * numbers without a gap up to the backup's last, the day report equal to its payments, and
 * `npm run verify-data` content. Every wait is bounded; the whole well under two minutes.
 */

const AUTH_SECRET = 'backup-test-secret-backup-test-secret-0123';
const ADMIN = { email: 'backup-owner@example.com', password: 'backup-owner-password' };
const dirs: string[] = [];
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

const serverEnv = (dataDir: string) => ({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  AUTH_SECRET,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  BACKUP_EVERY: 'off',
  BACKUP_STEP_PAGES: '1',
});

async function start(dataDir: string): Promise<ServerProcess> {
  const server = await spawnServer({ env: serverEnv(dataDir), startTimeoutMs: 60_000 });
  servers.push(server);
  return server;
}

/** `npm run …` as the owner types it (node on the script, as package.json says), with its exit code and output. */
function npmScript(
  script: 'backup' | 'restore' | 'verify-data',
  dataDir: string,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  const file = {
    backup: 'scripts/data/backup.ts',
    restore: 'scripts/data/restore.ts',
    'verify-data': 'scripts/data/verify-data.ts',
  }[script];
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), DATA_DIR: dataDir, AUTH_SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.once('exit', (code) => done({ code, output })));
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = (
    await (
      await fetch(`${base}/api/v1/users/jwt?email=${encodeURIComponent(ADMIN.email)}`, { headers: { cookie } })
    ).json()
  ).accessToken as string;
  if (!token) throw new Error('no access token');
  return token;
}

function api(base: string, token: string) {
  return async (
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{
    status: number;
    json: () => Promise<{ data: Record<string, unknown> & { due: number; _id: string; billId: string } }>;
  }> =>
    fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

/** The rows that make the money and the orders, by table, from a closed SQLite file. */
function rowsOf(file: string) {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    const all = (table: string) => db.prepare(`select * from ${table} order by id`).all() as Record<string, unknown>[];
    return { tickets: all('tickets'), lines: all('ticket_lines'), bills: all('bills'), payments: all('bill_payments') };
  } finally {
    db.close();
  }
}

it(
  'backs up under write load, survives kill -9 in a backup, and restores whole into a fresh directory',
  { timeout: 110_000 },
  async () => {
    const dataDir = tempDir('storefront-backup-');
    const backupDir = join(dataDir, 'backups');
    const server = await start(dataDir);
    const call = api(server.base, await signIn(server.base));
    expect(
      (
        await call('PATCH', '/api/v1/restaurant', {
          ...allDayKitchen(10_000),
          unpaidOrders: { perGuest: 100, maxUnits: 10_000 },
        })
      ).status,
    ).toBe(200);
    const dishes = (await (await fetch(`${server.base}/api/v1/allProductsData`)).json()).data as {
      _id: string;
      options: unknown[];
      available: boolean;
    }[];
    const dish = dishes.find((d) => d.options.length === 0 && d.available) as { _id: string };

    // The evening's writes: staff orders, each paid in cash at once; what was acknowledged is kept.
    const acknowledged: { ticketId: string; billId: string; at: number }[] = [];
    let stop = false;
    let sent = 0;
    const writer = async (n: number) => {
      while (!stop) {
        sent += 1;
        try {
          const placed = await call('POST', '/api/v1/tickets', {
            fulfilment: 'pickup',
            when: 'asap',
            lines: [{ productId: dish._id, quantity: 1 }],
            customer: { name: `Caller ${n}`, phone: '+880 1711-222333' },
            key: `backup-load-${n}-${sent}`,
          });
          if (placed.status !== 201) continue;
          const ticket = (await placed.json()).data;
          const bill = (await (await call('GET', `/api/v1/bills/${ticket.billId}`)).json()).data;
          const paid = await call('POST', `/api/v1/bills/${ticket.billId}/payments`, {
            method: 'cash',
            amount: bill.due,
            key: `backup-pay-${n}-${sent}`,
          });
          if (paid.status === 201) acknowledged.push({ ticketId: ticket._id, billId: ticket.billId, at: Date.now() });
        } catch {
          // The server killed under the writers: what was acknowledged before is what counts.
        }
      }
    };
    const writers = [1, 2, 3].map((n) => writer(n));
    while (acknowledged.length < 15) await sleep(50);

    // A backup in the middle, asked of the running server as the owner asks it.
    const askedAt = Date.now();
    const before = acknowledged.filter((a) => a.at < askedAt);
    const first = await npmScript('backup', dataDir);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toMatch(/asked it for a backup/);
    const copies = listBackups(backupDir);
    expect(copies).toHaveLength(1);
    const backup = copies[0]?.file as string;
    expect(first.output).toContain(backup);
    while (acknowledged.length < before.length + 15) await sleep(50);

    // Another, killed with -9 while its copy is half written. The server is stopped (SIGSTOP)
    // at each look, so that the copy seen half written is still half written when the kill
    // comes; a copy that finished between two looks on a busy machine is taken away and asked
    // for again.
    const pid = server.child.pid as number;
    const halfWritten = () => readdirSync(backupDir).some((name) => /^\.storefront-.*\.partial$/.test(name));
    let caught = false;
    for (let attempt = 1; attempt <= 20 && !caught; attempt += 1) {
      const earlier = new Set(listBackups(backupDir).map((copy) => copy.file));
      process.kill(pid, 'SIGUSR2');
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        process.kill(pid, 'SIGSTOP');
        if (halfWritten()) {
          caught = true;
          break;
        }
        process.kill(pid, 'SIGCONT');
        const finished = listBackups(backupDir).filter((copy) => !earlier.has(copy.file));
        if (finished.length > 0) {
          for (const copy of finished) rmSync(copy.file);
          break;
        }
        await sleep(2);
      }
    }
    expect(caught, `${readdirSync(backupDir).join(' ')}\n${server.output()}`).toBe(true);
    server.child.kill('SIGKILL');
    await new Promise((done) => server.child.once('exit', done));
    stop = true;
    await Promise.all(writers);
    // The first copy intact; the killed one never under a copy's name.
    expect(listBackups(backupDir).map((b) => b.file)).toEqual([backup]);
    for (const copy of listBackups(backupDir)) expect(checkDatabaseFile(copy.file)).toBeUndefined();

    // Restored into a fresh directory, and started there.
    const freshDir = tempDir('storefront-restored-');
    const restored = await npmScript('restore', freshDir, [backup]);
    expect(restored.code, restored.output).toBe(0);
    const held = rowsOf(backup);
    expect(held.tickets.length).toBeGreaterThanOrEqual(before.length);
    const again = await start(freshDir);
    // A server runs there now: a restore is refused, and nothing moves.
    const refused = await npmScript('restore', freshDir, [backup]);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/a server is running/);

    const callAgain = api(again.base, await signIn(again.base));
    for (const { ticketId, billId } of before) {
      expect((await callAgain('GET', `/api/v1/tickets/${ticketId}`)).status).toBe(200);
      const bill = (await (await callAgain('GET', `/api/v1/bills/${billId}`)).json()).data;
      expect(bill.status).toBe('paid');
    }
    // The day report equals the payments the backup held.
    const days = [...new Set(held.bills.filter((b) => b.status === 'paid').map((b) => String(b.paid_date)))];
    for (const day of days) {
      const report = (await (await callAgain('GET', `/api/v1/reports/day?date=${day}`)).json()).data as unknown as {
        totalTaken: number;
        bills: number;
      };
      const billIds = new Set(held.bills.filter((b) => b.status === 'paid' && b.paid_date === day).map((b) => b.id));
      const taken = held.payments
        .filter((p) => billIds.has(p.bill_id) && p.status === 'succeeded')
        .reduce((sum, p) => sum + Number(p.amount) + Number(p.tip), 0);
      expect(report.bills).toBe(billIds.size);
      expect(Math.round(report.totalTaken * 100)).toBe(taken);
    }
    await again.stop();

    // What the backup held is whole in the restored database: every ticket, line, bill and payment.
    const now = rowsOf(join(freshDir, DATABASE_FILE));
    expect(now).toEqual(held);
    for (const ticket of held.tickets) {
      expect(held.lines.some((l) => l.ticket_id === ticket.id)).toBe(true);
      expect(held.bills.some((b) => b.id === ticket.bill_id)).toBe(true);
    }
    const receipts = held.bills
      .map((b) => b.receipt_number)
      .filter((n): n is number => n !== null)
      .sort((a, b) => a - b);
    expect(receipts).toEqual(receipts.map((_, i) => i + 1));
    const verified = await npmScript('verify-data', freshDir);
    expect(verified.code, verified.output).toBe(0);
    expect(verified.output).toContain(`receipts: 1..${receipts.length}, ${receipts.length} paid bills, 0 missing`);
    expect(existsSync(join(freshDir, DATABASE_FILE))).toBe(true);
  },
);

it(
  'restores a backup of an older schema: the next start runs the migrations it lacks; a file that is no database is refused',
  { timeout: 60_000 },
  async () => {
    const oldDir = tempDir('storefront-old-');
    const old = createDatabase({ dataDir: oldDir });
    await migrateToLatest(old.db, '0027-kitchen-bucket-changes');
    const copy = await takeBackup(old.native as SqliteDatabase.Database, join(oldDir, 'backups'), {
      keep: 2,
      stepPages: 100,
    });
    await old.close();

    const freshDir = tempDir('storefront-upgraded-');
    const junk = join(oldDir, 'not-a-database.sqlite');
    writeFileSync(junk, 'this is not a database');
    const refused = await npmScript('restore', freshDir, [junk]);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/cannot be restored/);
    expect(existsSync(join(freshDir, DATABASE_FILE))).toBe(false);

    const restored = await npmScript('restore', freshDir, [copy.file]);
    expect(restored.code, restored.output).toBe(0);
    const config = loadConfig({ DATA_DIR: freshDir, AUTH_SECRET });
    const database = await prepareDatabase(config, { images: false });
    try {
      const migrations = await database.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(migrations.map((m) => (m as { name: string }).name)).toContain('0029-audit-entries');
      expect(await database.db.selectFrom('audit_entries').selectAll().execute()).toEqual([]);
    } finally {
      await database.close();
    }
  },
);
