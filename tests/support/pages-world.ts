import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { useRecordsWorld } from './fixtures.ts';

/**
 * The app as the public pages' tests need it, shared by their files: the records world
 * (fixtures.ts) with a second app on its database that serves pages.
 */

export const PAGES_PUBLIC_URL = 'https://restaurant.example';

/** A stand-in for the build's index.html: the heads are tested, not the bodies. */
export const PAGES_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="generic" />
    <title>Saffron Table</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body>
</html>`;

/** Pages made from a stand-in shell in a temporary client folder, at PAGES_PUBLIC_URL (the heads' tests). */
export function useShellPagesWorld(administrator: { email: string; password: string }) {
  return useRecordsWorld(administrator).extend('app', { scope: 'file' }, async ({ t }, { onCleanup }) => {
    const clientDir = join(mkdtempSync(join(tmpdir(), 'storefront-pages-')), 'client');
    mkdirSync(clientDir, { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), PAGES_SHELL);
    const app = await buildApp({
      config: { ...t.config, clientDir, publicUrl: PAGES_PUBLIC_URL },
      database: t.database,
      logger: false,
      announce: () => {},
    });
    await app.ready();
    onCleanup(async () => {
      await app.close();
      rmSync(clientDir, { recursive: true, force: true });
    });
    return app;
  });
}

/** Pages rendered from the built client and renderer (`npm run build` first), as a crawler gets them. */
export function useBuiltPagesWorld(administrator: { email: string; password: string }) {
  return useRecordsWorld(administrator).extend('app', { scope: 'file' }, async ({ t }, { onCleanup }) => {
    if (!existsSync(resolve('dist/ssr/entry-server.js')))
      throw new Error('These tests read the built renderer: run `npm run build` first');
    const app = await buildApp({
      config: { ...t.config, clientDir: resolve('dist/client') },
      database: t.database,
      logger: false,
      announce: () => {},
    });
    await app.ready();
    onCleanup(() => app.close());
    return app;
  });
}

/** What is inside <div id="root">, as the HTML arrives (before any script could run). */
export function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="page-data">');
  expect(start, 'the page has its root').toBeGreaterThan(0);
  expect(end, 'the page has its data after the root').toBeGreaterThan(start);
  return html.slice(start, end);
}
