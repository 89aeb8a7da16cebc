import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import { HOME_BANNER_PICTURE } from '../../../src/shared/page-pictures.ts';
import { useTestApp } from '../../support/fixtures.ts';

/**
 * The built SPA as the server sends it: precompressed copies when the browser takes them,
 * and per-page preload hints from the build's list (vite.config.ts writes both).
 */
const script = `export const answer = ${'42 + '.repeat(400)}0;\n`;

/** The app serving a built client made for the test (a bundle with compressed copies and a page list). */
const test = useTestApp().extend('app', { scope: 'file' }, async ({ t }, { onCleanup }) => {
  const distDir = mkdtempSync(join(tmpdir(), 'storefront-dist-'));
  const clientDir = join(distDir, 'client');
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>t</title><div id="root"></div>');
  writeFileSync(join(clientDir, 'assets', 'home-abc.js'), script);
  writeFileSync(join(clientDir, 'assets', 'home-abc.js.br'), brotliCompressSync(script));
  writeFileSync(join(clientDir, 'assets', 'home-abc.js.gz'), gzipSync(script));
  writeFileSync(
    join(distDir, 'route-preloads.json'),
    JSON.stringify({
      'app/routes/home.tsx': ['/assets/home-abc.js'],
      'app/routes/products.tsx': ['/assets/products-def.js'],
      'app/routes/product-detail.tsx': ['/assets/detail-ghi.js', '<bad> url'],
    }),
  );
  const app = await buildApp({
    config: { ...t.config, clientDir },
    database: t.database,
    logger: false,
    announce: () => {},
  });
  await app.ready();
  onCleanup(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });
  return app;
});

describe('the built client', () => {
  test('sends the brotli or gzip copy the browser accepts, and the plain file otherwise', async ({ app }) => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/home-abc.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');

    const gz = await app.inject({ method: 'GET', url: '/assets/home-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await app.inject({
      method: 'GET',
      url: '/assets/home-abc.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  test('answers / with index.html and the home page hints, whatever the encoding', async ({ app }) => {
    for (const encoding of ['identity', 'br']) {
      const page = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': encoding } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.link).toContain(`<${HOME_BANNER_PICTURE}>; rel=preload; as=image; fetchpriority=high`);
      expect(page.headers.link).toContain('</assets/home-abc.js>; rel=modulepreload; crossorigin');
    }
  });

  test("names a page's first data read, only for a dish id the API can answer", async ({ app }) => {
    const menu = await app.inject({ method: 'GET', url: '/products' });
    expect(menu.headers.link).toContain(
      '</api/v1/allProductsData?category=All+Category>; rel=preload; as=fetch; crossorigin',
    );
    expect(menu.headers.link).toContain('</assets/products-def.js>; rel=modulepreload');

    const dish = await app.inject({ method: 'GET', url: '/products/3?from=menu' });
    expect(dish.statusCode).toBe(200);
    expect(dish.headers.link).toContain('</api/v1/allProductsData/3>; rel=preload; as=fetch; crossorigin');
    expect(dish.headers.link).toContain('</assets/detail-ghi.js>; rel=modulepreload');
    expect(dish.headers.link).not.toContain('bad');

    // Not a dish: the page answers 404 (pages.test.ts) and announces nothing to fetch.
    const unknown = await app.inject({ method: 'GET', url: '/products/not-a-dish' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers.link).toBeUndefined();

    const other = await app.inject({ method: 'GET', url: '/signIn' });
    expect(other.statusCode).toBe(200);
    expect(other.headers.link).toBeUndefined();
  });
});
