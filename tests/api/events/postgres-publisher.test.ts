import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgPublisher } from '../../../src/server/modules/events/pg-publisher.ts';
import type { Revocation } from '../../../src/server/modules/events/publisher.ts';
import { createPostgresDatabase } from '../../support/test-database.ts';

/**
 * Issue 40 point 8: a change answers only once every server has applied it. Two publishers
 * as two servers would hold them, and a third "server" whose listener the test drives by
 * hand (a slow or stalled server): the change waits for its acknowledgement, within a bound,
 * and says so in the log when it does not come. Runs in the PostgreSQL run (TEST_DATABASE_URL).
 */
const CHANNEL = 'storefront_events';
let url: string;
let drop: () => Promise<void>;
const pools: pg.Pool[] = [];
const warnings: { object: object; message: string }[] = [];

beforeAll(async () => {
  ({ url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string, 'storefront_publisher'));
});
afterAll(async () => {
  for (const pool of pools) await pool.end();
  await drop();
});

/**
 * The database is dropped with (force) at the end, which ends its sessions with 57P01
 * ("terminating connection due to administrator command"): a connection still closing then
 * hears it as an error. Only that one is let pass; any other error of a pool is the test's.
 */
function onlyShutdown(error: Error): void {
  if ((error as Error & { code?: string }).code !== '57P01') throw error;
}

function server(ackWaitMs = 10_000) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', onlyShutdown);
  pools.push(pool);
  const log = { warn: (object: object, message: string) => void warnings.push({ object, message }), info: () => {} };
  const publisher = createPgPublisher({
    connectionString: url,
    query: (text, values) => pool.query(text, values),
    log,
    ackWaitMs,
  });
  const heard: string[] = [];
  publisher.onInvalidate((name) => heard.push(`invalidate ${name}`));
  publisher.onRevoke((revocation: Revocation) => heard.push(`revoke ${JSON.stringify(revocation)}`));
  return { publisher, heard };
}

/** A server listening under the publishers' name whose acknowledgements the test sends when it chooses. */
async function handDrivenServer(id: string) {
  const client = new pg.Client({ connectionString: url, application_name: `storefront-events:${id}` });
  client.on('error', onlyShutdown);
  await client.connect();
  await client.query(`LISTEN ${CHANNEL}`);
  const received: { k: string; from?: string; n?: number }[] = [];
  let wake = () => {};
  client.on('notification', (notification) => {
    received.push(JSON.parse(notification.payload ?? '{}') as { k: string });
    wake();
  });
  return {
    received,
    async next(kind: string) {
      for (;;) {
        const found = received.find((m) => m.k === kind);
        if (found) return found;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    ack: (message: { from?: string; n?: number }) =>
      client.query('select pg_notify($1, $2)', [
        CHANNEL,
        JSON.stringify({ k: 'ack', to: message.from, n: message.n, by: id }),
      ]),
    end: () => client.end(),
  };
}

/** Whether `promise` has settled after the I/O and timers already queued have run (no waiting on the clock). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('a change made on one server', () => {
  it('answers only after every listening server applied it, the slow one included', async () => {
    const a = server();
    const b = server();
    await a.publisher.start();
    await b.publisher.start();
    const slow = await handDrivenServer('slow-server');
    try {
      const change = a.publisher.invalidate('catalog');
      const message = await slow.next('invalidate');
      // B applied it (its own listener), but the slow server has not said so: the change is still waiting.
      expect(await settled(change)).toBe(false);
      await slow.ack(message);
      await change;
      expect(b.heard).toContain('invalidate catalog');
      expect(warnings).toEqual([]);

      // An ended access travels the same way, and B closes what it must before A answers.
      const revoke = a.publisher.revoke({ sessionIds: ['session-1'] });
      const revocation = await slow.next('revoke');
      expect(await settled(revoke)).toBe(false);
      await slow.ack(revocation);
      await revoke;
      expect(b.heard).toContain('revoke {"sessionIds":["session-1"]}');
    } finally {
      await slow.end();
      await a.publisher.stop();
      await b.publisher.stop();
    }
  });

  it('answers after a bounded wait, with a warning naming the server, when one never acknowledges', async () => {
    const a = server(300);
    await a.publisher.start();
    const stalled = await handDrivenServer('stalled-server');
    try {
      await a.publisher.invalidate('restaurant');
      expect(stalled.received.some((m) => m.k === 'invalidate')).toBe(true);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.message).toMatch(/^degraded: /);
      expect(warnings[0]?.object).toMatchObject({ missing: ['stalled-server'], change: 'restaurant' });
    } finally {
      await stalled.end();
      await a.publisher.stop();
    }
  });
});
