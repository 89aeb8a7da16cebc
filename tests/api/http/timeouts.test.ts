import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../../support/app-process.ts';
import { openEventStream } from '../../support/event-stream.ts';
import { closesWithin, rawConnection } from '../../support/raw-connection.ts';
import { type TestAccount, createAccount } from '../../support/factories.ts';
import { type TestApp, createTestApp } from '../../support/test-app.ts';

/**
 * Issue 40 point 3: a request that never finishes arriving is cut off, a connection silent
 * mid-body is closed, the event stream stays open, and a server told to stop closes idle and
 * stalled connections at once. The timeouts are shortened here (the server's are 60 s); every
 * wait is bounded, and nothing asserts how fast the server was.
 */
let t: TestApp;
let port: number;
let guest: TestAccount;
beforeAll(async () => {
  t = await createTestApp({}, { timeouts: { requestMs: 1_500, idleMs: 1_000 }, heartbeatMs: 4_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  guest = await createAccount(t.app, { name: 'Slow Sender' });
});
afterAll(() => t.close());

/**
 * A request whose body is read: a signed-in guest's checkout (a caller refused is answered before
 * the body and the connection closed: access-before-body.test.ts), or, with no account at hand,
 * Stripe's webhook, which anyone may call.
 */
const BODY_HEAD = (length: number, token?: string) =>
  `POST ${token ? '/api/v1/checkout' : '/api/v1/payments/webhooks/stripe'} HTTP/1.1\r\nHost: 127.0.0.1\r\n${token ? `Authorization: Bearer ${token}\r\n` : ''}Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('request timeouts', () => {
  it('cut off a body sent a byte at a time, long before it is complete', async () => {
    const { socket, received, closed } = await rawConnection(port);
    socket.write(BODY_HEAD(10_000, guest.accessToken));
    let sent = 0;
    let open = true;
    void closed.then(() => (open = false));
    // A byte every 100 ms: never idle, but 10,000 bytes would take 1,000 s.
    const drip = (async () => {
      while (open && sent < 10_000) {
        socket.write('{');
        sent += 1;
        await sleep(100);
      }
    })();
    expect(await closesWithin(closed, 20_000)).toBe(true);
    await drip;
    expect(sent).toBeLessThan(10_000);
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('close a connection that goes silent in the middle of a body', async () => {
    const { socket, closed } = await rawConnection(port);
    socket.write(`${BODY_HEAD(1_000, guest.accessToken)}{"orderIds":`);
    expect(await closesWithin(closed, 20_000)).toBe(true);
  });

  it('close a connection that never finishes its headers', async () => {
    const { socket, closed } = await rawConnection(port);
    socket.write('GET /api/v1/categorys HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(await closesWithin(closed, 20_000)).toBe(true);
  });

  it('leave the event stream open while it is silent for longer than the idle timeout', async () => {
    const guest = await createAccount(t.app, { name: 'Quiet Listener' });
    const stream = await openEventStream(`http://127.0.0.1:${port}`, guest.accessToken);
    try {
      expect(stream.status).toBe(200);
      let ended = false;
      void stream.ended.then(() => (ended = true));
      // Nothing is written for 4 s (the heartbeat's interval here): four idle timeouts.
      const deadline = Date.now() + 20_000;
      while (!stream.comments.includes('heartbeat') && !ended && Date.now() < deadline) await sleep(100);
      expect(ended).toBe(false);
      expect(stream.comments).toContain('heartbeat');
    } finally {
      stream.close();
    }
  });
});

describe('a server told to stop', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it(
    'closes an idle connection and a half-sent request at once and a stalled upload once silent for 3 s, and exits 0',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'storefront-timeouts-'));
      dirs.push(dataDir);
      // The server's own timeouts (60 s): what ends these connections is the shutdown.
      const server = await spawnServer({
        env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_SECRET: 'timeouts-test-secret-timeouts-test-secret-0123' },
      });
      try {
        const stalled = await rawConnection(server.port);
        stalled.socket.write(`${BODY_HEAD(400_000)}{"id":`);
        const halfSent = await rawConnection(server.port);
        halfSent.socket.write('GET /api/v1/categorys HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        const idle = await rawConnection(server.port);
        idle.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
        while (!idle.received().includes('\r\n\r\n')) await sleep(20);
        // Without closing them, the shutdown waited for its 10 s deadline and exited 1.
        expect(await server.stop(30_000)).toBe(0);
        for (const connection of [stalled, halfSent, idle])
          expect(await closesWithin(connection.closed, 5_000)).toBe(true);
      } finally {
        await server.stop();
      }
    },
  );
});
