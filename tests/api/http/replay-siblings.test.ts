import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/database.ts';
import { bearer, createAdmin } from '../../support/factories.ts';
import { type ListeningServer, headersOf, listeningServer } from '../../support/listening.ts';

/**
 * A search for other words, made by the replay cache without Fastify once one search of the
 * same branch, language and encoding is kept (replay-cache.ts Siblings, decision 071): the same
 * status, headers and bytes as Fastify answers, the same refusals (Fastify answers them), and
 * nothing of an older menu.
 */

const SEARCH = '/api/v1/allProductsData/searchData/';

describe('searches made by the replay cache', () => {
  let server: ListeningServer;
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  /** Requests that reached Fastify, by URL. */
  const reachedFastify: string[] = [];
  const reached = (url: string) => reachedFastify.filter((r) => r === `GET ${url}`).length;

  beforeAll(async () => {
    server = await listeningServer({
      before: (built) =>
        built.addHook('onRequest', (request, _reply, done) => {
          reachedFastify.push(`${request.method} ${request.url}`);
          done();
        }),
    });
    ({ app, database, base } = server);
  });

  afterAll(() => server.close());

  /** The same URL answered by Fastify: a revalidation with an ETag no answer has is never replayed, and answers 200. */
  const byFastify = (url: string, headers: Record<string, string>) =>
    fetch(`${base}${url}`, { headers: { ...headers, 'if-none-match': 'W/"none"' } });

  const cases: { name: string; headers: Record<string, string>; words: string[]; lang?: string }[] = [
    { name: 'brotli, a long answer and a short one', headers: { 'accept-encoding': 'br' }, words: ['chiken', 'burgr'] },
    { name: 'gzip', headers: { 'accept-encoding': 'gzip' }, words: ['pizza', 'chicken'] },
    { name: 'no compression', headers: { 'accept-encoding': 'identity' }, words: ['chickn', 'nothing-like-it'] },
    { name: 'Bangla by ?lang=', headers: { 'accept-encoding': 'br' }, words: ['চিকেন', 'বার্গার'], lang: 'bn' },
    { name: 'Bangla by cookie', headers: { cookie: 'lang=bn', 'accept-encoding': 'gzip' }, words: ['চিকন', 'burger'] },
  ];

  for (const { name, headers, words, lang } of cases) {
    it(`answers another search as Fastify does (${name})`, async () => {
      const url = (text: string) => `${SEARCH}?searchText=${encodeURIComponent(text)}${lang ? `&lang=${lang}` : ''}`;
      const [kept, ...others] = [`first ${name}`, ...words].map(url);
      const first = await fetch(`${base}${kept}`, { headers });
      expect(first.status).toBe(200);
      await first.arrayBuffer();
      for (const other of others as string[]) {
        const made = await fetch(`${base}${other}`, { headers });
        const madeBody = await made.text();
        expect(reached(other as string), other).toBe(0);
        const answered = await byFastify(other as string, headers);
        expect(reached(other as string)).toBe(1);
        expect([made.status, answered.status]).toEqual([200, 200]);
        expect(headersOf(made)).toEqual(headersOf(answered));
        expect(madeBody).toBe(await answered.text());
        // Kept too: asked again, sent again.
        await (await fetch(`${base}${other}`, { headers })).arrayBuffer();
        expect(reached(other as string)).toBe(1);
      }
    });
  }

  it('finds dishes by their words and by a typo, in each language', async () => {
    const names = async (url: string) =>
      ((await (await fetch(`${base}${url}`)).json()) as { data: { name: string }[] }).data.map((d) => d.name);
    await names(`${SEARCH}?searchText=seed`);
    expect(await names(`${SEARCH}?searchText=crispy%20chiken`)).toContain('Crispy Chicken Burger');
    expect(reached(`${SEARCH}?searchText=crispy%20chiken`)).toBe(0);
    await names(`${SEARCH}?searchText=seed&lang=bn`);
    expect(await names(`${SEARCH}?searchText=${encodeURIComponent('ক্রিস্পি')}&lang=bn`)).toContain(
      'ক্রিস্পি চিকেন বার্গার',
    );
  });

  it('leaves what the search refuses, and a URL that differs in more than the words, to Fastify', async () => {
    await (await fetch(`${base}${SEARCH}?searchText=kept`)).arrayBuffer();
    const refused = [`${SEARCH}?searchText=%20%20`, `${SEARCH}?searchText=${'x'.repeat(500)}`];
    for (const url of refused) {
      const answer = await fetch(`${base}${url}`);
      expect(answer.status, url).toBe(400);
      expect(((await answer.json()) as { success: boolean }).success).toBe(false);
      expect(reached(url)).toBe(1);
    }
    for (const url of [
      `${SEARCH}?searchText=a&searchText=b`,
      `${SEARCH}?searchText=rice&other=1`,
      `${SEARCH}?searchText=rice&branch=main`,
    ]) {
      await (await fetch(`${base}${url}`)).arrayBuffer();
      expect(reached(url), url).toBe(1);
    }
    // Another branch's cookie is another family: its first search goes to Fastify.
    const atBranch = `${SEARCH}?searchText=rice`;
    await (await fetch(`${base}${atBranch}`, { headers: { cookie: 'branch=elsewhere' } })).arrayBuffer();
    expect(reached(atBranch)).toBe(1);
  });

  it('makes nothing from before a menu change', async () => {
    const owner = await createAdmin(app, database);
    await (await fetch(`${base}${SEARCH}?searchText=before`)).arrayBuffer();
    const dish = ((await (await fetch(`${base}/api/v1/allProductsData/5`)).json()) as { data: { price: number } }).data;
    const changed = await fetch(`${base}/api/v1/allProductsData/5`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: base, ...bearer(owner) },
      body: JSON.stringify({ price: dish.price + 7 }),
    });
    expect(changed.status).toBe(200);
    const { name } = ((await (await fetch(`${base}/api/v1/allProductsData/5`)).json()) as { data: { name: string } })
      .data;
    const url = `${SEARCH}?searchText=${encodeURIComponent(name)}`;
    const found = (await (await fetch(`${base}${url}`)).json()) as { data: { name: string; price: number }[] };
    expect(reached(url)).toBe(1);
    expect(found.data.find((d) => d.name === name)?.price).toBe(dish.price + 7);
  });
});
