import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../support/app-process.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * PostgreSQL going away and coming back, in CI's PostgreSQL run (TEST_DATABASE_URL set).
 * The shared test server cannot be stopped under the other test files, so this file
 * starts a cluster of its own with scripts/pg-test-cluster.sh, on a free port.
 */
const run = promisify(execFile);
const SCRIPT = resolve('scripts/pg-test-cluster.sh');

// Runs only in the PostgreSQL run: vitest.config.ts leaves this file out when TEST_DATABASE_URL is unset.
describe('PostgreSQL stops and starts again under a running app', () => {
  let t: TestApp | undefined;
  let env: NodeJS.ProcessEnv;
  const cluster = async (command: 'start' | 'pause' | 'stop') =>
    (await run('bash', [SCRIPT, command], { env, timeout: 90_000, encoding: 'utf8' })).stdout.trim();

  beforeAll(async () => {
    const port = await findFreePort();
    env = {
      ...process.env,
      PG_TEST_PORT: String(port),
      PG_TEST_DIR: join(tmpdir(), `storefront-pg-faults-${process.pid}-${port}`),
    };
    const url = await cluster('start');
    // createTestApp makes its fresh database on the server named by TEST_DATABASE_URL.
    const shared = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = url;
    try {
      t = await createTestApp();
    } finally {
      process.env.TEST_DATABASE_URL = shared;
    }
  }, 120_000);

  afterAll(async () => {
    // The app first, while PostgreSQL answers, so that its database can be dropped.
    await cluster('start').catch(() => {});
    await t?.close().catch(() => {});
    await cluster('stop');
  }, 120_000);

  const get = async (url: string) => {
    const res = await t!.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() as Record<string, unknown> };
  };

  it('answers 503 while PostgreSQL is down and recovers without a restart', async () => {
    expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok', database: 'up' } });
    expect((await get('/api/v1/categorys')).status).toBe(200);

    await cluster('pause');
    // The pool may still hold connections that PostgreSQL has just closed: every answer is 503 all the same.
    for (let i = 0; i < 3; i++) {
      const health = await get('/healthz');
      expect(health).toEqual({ status: 503, body: { status: 'unavailable', database: 'down' } });
      const menu = await get('/api/v1/categorys');
      expect(menu.status).toBe(503);
      expect(menu.body).toEqual({ success: false, message: expect.any(String) });
      const dish = await get('/api/v1/allProductsData/1');
      expect(dish.status).toBe(503);
    }

    await cluster('start');
    const deadline = Date.now() + 30_000;
    let health = await get('/healthz');
    while (health.status !== 200 && Date.now() < deadline) {
      await sleep(250);
      health = await get('/healthz');
    }
    expect(health).toEqual({ status: 200, body: { status: 'ok', database: 'up' } });
    expect((await get('/api/v1/categorys')).status).toBe(200);
    expect((await get('/api/v1/allProductsData/1')).status).toBe(200);
  }, 120_000);
});
