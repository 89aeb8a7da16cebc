import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListeningServer, listeningServer } from '../../support/listening.ts';

/**
 * Large answers over a real socket, compressed: a handler that sends once its data is read and
 * returns a promise must wait for the reply itself, or Fastify sends its "nothing" over an
 * answer still being compressed (over @fastify/compress's 8 KB in-one-go limit): the guest got
 * a 200 with an empty body on the first search for a common letter.
 */
describe('large answers, read for the first time, compressed', () => {
  let server: ListeningServer;
  let base: string;

  beforeAll(async () => {
    server = await listeningServer();
    base = server.base;
  });

  afterAll(() => server.close());

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
