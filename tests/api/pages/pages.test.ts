import { MAIN_BRANCH_ID } from '../../../src/server/db/branch.ts';
import { describe, expect } from 'vitest';
import { DEMO_SETTINGS } from '../../../src/server/db/seed/demo-restaurant.ts';
import { createCatalogService } from '../../../src/server/modules/catalog/catalog.service.ts';
import { createPagesService } from '../../../src/server/modules/pages/pages.service.ts';
import { createRestaurantService } from '../../../src/server/modules/restaurant/restaurant.service.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { bearer } from '../../support/factories.ts';
import { PAGES_PUBLIC_URL, PAGES_SHELL, useShellPagesWorld } from '../../support/pages-world.ts';

/**
 * The public pages describe themselves in the HTML the server sends, before any script runs
 * (issue 16): title, description, canonical URL from PUBLIC_URL, Open Graph and Twitter tags,
 * schema.org JSON-LD; a dish that is not on the menu answers 404; a price change shows in the
 * next page; /robots.txt and /sitemap.xml.
 */

const PUBLIC_URL = PAGES_PUBLIC_URL;
const SHELL = PAGES_SHELL;

const test = useShellPagesWorld({ email: 'pages-owner@example.com', password: 'pages-owner-password' });

function meta(html: string, key: string): string | undefined {
  return new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] as string) as Record<string, unknown>,
  );
}

describe('page heads', () => {
  test('the home page: its title, description, canonical URL, previews and the Restaurant with its menu', async ({
    app,
    dishes,
  }) => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Order food and book a table | Saffron Table</title>');
    expect(html).not.toContain('content="generic"');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/" />`);
    expect(meta(html, 'og:title')).toBe('Order food and book a table | Saffron Table');
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/`);
    expect(meta(html, 'twitter:card')).toBe('summary');
    // The shell stays whole: the app's script is still there, after the head.
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');

    const [restaurant] = jsonLd(html);
    expect(restaurant).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      name: 'Saffron Table',
      acceptsReservations: true,
      telephone: expect.any(String),
    });
    expect(restaurant?.address).toMatchObject({ '@type': 'PostalAddress', streetAddress: expect.any(String) });
    const hours = restaurant?.openingHoursSpecification as { dayOfWeek: string; opens: string; closes: string }[];
    expect(hours.length).toBeGreaterThanOrEqual(7);
    expect(hours[0]).toMatchObject({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: expect.stringMatching(/^https:\/\/schema\.org\/(Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)day$/),
    });
    const menu = restaurant?.hasMenu as {
      '@type': string;
      hasMenuSection: {
        '@type': string;
        name: string;
        hasMenuItem: { name: string; offers: { price: string; priceCurrency: string; availability: string } }[];
      }[];
    };
    expect(menu['@type']).toBe('Menu');
    const items = menu.hasMenuSection.flatMap((section) => section.hasMenuItem);
    expect(items.length).toBe(dishes.length);
    const first = dishes[0] as Product;
    expect(items.find((item) => item.name === first.name)?.offers).toEqual({
      '@type': 'Offer',
      price: first.price.toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    });
    expect(menu.hasMenuSection.every((section) => section['@type'] === 'MenuSection')).toBe(true);
    expect(restaurant?.servesCuisine).toEqual(expect.arrayContaining(['Mexcan Cuisine', 'Italian Cuisine']));
  });

  test('a dish: its name, price and largest picture for link previews, as a MenuItem with its offer', async ({
    app,
    dishes,
  }) => {
    const dish = dishes[2] as Product;
    const res = await app.inject({ method: 'GET', url: `/products/${dish._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<title>${dish.name} | Saffron Table</title>`);
    expect(meta(res.body, 'og:type')).toBe('product');
    expect(meta(res.body, 'og:title')).toBe(`${dish.name} | Saffron Table`);
    expect(meta(res.body, 'og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/images/`));
    expect(meta(res.body, 'product:price:amount')).toBe(dish.price.toFixed(2));
    expect(meta(res.body, 'product:price:currency')).toBe('USD');
    expect(meta(res.body, 'twitter:card')).toBe('summary_large_image');
    expect(meta(res.body, 'description')).toContain(dish.price.toFixed(2));
    expect(jsonLd(res.body)[0]).toMatchObject({
      '@type': 'MenuItem',
      name: dish.name,
      url: `${PUBLIC_URL}/products/${dish._id}`,
      offers: { price: dish.price.toFixed(2) },
    });
  });

  test('a dish that is not on the menu answers 404 with the app, which shows its not-found screen', async ({
    app,
    dishes,
    admin,
  }) => {
    for (const url of ['/products/999999', '/products/abc', '/products/0']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Dish not found | Saffron Table</title>');
      expect(res.body).toContain('<div id="root"></div>');
    }
    const gone = dishes[dishes.length - 1] as Product;
    expect((await app.inject({ method: 'GET', url: `/products/${gone._id}` })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/v1/allProductsData/${gone._id}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/products/${gone._id}` })).statusCode).toBe(404);
  });

  test('a price change shows in the next page', async ({ app, dishes, admin }) => {
    const dish = dishes[3] as Product;
    const before = await app.inject({ method: 'GET', url: `/products/${dish._id}` });
    expect(meta(before.body, 'product:price:amount')).toBe(dish.price.toFixed(2));
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/v1/allProductsData/${dish._id}`,
          headers: bearer(admin),
          payload: { price: dish.price + 7 },
        })
      ).statusCode,
    ).toBe(200);
    const after = await app.inject({ method: 'GET', url: `/products/${dish._id}` });
    expect(meta(after.body, 'product:price:amount')).toBe((dish.price + 7).toFixed(2));
    const menuItem = (
      jsonLd((await app.inject({ method: 'GET', url: '/products' })).body)[0]?.hasMenu as {
        hasMenuSection: { hasMenuItem: { name: string; offers: { price: string } }[] }[];
      }
    ).hasMenuSection
      .flatMap((section) => section.hasMenuItem)
      .find((item) => item.name === dish.name);
    expect(menuItem?.offers.price).toBe((dish.price + 7).toFixed(2));
  });

  test('the search page names its search; the private pages keep the plain shell', async ({ app }) => {
    const search = await app.inject({ method: 'GET', url: '/home/search-page-items?q=%3Cb%3Eburger' });
    expect(search.body).toContain('<title>Search: &lt;b&gt;burger | Saffron Table</title>');
    expect(search.body).not.toContain('<b>burger');
    expect(search.body).toContain(
      `<link rel="canonical" href="${PUBLIC_URL}/home/search-page-items?q=%3Cb%3Eburger" />`,
    );
    const dashboard = await app.inject({ method: 'GET', url: '/dashboard' });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.body).toBe(SHELL);
  });
});

describe('robots and sitemap', () => {
  test('robots.txt keeps crawlers out of the private pages and names the sitemap; the sitemap lists the pages and every dish', async ({
    app,
    dishes,
  }) => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Disallow: /dashboard');
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);

    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    const urls = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(urls).toEqual(
      expect.arrayContaining([
        `${PUBLIC_URL}/`,
        `${PUBLIC_URL}/products`,
        `${PUBLIC_URL}/about`,
        `${PUBLIC_URL}/reservations/new`,
      ]),
    );
    for (const dish of dishes.slice(0, 3)) expect(urls).toContain(`${PUBLIC_URL}/products/${dish._id}`);
  });
});

describe('a kept page', () => {
  test('is made again once five minutes have passed on the restaurant’s clock, not the machine’s', async ({ t }) => {
    // The real menu and settings; the renderer counts the pages it makes, so a page made again shows.
    let later = 0;
    const restaurant = createRestaurantService(t.database.db, DEMO_SETTINGS);
    const catalog = createCatalogService(t.database, { imageExists: async () => true });
    let made = 0;
    const pages = createPagesService(
      {
        products: (language) => catalog.products(undefined, language),
        product: (id, language) => catalog.product(id, language),
        settings: () => restaurant.at(MAIN_BRANCH_ID).get(),
        version: () => `${catalog.version()}.${restaurant.version()}`,
        render: async () => ({ html: `<main>made ${++made}</main>`, dataScript: '' }),
      },
      PUBLIC_URL,
      SHELL,
      () => [],
      () => Date.now() + later,
    );
    const body = async () => (await pages.page('/about', ''))?.document.body;
    expect(await body()).toContain('<main>made 1</main>');
    later = 5 * 60_000 - 1_000;
    expect(await body()).toContain('<main>made 1</main>');
    later = 5 * 60_000 + 1_000;
    expect(await body()).toContain('<main>made 2</main>');
    expect(await body()).toContain('<main>made 2</main>');
  });
});
