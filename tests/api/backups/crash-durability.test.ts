import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { findFreePort } from '../../support/e2e-server.ts';

/**
 * SIGKILL in the middle of a stream of orders (issue 6): after a restart on the same
 * DATA_DIR, every order the server answered with success is there. Real processes, real
 * SQLite file; every wait bounded.
 */
const MAIN = resolve('src/server/main.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-crash-'));
const children = new Set<ChildProcess>();

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'crash-test-secret-crash-test-secret-0123456',
    },
    stdio: 'ignore',
  });
  children.add(child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return child;
    await sleep(100);
  }
  throw new Error('the server did not start in time');
}

it('keeps every acknowledged order across a SIGKILL', async () => {
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const first = await start(port);

  const email = `crash-${Date.now().toString(36)}@example.com`;
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'crash-pass-1', name: 'Crash Guest' }),
  });
  expect(signUp.status).toBe(200);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = (
    await (await fetch(`${base}/api/v1/users/jwt?email=${encodeURIComponent(email)}`, { headers: { cookie } })).json()
  ).accessToken as string;
  expect(token).toBeTruthy();

  const acknowledged: string[] = [];
  let stop = false;
  const stream = (async () => {
    for (let i = 0; i < 2000 && !stop; i += 1) {
      try {
        const res = await fetch(`${base}/api/v1/users?email=${encodeURIComponent(email)}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ orderId: String((i % 5) + 1), orderQuantity: (i % 3) + 1 }),
        });
        if (res.status === 201 || res.status === 200)
          acknowledged.push(((await res.json()) as { data: { orderMainId: string } }).data.orderMainId);
      } catch {
        break; // the connection died with the process
      }
    }
  })();
  // Let some orders land, then kill the process without warning while the stream runs.
  const until = Date.now() + 10_000;
  while (acknowledged.length < 25 && Date.now() < until) await sleep(20);
  first.kill('SIGKILL');
  stop = true;
  await stream;
  await new Promise((done) =>
    first.exitCode !== null || first.signalCode !== null ? done(null) : first.once('exit', done),
  );
  expect(acknowledged.length).toBeGreaterThanOrEqual(25);

  await start(port);
  const record = await fetch(`${base}/api/v1/users?email=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(record.status).toBe(200);
  const stored = new Set(
    ((await record.json()) as { data: { orders: { orderMainId: string }[] } }).data.orders.map((o) => o.orderMainId),
  );
  const lost = acknowledged.filter((id) => !stored.has(id));
  expect(lost).toEqual([]);
}, 120_000);
