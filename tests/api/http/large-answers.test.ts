import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { prepareDatabase } from '../../../src/server/start.ts';
import type { Database } from '../../../src/server/db/database.ts';
import { type TestDatabaseHandle, createTestDatabase } from '../../support/test-database.ts';

/**
 * Large answers over a real socket, compressed: a handler that sends once its data is read and
 * returns a promise must wait for the reply itself, or Fastify sends its "nothing" over an
 * answer still being compressed (over @fastify/compress's 8 KB in-one-go limit): the guest got
 * a 200 with an empty body on the first search for a common letter.
 */
describe('large answers, read for the first time, compressed', () => {
  let handle: TestDatabaseHandle;
  let database: Database;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    handle = await createTestDatabase();
    database = await prepareDatabase(handle.config, { images: false });
    app = await buildApp({ config: handle.config, database, logger: false, announce: () => {} });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    await handle.cleanup();
  });

  it.each(['gzip', 'br', 'deflate'])('a search whose answer is over 8 KB comes whole in %s', async (encoding) => {
    // A text of its own, asked compressed first: the search's cache would answer a repeat at once.
    const text = { gzip: 'c', br: 's', deflate: 't' }[encoding] as string;
    const response = await fetch(`${base}/api/v1/allProductsData/searchData?searchText=${text}`, {
      headers: { 'accept-encoding': encoding },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    // fetch undoes the encoding: the whole list, as the plain answer has it.
    const body = await response.text();
    const plain = await fetch(`${base}/api/v1/allProductsData/searchData?searchText=${text}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    const plainBody = await plain.text();
    expect(plainBody.length).toBeGreaterThan(8 * 1024);
    expect(JSON.parse(body)).toEqual(JSON.parse(plainBody));
  });

  it('the whole menu, read for the first time, comes whole', async () => {
    const response = await fetch(`${base}/api/v1/allProductsData`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    const dishes = (JSON.parse(await response.text()) as { data: unknown[] }).data;
    expect(dishes.length).toBeGreaterThan(20);
  });
});
