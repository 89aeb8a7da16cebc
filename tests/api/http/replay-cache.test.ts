import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { prepareDatabase } from '../../../src/server/start.ts';
import { type ReplayCache, createReplayCache, offerForReplay } from '../../../src/server/http/replay-cache.ts';
import type { Database } from '../../../src/server/db/database.ts';
import { bearer, createAdmin } from '../../support/factories.ts';
import { type TestDatabaseHandle, createTestDatabase } from '../../support/test-database.ts';
import { headersOf, listen } from '../../support/listening.ts';

/**
 * The replay cache (src/server/http/replay-cache.ts, docs/decisions/017): the menu's public
 * answers are sent again before Fastify sees the request, byte for byte as Fastify sent them,
 * with one access line each; never a revalidation, a HEAD, a write, an answer with a cookie or
 * one made from data read before a change; emptied by a menu change.
 */

/** Every access line the server writes, parsed. */
function memoryLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

describe('the whole server', () => {
  let handle: TestDatabaseHandle;
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  const log = memoryLog();
  /** Requests that reached Fastify, by URL. */
  const reachedFastify: string[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase();
    database = await prepareDatabase(handle.config, { images: false });
    app = await buildApp({ config: handle.config, database, logger: log.logger, announce: () => {} });
    app.addHook('onRequest', (request, _reply, done) => {
      reachedFastify.push(`${request.method} ${request.url}`);
      done();
    });
    base = await listen(app);
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    await handle.cleanup();
  });

  const reached = (what: string) => reachedFastify.filter((r) => r === what).length;

  it('sends a dish again without Fastify: the same status, headers and bytes, with its own access line', async () => {
    const url = '/api/v1/allProductsData/2';
    const first = await fetch(`${base}${url}`);
    const firstBody = await first.text();
    const second = await fetch(`${base}${url}`);
    const third = await fetch(`${base}${url}`);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(await second.text()).toBe(firstBody);
    expect(await third.text()).toBe(firstBody);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get('date')).toBeTruthy();
    expect(headersOf(first)['content-security-policy']).toContain("default-src 'none'");
    expect(reached(`GET ${url}`)).toBe(1);

    const lines = log.lines.filter((l) => (l.req as { url?: string } | undefined)?.url === url);
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(line).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', url, remoteAddress: '127.0.0.1' },
        res: { statusCode: 200 },
      });
      expect(typeof line.responseTime).toBe('number');
    }
    expect(new Set(lines.map((l) => l.reqId)).size).toBe(3);
  });

  it('keeps one copy per language: a dish in Bangla is never sent again to an English reader (decision 047)', async () => {
    const url = '/api/v1/allProductsData/4';
    const nameOf = async (headers: Record<string, string>) =>
      ((await (await fetch(`${base}${url}`, { headers })).json()) as { data: { name: string } }).data.name;
    for (const round of [1, 2]) {
      expect(await nameOf({ cookie: 'lang=bn' }), `round ${round}`).toBe('ক্রিস্পি চিকেন বার্গার');
      expect(await nameOf({ cookie: 'lang=en' }), `round ${round}`).toBe('Crispy Chicken Burger');
      expect(await nameOf({ 'accept-language': 'bn-BD,bn;q=0.9' }), `round ${round}`).toBe('ক্রিস্পি চিকেন বার্গার');
      expect(await nameOf({}), `round ${round}`).toBe('Crispy Chicken Burger');
    }
    // The second round was sent again without Fastify, each in its own language (the cookie's
    // Bangla and the browser's are one copy: the language asked for is the key).
    expect(reached(`GET ${url}`)).toBe(3);
  });

  it('keeps one copy per accepted encoding', async () => {
    const url = '/api/v1/allProductsData';
    const plain = await (await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'identity' } })).text();
    for (const round of [1, 2]) {
      const br = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'br' } });
      const gzip = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'gzip' } });
      const none = await fetch(`${base}${url}`, { headers: { 'accept-encoding': 'identity' } });
      expect(
        [
          br.headers.get('content-encoding'),
          gzip.headers.get('content-encoding'),
          none.headers.get('content-encoding'),
        ],
        `round ${round}`,
      ).toEqual(['br', 'gzip', null]);
      expect(br.headers.get('vary')).toBe('accept-encoding');
      // fetch decompresses what it reads: each copy holds the same menu.
      expect([await br.text(), await gzip.text(), await none.text()]).toEqual([plain, plain, plain]);
    }
    expect(reached(`GET ${url}`)).toBe(3);
  });

  it('leaves revalidations, HEAD and other methods to Fastify', async () => {
    const url = '/api/v1/categorys';
    const first = await fetch(`${base}${url}`);
    const etag = first.headers.get('etag') as string;
    await first.text();
    const revalidated = await fetch(`${base}${url}`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    const head = await fetch(`${base}${url}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(reached(`GET ${url}`)).toBe(2);
    expect(reached(`HEAD ${url}`)).toBe(1);
    expect((await fetch(`${base}${url}`)).status).toBe(200);
    expect(reached(`GET ${url}`)).toBe(2);
  });

  it('answers the new price right after a change, then sends that again', async () => {
    const owner = await createAdmin(app, database);
    const url = '/api/v1/allProductsData/3';
    const before = ((await (await fetch(`${base}${url}`)).json()) as { data: { price: number } }).data.price;
    await (await fetch(`${base}${url}`)).text();
    expect(reached(`GET ${url}`)).toBe(1);
    const changed = await fetch(`${base}${url}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: base, ...bearer(owner) },
      body: JSON.stringify({ price: before + 5 }),
    });
    expect(changed.status).toBe(200);
    for (let i = 0; i < 2; i += 1)
      expect(((await (await fetch(`${base}${url}`)).json()) as { data: { price: number } }).data.price).toBe(
        before + 5,
      );
    expect(reached(`GET ${url}`)).toBe(2);
  });

  it('does not send a page or dish that is not there again, nor answer a missing dish from the cache', async () => {
    const url = '/api/v1/allProductsData/999999';
    expect((await fetch(`${base}${url}`)).status).toBe(404);
    expect((await fetch(`${base}${url}`)).status).toBe(404);
    expect(reached(`GET ${url}`)).toBe(2);
  });
});

describe('the cache on its own', () => {
  let app: FastifyInstance;
  let base: string;
  let replay: ReplayCache;
  let handled = 0;
  /** The version of what the answers show: a change makes it grow. */
  let menuVersion = 0;
  const lines: { reqId: string; req: { ip?: string; url: string } }[] = [];
  let gate: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    let next = 0;
    // Behind one proxy (TRUST_PROXY=1): the client is the address the proxy adds.
    replay = createReplayCache({
      maxEntries: 2,
      ttlMs: 60_000,
      nextId: () => String(next++),
      version: () => menuVersion,
      trust: (_address, hop) => hop < 1,
      accessLog: (line) => void lines.push(line),
    });
    app = Fastify({ serverFactory: replay.serverFactory });
    app.addHook('onResponse', (request, reply, done) => {
      replay.capture(request, reply);
      done();
    });
    app.get('/slow', async (request, reply) => {
      handled += 1;
      await gate;
      offerForReplay(request, 'slow');
      return reply.type('text/plain').send('slow');
    });
    app.get('/cookie', async (request, reply) => {
      handled += 1;
      offerForReplay(request, 'cookie');
      return reply.header('set-cookie', 'a=1').type('text/plain').send('cookie');
    });
    app.get('/plain/:n', async (request, reply) => {
      handled += 1;
      const body = `plain ${(request.params as { n: string }).n}`;
      offerForReplay(request, body);
      return reply.type('text/plain').send(body);
    });
    app.get('/unoffered', async () => {
      handled += 1;
      return 'unoffered';
    });
    base = await listen(app);
  });

  afterAll(() => app.close());

  const count = async (path: string, times: number) => {
    const before = handled;
    for (let i = 0; i < times; i += 1) expect((await fetch(`${base}${path}`)).status).toBeLessThan(300);
    return handled - before;
  };

  it('keeps only what a route offers, never an answer that sets a cookie', async () => {
    expect(await count('/unoffered', 3)).toBe(3);
    expect(await count('/cookie', 3)).toBe(3);
    expect(await count('/plain/1', 3)).toBe(1);
  });

  it('logs the client a trusted proxy names', async () => {
    for (let i = 0; i < 2; i += 1)
      await (
        await fetch(`${base}/plain/proxied`, { headers: { 'x-forwarded-for': '198.51.100.4, 203.0.113.9' } })
      ).text();
    expect(lines.filter((l) => l.req.url === '/plain/proxied').map((l) => l.req.ip)).toEqual(['203.0.113.9']);
  });

  it('does not keep an answer made before a change that came while it was being made', async () => {
    let open = () => {};
    gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const before = handled;
    const pending = fetch(`${base}/slow`).then((r) => r.text());
    while (handled === before) await new Promise((resolve) => setTimeout(resolve, 5));
    menuVersion += 1;
    open();
    expect(await pending).toBe('slow');
    expect(await count('/slow', 3)).toBe(1);
  });

  it('sends nothing kept from before a change', async () => {
    expect(await count('/plain/before', 2)).toBe(1);
    menuVersion += 1;
    expect(await count('/plain/before', 3)).toBe(1);
  });

  it('keeps at most maxEntries, the oldest going first, and stops when the server closes', async () => {
    expect(await count('/plain/a', 2)).toBe(1);
    expect(await count('/plain/b', 2)).toBe(1);
    expect(await count('/plain/c', 2)).toBe(1);
    expect(replay.size).toBe(2);
    expect(await count('/plain/a', 1)).toBe(1);
    replay.close();
    expect(replay.size).toBe(0);
    expect(await count('/plain/b', 2)).toBe(2);
  });
});
