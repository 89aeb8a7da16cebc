import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CATEGORIES, DEMO_MENU } from '../../../src/server/db/seed/demo-menu.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { spawnServer as spawnApp } from '../../support/app-process.ts';

/**
 * The server as `npm start` runs it: a real process (`node --import tsx src/server/main.ts`)
 * on a temp DATA_DIR, without a built client. Every wait here is bounded.
 */
const MAIN = resolve('src/server/main.ts');
const dirs: string[] = [];

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-process-'));
  dirs.push(dir);
  return dir;
}

interface ServerProcess {
  child: ChildProcess;
  /** stdout lines so far (pino JSON at LOG_LEVEL=info). */
  lines: string[];
  stderr(): string;
  /** Resolves with the exit code, or rejects after `ms`. */
  exit(ms: number): Promise<number | null>;
  /** Waits for a stdout line matching `test`, for at most `ms`. */
  waitForLine(test: (line: string) => boolean, ms: number, what: string): Promise<string>;
}

/** Spawns main.ts with only the environment given (no DATABASE_URL etc. leaking in from the test run). */
function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      AUTH_SECRET: 'process-test-secret-process-test-secret-0123',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    lines.push(line);
    for (const wake of waiters) wake();
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  exited.then(() => {
    for (const wake of waiters) wake();
  });
  activeChildren.add(child);

  return {
    child,
    lines,
    stderr: () => stderr,
    async exit(ms) {
      const timer = sleep(ms).then(() => 'timeout' as const);
      const result = await Promise.race([exited, timer]);
      if (result === 'timeout') {
        child.kill('SIGKILL');
        throw new Error(`the server did not exit within ${ms} ms; stderr: ${stderr}`);
      }
      return result;
    },
    async waitForLine(test, ms, what) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = lines.find(test);
        if (found !== undefined) return found;
        if (child.exitCode !== null)
          throw new Error(`the server exited (${child.exitCode}) before ${what}; stderr: ${stderr}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${what} within ${ms} ms; stderr: ${stderr}`);
        await new Promise<void>((wake) => {
          const timer = setTimeout(wake, Math.min(left, 250));
          waiters.add(() => {
            clearTimeout(timer);
            wake();
          });
        }).finally(() => waiters.clear());
      }
    },
  };
}

const activeChildren = new Set<ChildProcess>();
afterAll(() => {
  for (const child of activeChildren) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Starts the server and returns its base URL once it listens (read from its "Server listening at" log line). */
async function startServer(env: Record<string, string>, ms = 60_000): Promise<{ server: ServerProcess; base: string }> {
  const server = spawnServer(env);
  const line = await server.waitForLine((l) => l.includes('Server listening at'), ms, 'listening log line');
  const base = /Server listening at (http:\/\/[^"\s]+)/.exec(line)?.[1];
  if (!base) throw new Error(`cannot read the address from: ${line}`);
  return { server, base };
}

async function stop(server: ServerProcess): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exit(20_000);
}

const get = (url: string) => fetch(url, { signal: AbortSignal.timeout(10_000) });

function expectOneClearLine(stderr: string, mentions: RegExp) {
  const text = stderr.trim();
  expect(text.split('\n'), text).toHaveLength(1);
  expect(text).toMatch(mentions);
  expect(text).not.toMatch(/^\s+at /m);
}

describe('a bad configuration stops the start with one clear line', () => {
  it('PORT=abc', async () => {
    const server = spawnServer({ DATA_DIR: tempDir(), PORT: 'abc' });
    expect(await server.exit(30_000)).not.toBe(0);
    expectOneClearLine(server.stderr(), /PORT/);
  }, 40_000);

  it('an unreachable DATABASE_URL', async () => {
    const server = spawnServer({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://127.0.0.1:1/x' });
    expect(await server.exit(30_000)).not.toBe(0);
    expectOneClearLine(server.stderr(), /PostgreSQL|DATABASE_URL/);
  }, 40_000);
});

describe('first and second start on the same DATA_DIR', () => {
  it('creates DATA_DIR, the database and the menu pictures once, and never seeds twice', async () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    expect(existsSync(dataDir)).toBe(false);

    const first = await startServer({ DATA_DIR: dataDir }, 90_000);
    const dishes = ((await (await get(`${first.base}/api/v1/allProductsData`)).json()) as { data: Product[] }).data;
    expect(existsSync(join(dataDir, 'storefront.sqlite'))).toBe(true);
    expect(dishes).toHaveLength(DEMO_MENU.length);
    for (const dish of dishes) {
      const res = await get(first.base + dish.img);
      expect(res.status, dish.img).toBe(200);
      expect(res.headers.get('content-type'), dish.img).toBe('image/webp');
      expect((await res.arrayBuffer()).byteLength, dish.img).toBeGreaterThan(1000);
    }
    expect(await stop(first.server)).toBe(0);

    const second = await startServer({ DATA_DIR: dataDir });
    const again = ((await (await get(`${second.base}/api/v1/allProductsData`)).json()) as { data: Product[] }).data;
    expect(again).toEqual(dishes);
    const categories = ((await (await get(`${second.base}/api/v1/categorys`)).json()) as { data: unknown[] }).data;
    expect(categories).toHaveLength(DEMO_CATEGORIES.length);
    expect(await stop(second.server)).toBe(0);
  }, 150_000);
});

describe('the start log', () => {
  // Issue 58, point 11: a newcomer's console named no address to open among the JSON lines.
  it('names the one address to open, with the port bound, and that address answers', async () => {
    const { server, base } = await startServer({ DATA_DIR: join(tempDir(), 'data') }, 90_000);
    const line = await server.waitForLine((l) => l.includes('in a browser'), 10_000, 'the address to open');
    const entry = JSON.parse(line) as { msg: string; url: string };
    expect(entry.url).toBe(base.replace(/\/$/, ''));
    expect(entry.msg).toBe(`Open ${entry.url} in a browser`);
    expect((await get(`${entry.url}/api/v1/categorys`)).status).toBe(200);
    expect(await stop(server)).toBe(0);
  }, 120_000);
});

describe('a second server on a DATA_DIR in use', () => {
  it('stops with one clear line, and the first one serves on', async () => {
    const dataDir = tempDir();
    const first = await startServer({ DATA_DIR: dataDir }, 90_000);
    const second = spawnServer({ DATA_DIR: dataDir });
    expect(await second.exit(30_000)).not.toBe(0);
    expectOneClearLine(second.stderr(), /in use by another server.*PostgreSQL/);

    const dish = await get(`${first.base}/api/v1/allProductsData/1`);
    expect(dish.status).toBe(200);
    expect(await stop(first.server)).toBe(0);
  }, 150_000);
});

/** A POST whose body arrives in two parts, so that it is in flight for as long as we like. */
function slowRequest(base: string, body: string) {
  const url = new URL('/api/v1/users', base);
  const req = request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((done, fail) => {
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.once('end', () => done({ status: res.statusCode ?? 0, body: text }));
      res.once('error', fail);
    });
    req.once('error', fail);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { answer, finish: () => req.end(body.slice(half)) };
}

describe('SIGTERM', () => {
  it('finishes the requests in flight, refuses new ones, exits 0 and leaves a clean database', async () => {
    const dataDir = tempDir();
    // At debug level the server also logs each request's arrival, which this test waits for.
    const { server, base } = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'debug' }, 90_000);
    expect((await get(`${base}/healthz`)).status).toBe(200);

    const body = JSON.stringify({ name: 'Slow Guest', email: 'slow@example.com', userImg: null });
    const inFlight = [slowRequest(base, body), slowRequest(base, body), slowRequest(base, body)];
    const incoming = () =>
      server.lines.filter((l) => l.includes('"url":"/api/v1/users"') && l.includes('incoming request')).length;
    await server.waitForLine(() => incoming() === inFlight.length, 10_000, 'the three slow requests arriving');

    server.child.kill('SIGTERM');
    await server.waitForLine((l) => l.includes('shutting down'), 10_000, 'the shutdown log line');
    // A new request is refused (the listener is closed) or answered 503, never served.
    const late = await get(`${base}/healthz`).then(
      (res) => res.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    expect(server.child.exitCode).toBeNull();

    for (const r of inFlight) r.finish();
    for (const r of inFlight) {
      const { status, body: text } = await r.answer;
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(JSON.parse(text)).toMatchObject({ success: false });
    }
    expect(await server.exit(20_000)).toBe(0);
    expect(server.stderr()).not.toMatch(/error/i);

    const db = new SqliteDatabase(join(dataDir, 'storefront.sqlite'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.prepare('select count(*) as n from products').get()).toEqual({ n: DEMO_MENU.length });
    } finally {
      db.close();
    }
  }, 120_000);
});

describe('a server told to stop', () => {
  it('exits within its deadline after load, even when nobody reads its output any more', async () => {
    // Whoever started it (a terminal, a log shipper) has stopped reading: stdout is a pipe nobody drains.
    const server = await spawnApp({
      output: 'stall',
      env: { LOG_LEVEL: 'info', DATA_DIR: tempDir(), AUTH_SECRET: 'process-test-secret-process-test-secret-0123' },
    });
    activeChildren.add(server.child);
    const exited = new Promise<number | null>((done) => server.child.once('exit', (code) => done(code)));
    // 3 s at 50 connections: thousands of access lines, far more than a pipe holds.
    const result = await autocannon({ url: `${server.base}/api/v1/allProductsData/1`, connections: 50, duration: 3 });
    expect(result.requests.total).toBeGreaterThan(1000);

    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    const code = await Promise.race([exited, sleep(15_000).then(() => 'still running' as const)]);
    expect(code).not.toBe('still running');
    expect(Date.now() - stoppedAt).toBeLessThan(12_000);
  }, 120_000);
});
