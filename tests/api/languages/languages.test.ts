import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { messageIn } from '../../../src/shared/contract/errors.ts';
import { saidIn } from '../../../src/shared/i18n/said.ts';
import { loadLanguage } from '../../../src/shared/i18n/i18n.ts';
import { bearer } from '../../support/factories.ts';
import { useRecordsWorld } from '../../support/fixtures.ts';

/**
 * Bangla and English on the server (docs/reference/service.md, decision 045): the public pages rendered in the
 * request's language with `<html lang>` and `hreflang` alternates, the sitemap listing both,
 * the restaurant's `language` setting, and error answers in the requester's language. The built
 * client and renderer (`npm run build`), a real database.
 */

const CLIENT_DIR = resolve('dist/client');
const PUBLIC_URL = 'http://localhost:3000';

const test = useRecordsWorld({ email: 'lang-owner@example.com', password: 'lang-owner-password' }).extend(
  'app',
  { scope: 'file' },
  async ({ t }, { onCleanup }) => {
    if (!existsSync(resolve('dist/ssr/entry-server.js')))
      throw new Error('These tests read the built renderer: run `npm run build` first');
    const app = await buildApp({
      config: { ...t.config, clientDir: CLIENT_DIR, publicUrl: PUBLIC_URL },
      database: t.database,
      logger: false,
      announce: () => {},
    });
    await app.ready();
    onCleanup(() => app.close());
    return app;
  },
);

const htmlLang = (html: string) => /<html[^>]*\blang="([^"]*)"/.exec(html)?.[1];
const alternates = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)" \/>/g)].map((match) => [
      match[1],
      match[2],
    ]),
  );
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

describe('public pages in a language', () => {
  test('English by default, Bangla at ?lang=bn: <html lang>, the texts, the alternates, the canonical address and the cookie', async ({
    app,
  }) => {
    const english = await app.inject({ method: 'GET', url: '/products' });
    expect(english.statusCode).toBe(200);
    expect(htmlLang(english.body)).toBe('en');
    expect(english.body).toContain('Book a table');
    expect(english.body).toContain('বাংলা');
    expect(alternates(english.body)).toEqual({
      en: `${PUBLIC_URL}/products?lang=en`,
      bn: `${PUBLIC_URL}/products?lang=bn`,
      'x-default': `${PUBLIC_URL}/products`,
    });
    expect(canonical(english.body)).toBe(`${PUBLIC_URL}/products`);

    const bangla = await app.inject({ method: 'GET', url: '/products?lang=bn' });
    expect(bangla.statusCode).toBe(200);
    expect(htmlLang(bangla.body)).toBe('bn');
    expect(bangla.body).toContain('টেবিল বুক করুন');
    expect(bangla.body).not.toContain('>Book a table<');
    expect(alternates(bangla.body)).toEqual(alternates(english.body));
    expect(canonical(bangla.body)).toBe(`${PUBLIC_URL}/products?lang=bn`);
    expect(String(bangla.headers['set-cookie'])).toMatch(/^lang=bn; Path=\//);
  });

  test('the cookie, then a browser asking for Bangla first, then the restaurant`s language decide', async ({
    app,
    admin,
  }) => {
    const page = async (headers: Record<string, string>, url = '/') =>
      htmlLang((await app.inject({ method: 'GET', url, headers })).body);
    expect(await page({ cookie: 'lang=bn' })).toBe('bn');
    expect(await page({ 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.5' })).toBe('bn');
    expect(await page({ 'accept-language': 'en-US,en;q=0.9,bn;q=0.8' })).toBe('en');
    // A page the browser renders (not public) speaks it too.
    expect(await page({ cookie: 'lang=bn' }, '/checkout')).toBe('bn');

    const refused = await app.inject({
      method: 'PATCH',
      url: '/api/v1/restaurant',
      headers: bearer(admin),
      payload: { language: 'fr' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe('language: must be one of en, bn');
    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/v1/restaurant',
      headers: bearer(admin),
      payload: { language: 'bn' },
    });
    expect(changed.statusCode).toBe(200);
    try {
      expect(
        (await app.inject({ method: 'GET', url: '/api/v1/restaurant' })).json<{
          data: { language: string; latinDigits: boolean };
        }>().data,
      ).toMatchObject({ language: 'bn', latinDigits: false });
      expect(await page({ 'accept-language': 'en-US,en;q=0.9' })).toBe('bn');
      expect(await page({ cookie: 'lang=en', 'accept-language': 'bn' })).toBe('en');
      expect(await page({}, '/about?lang=en')).toBe('en');
      // The restaurant's default is the plain address: canonical there, ?lang=en elsewhere.
      expect(canonical((await app.inject({ method: 'GET', url: '/about' })).body)).toBe(`${PUBLIC_URL}/about`);
      expect(canonical((await app.inject({ method: 'GET', url: '/about?lang=en' })).body)).toBe(
        `${PUBLIC_URL}/about?lang=en`,
      );
    } finally {
      await app.inject({
        method: 'PATCH',
        url: '/api/v1/restaurant',
        headers: bearer(admin),
        payload: { language: 'en' },
      });
    }
  });

  test('the sitemap lists every page and dish in both languages, each naming the others', async ({ app, dishes }) => {
    const sitemap = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    const dish = `${PUBLIC_URL}/products/${dishes[0]?._id}`;
    for (const url of [
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/products`,
      `${PUBLIC_URL}/about`,
      `${PUBLIC_URL}/reservations/new`,
      dish,
    ]) {
      expect(locs).toEqual(expect.arrayContaining([url, `${url}?lang=en`, `${url}?lang=bn`]));
    }
    const entry = sitemap.split('\n').find((line) => line.includes(`<loc>${dish}?lang=bn</loc>`));
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${dish}?lang=en"/>`);
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${dish}"/>`);
  });
});

describe("error answers in the requester's language", () => {
  test('a refusal reads in Bangla for a guest who chose it, in English otherwise', async ({ app }) => {
    const missing = async (headers: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: '/api/v1/allProductsData/999999', headers })).json<{ message: string }>()
        .message;
    expect(await missing({})).toBe('No dish with this id');
    expect(await missing({ cookie: 'lang=bn' })).toBe('এই আইডির কোনো খাবার নেই');
    expect(await missing({ 'accept-language': 'bn' })).toBe('এই আইডির কোনো খাবার নেই');
  });

  test('a message with values is written by its code, again with them', async () => {
    await loadLanguage('bn');
    const choose = { group: 'Salsa', dish: 'Pork Tamales' };
    expect(messageIn('choose', choose, 'bn')).toBe('Pork Tamales-এর জন্য Salsa বেছে নিন');
    expect(messageIn('soldOut', { names: 'Kacchi Biryani' }, 'bn')).toBe('বিক্রি শেষ: Kacchi Biryani');
    expect(messageIn('choose', choose, 'en')).toBe('Choose Salsa for Pork Tamales');
    // A text no code made is not read back into one.
    expect(saidIn('A message the catalogs do not have', 'bn')).toBeUndefined();
  });
});
