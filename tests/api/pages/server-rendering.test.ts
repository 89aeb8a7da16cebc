import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { bearer } from '../../support/factories.ts';
import { useBuiltPagesWorld } from '../../support/pages-world.ts';

/**
 * The public pages come from the server with their content and the data it was made from
 * (issue 16), fetched here as a crawler or a browser without JavaScript gets them: the built
 * client and the built renderer (`npm run build`), a real database, no browser. Hydration in
 * a browser is tests/e2e/guest/server-rendering.test.ts.
 */

const test = useBuiltPagesWorld({ email: 'ssr-owner@example.com', password: 'ssr-owner-password' });

/** What is inside <div id="root">, as the HTML arrives (before any script could run). */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="page-data">');
  expect(start, 'the page has its root').toBeGreaterThan(0);
  expect(end, 'the page has its data after the root').toBeGreaterThan(start);
  // No half page is painted and then moved by the rest: the head holds the first paint until the data after the root is parsed.
  expect(html.slice(0, start)).toContain('<link rel="expect" href="#page-data" blocking="render" />');
  return html.slice(start, end);
}

/** The page's embedded data: the reads it was rendered from, by query key. */
function pageData(html: string): Map<string, { status: string; data?: unknown }> {
  const json = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json).toBeDefined();
  const { queries } = JSON.parse(json as string) as {
    queries: { queryKey: unknown[]; state: { status: string; data?: unknown } }[];
  };
  return new Map(queries.map((query) => [JSON.stringify(query.queryKey), query.state]));
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

describe('public pages rendered on the server', () => {
  test('run one inline script, the page starter, which the content security policy allows by its hash and which loads the app after the first paint', async ({
    app,
  }) => {
    for (const url of ['/', '/products', '/about']) {
      const res = await app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      // Every script element that a browser would run: no src, and not a data block.
      const inline = [
        ...res.body.matchAll(
          /<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:json|ld\+json)")([^>]*)>([\s\S]*?)<\/script>/g,
        ),
      ];
      expect(inline, url).toHaveLength(1);
      const [, attributes, body] = inline[0] as RegExpMatchArray;
      expect(attributes).toMatch(/data-entry="\/assets\/index-[\w-]+\.js"/);
      expect(attributes).toMatch(/data-preload="[^"]*\/assets\/public-[\w-]+\.js/);
      const hash = `'sha256-${createHash('sha256')
        .update(body as string, 'utf8')
        .digest('base64')}'`;
      expect(csp, url).toContain(`script-src 'self' ${hash}`);
      // The app's entry no longer sits in the head: the starter asks for it once the page has painted.
      expect(res.body).not.toMatch(/<script type="module"[^>]*src=/);
    }
  });

  test("have the page starter load the page's own chunks alongside the entry, not after it has run (issue 47)", async ({
    app,
    dishes,
  }) => {
    const chunks = JSON.parse(readFileSync(resolve('dist/route-preloads.json'), 'utf8')) as Record<string, string[]>;
    const pages: [string, string][] = [
      ['/', 'app/routes/home.tsx'],
      ['/products', 'app/routes/products.tsx'],
      [`/products/${(dishes[0] as Product)._id}`, 'app/routes/product-detail.tsx'],
      ['/about', 'app/routes/about.tsx'],
      ['/reservations/new', 'app/routes/reserve.tsx'],
      ['/signIn', 'app/routes/sign-in.tsx'],
    ];
    for (const [url, module] of pages) {
      const own = chunks[module] ?? [];
      expect(own.length, `${module} has chunks of its own`).toBeGreaterThan(0);
      const preload =
        /data-preload="([^"]*)"/.exec((await app.inject({ method: 'GET', url })).body)?.[1]?.split(' ') ?? [];
      expect(preload, url).toEqual(expect.arrayContaining(own));
    }
  });

  test('/ shows the banner, Our Categories and the dishes of the first tab, with their data', async ({
    app,
    dishes,
  }) => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const root = text(rootOf(res.body));
    expect(root).toContain('Our Categories');
    expect(root).toContain(TEXT.login);
    const shown = dishes.filter((dish) => root.includes(dish.name));
    expect(shown.length).toBeGreaterThan(0);
    // Signed-in parts are the browser's: the server never reads a session for a page.
    expect([...pageData(res.body).keys()].some((key) => key.includes('"auth"'))).toBe(false);
  });

  test('/products lists every dish with its price, and the menu read it came from', async ({ app, dishes }) => {
    const res = await app.inject({ method: 'GET', url: '/products' });
    const root = text(rootOf(res.body));
    expect(root).toContain('Our menu');
    expect(root).toContain(`${dishes.length} dishes, cooked fresh every day.`);
    for (const dish of dishes) {
      expect(root).toContain(dish.name);
      expect(root).toContain(`$${dish.price.toFixed(2)}`);
    }
    expect(pageData(res.body).get(JSON.stringify(['catalog', 'products', { category: 'All Category' }]))?.status).toBe(
      'success',
    );
    // The data came with the page: the Link header no longer tells the browser to fetch it.
    expect(String(res.headers.link ?? '')).not.toContain('/api/v1/allProductsData');
  });

  test('/products?category= shows that category only', async ({ app, dishes }) => {
    const category = (dishes[0] as Product).category;
    const root = text(
      rootOf((await app.inject({ method: 'GET', url: `/products?category=${encodeURIComponent(category)}` })).body),
    );
    for (const dish of dishes.filter((d) => d.category === category)) expect(root).toContain(dish.name);
    const others = dishes.filter((d) => d.category !== category);
    expect(others.filter((dish) => root.includes(dish.name)).length).toBeLessThan(others.length);
  });

  test('a dish page shows its name, price, description and the others of its category', async ({ app, dishes }) => {
    const dish = dishes[1] as Product;
    const res = await app.inject({ method: 'GET', url: `/products/${dish._id}` });
    expect(res.statusCode).toBe(200);
    const root = text(rootOf(res.body));
    expect(root).toContain(dish.name);
    expect(root).toContain(`$${dish.price.toFixed(2)}`);
    if (dish.description) expect(root).toContain(dish.description.slice(0, 40));
    const sibling = dishes.find((other) => other.category === dish.category && other._id !== dish._id);
    if (sibling) expect(root).toContain(sibling.name);
    expect(pageData(res.body).get(JSON.stringify(['catalog', 'product', dish._id]))?.status).toBe('success');
  });

  test('/about shows the restaurant, its address, phone and week of opening hours', async ({ app }) => {
    const res = await app.inject({ method: 'GET', url: '/about' });
    const root = text(rootOf(res.body));
    expect(root).toContain('Visit Saffron Table');
    expect(root).toMatch(/Monday .*Tuesday .*Sunday/);
    expect(root).toContain('Open in a map');
    expect(rootOf(res.body)).toContain('href="tel:');
  });

  test('the search page shows the results of its ?q=, also as a form sent without JavaScript', async ({
    app,
    dishes,
  }) => {
    const dish = dishes[0] as Product;
    const word = dish.name.split(' ')[0] as string;
    const res = await app.inject({ method: 'GET', url: `/home/search-page-items?q=${encodeURIComponent(word)}` });
    const html = rootOf(res.body);
    expect(text(html)).toContain(`Results for ${word}`);
    expect(text(html)).toContain(dish.name);
    // The header's search form is a plain GET form to this page: it works before (and without) the script.
    expect(html).toMatch(/<form role="search"[^>]*action="\/home\/search-page-items" method="get"/);
    expect(html).toMatch(/<input type="search"[^>]*name="q"/);
    const none = text(rootOf((await app.inject({ method: 'GET', url: '/home/search-page-items?q=zzzzqqqq' })).body));
    expect(none).toContain(TEXT.searchNotFound);
  });

  test('/reservations/new shows the booking page; the free times are read by the browser (they change by the minute)', async ({
    app,
  }) => {
    const res = await app.inject({ method: 'GET', url: '/reservations/new' });
    const root = text(rootOf(res.body));
    expect(root).toContain('Book a table');
    expect(root).toContain('12 Lake Road');
    expect([...pageData(res.body).keys()].some((key) => key.includes('availability'))).toBe(false);
  });

  test('a dish that is not on the menu answers 404 with the not-found page rendered', async ({ app }) => {
    for (const url of ['/products/999999', '/products/abc']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(text(rootOf(res.body)), url).toContain(TEXT.notFound);
    }
  });

  test('a kept page goes out unchanged (same ETag, 304 when the browser has it) until a price change renders it again', async ({
    app,
    dishes,
    admin,
  }) => {
    const dish = dishes[4] as Product;
    const url = `/products/${dish._id}`;
    const first = await app.inject({ method: 'GET', url });
    const again = await app.inject({ method: 'GET', url });
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body).toBe(first.body);
    expect(
      (await app.inject({ method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } })).statusCode,
    ).toBe(304);
    const brotli = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');

    const price = dish.price + 11;
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/v1/allProductsData/${dish._id}`,
          headers: bearer(admin),
          payload: { price },
        })
      ).statusCode,
    ).toBe(200);
    const after = await app.inject({ method: 'GET', url });
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(text(rootOf(after.body))).toContain(`$${price.toFixed(2)}`);
    expect(text(rootOf(after.body))).not.toContain(`$${dish.price.toFixed(2)}`);
    expect((pageData(after.body).get(JSON.stringify(['catalog', 'product', dish._id]))?.data as Product).price).toBe(
      price,
    );
    // A parameter no page reads (a campaign tag) is the same page, not another copy.
    const tagged = await app.inject({ method: 'GET', url: `${url}?utm_source=newsletter` });
    expect(tagged.headers.etag).toBe(after.headers.etag);
    // The menu page too: every page made from the menu is made again.
    expect(text(rootOf((await app.inject({ method: 'GET', url: '/products' })).body))).toContain(
      `$${price.toFixed(2)}`,
    );
  });

  test('the private pages keep the plain shell, rendered by the browser', async ({ app }) => {
    // /signIn left this list in issue 36: its form is rendered, to type in before the code loads (below).
    for (const url of ['/dashboard', '/checkout']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain('id="page-data"');
    }
  });

  test('sign-in and sign-up arrive with their forms, to type in before the code has loaded (issue 36)', async ({
    app,
  }) => {
    for (const [url, title, fields] of [
      ['/signIn', 'Sign in | ', ['email', 'password']],
      ['/signUp', 'Create an account | ', ['name', 'email', 'password']],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('id="page-data"');
      expect(res.body, url).toContain(`<title>${title}`);
      const root = rootOf(res.body);
      for (const field of fields) expect(root, `${url} ${field}`).toMatch(new RegExp(`<input[^>]*name="${field}"`));
      // No action: the page starter holds a submit pressed before the code runs, and the app sends it.
      expect(root, url).toMatch(/<form(?![^>]*\baction=)[^>]*>/);
    }
  });
});
