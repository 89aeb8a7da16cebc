import { executionAsyncId } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { useTestApp } from '../../support/fixtures.ts';

/**
 * The server-rendered pages name the owner's dishes in the page's language (decision 047): the
 * body, the title, the description and the JSON-LD of a dish's page and of the menu. The built
 * client and renderer (`npm run build`), a real database.
 */
const test = useTestApp().extend('app', { scope: 'file' }, async ({ t }, { onCleanup }) => {
  if (!existsSync(resolve('dist/ssr/entry-server.js')))
    throw new Error('These tests read the built renderer: run `npm run build` first');
  const app = await buildApp({
    config: { ...t.config, clientDir: resolve('dist/client'), publicUrl: 'http://localhost:3000' },
    database: t.database,
    logger: false,
    announce: () => {},
  });
  await app.ready();
  onCleanup(() => app.close());
  return app;
});

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
    .map((match) => match[1] ?? '')
    .join('\n');
/** The page without the data it was made from (which carries both languages' texts). */
const shown = (html: string) => html.replace(/<script type="application\/json" id="page-data">.*?<\/script>/s, '');
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

describe('pages in the page`s language', () => {
  test('a dish`s page and the menu name the dishes in Bangla at ?lang=bn, in English by default', async ({ app }) => {
    const menu = (await app.inject({ method: 'GET', url: '/api/v1/allProductsData' })).json<{ data: Product[] }>().data;
    const kacchi = menu.find((dish) => dish.name === 'Kacchi Biryani') as Product;

    const bangla = await app.inject({ method: 'GET', url: `/products/${kacchi._id}?lang=bn` });
    expect(bangla.statusCode).toBe(200);
    expect(title(bangla.body)).toContain('কাচ্চি বিরিয়ানি');
    expect(jsonLd(bangla.body)).toContain('"name":"কাচ্চি বিরিয়ানি"');
    expect(jsonLd(bangla.body)).toContain('পুরান ঢাকা');
    expect(bangla.body).toMatch(/<h1[^>]*>কাচ্চি বিরিয়ানি<\/h1>/);
    // The English name only in the page's data (`translations`, for hydration), never shown.
    expect(shown(bangla.body)).not.toContain('Kacchi Biryani');

    const english = await app.inject({ method: 'GET', url: `/products/${kacchi._id}` });
    expect(title(english.body)).toContain('Kacchi Biryani');
    expect(jsonLd(english.body)).toContain('"name":"Kacchi Biryani"');
    expect(shown(english.body)).not.toContain('কাচ্চি বিরিয়ানি');

    const menuBn = await app.inject({ method: 'GET', url: '/products?lang=bn' });
    expect(jsonLd(menuBn.body)).toContain('"name":"ফুচকা"');
    expect(menuBn.body).toContain('দেশি খাবার');
    expect(jsonLd((await app.inject({ method: 'GET', url: '/products?lang=en' })).body)).toContain('"name":"Fuchka"');
  });

  test('pages rendered at once each keep their language, and afterwards no async hook taxes the server', async ({
    app,
  }) => {
    const menu = (await app.inject({ method: 'GET', url: '/api/v1/allProductsData' })).json<{ data: Product[] }>().data;
    const dishes = menu.filter((dish) => dish.translations?.bn.name).slice(0, 6);
    expect(dishes.length).toBe(6);
    // Twelve renders at once, in both languages (each a menu version's first: rendered, not kept).
    const pages = await Promise.all(
      dishes.flatMap((dish) =>
        (['bn', 'en'] as const).map(async (lang) => ({
          lang,
          dish,
          html: (await app.inject({ method: 'GET', url: `/products/${dish._id}?lang=${lang}` })).body,
        })),
      ),
    );
    for (const { lang, dish, html } of pages)
      expect(title(html)).toContain(lang === 'bn' ? dish.translations?.bn.name : dish.name);
    // With no page rendering, no AsyncLocalStorage is on (React's edge build keeps none, and the
    // page's language storage is switched off): a promise's continuation then runs untracked.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await null;
    expect(executionAsyncId()).toBe(0);
  });
});
