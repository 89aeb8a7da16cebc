import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Category, Product } from '../../../src/shared/contract/catalog.ts';
import { HOME_PRODUCT_LIMIT, STATIC_CATEGORY_COUNTS } from '../../../src/shared/constants.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { type openPage, seriousAxeViolations } from '../../support/browser.ts';
import { type AppServer, createDataDir, removeDataDir, startAppServer } from '../../support/e2e-server.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * The public pages (issue 2, docs/reference/storefront.md §2) in a real browser against the built app,
 * started as `npm start` starts it on a temp DATA_DIR. Run `npm run build` first.
 */

const suite = useE2eSuite();

/** A fresh context (checked for problems after the test) on `path`. */
async function open(path: string, options: Parameters<typeof openPage>[2] = {}): Promise<Page> {
  const { page } = await suite.open(options);
  await page.goto(path);
  return page;
}

async function apiList<T>(path: string): Promise<T[]> {
  const res = await suite.server.api<{ data: T[] }>(path);
  expect(res.status).toBe(200);
  return res.body.data;
}

const price = (amount: number) => `$${amount}.00`;
const cardNames = (scope: Locator) => scope.getByRole('article').getByRole('heading').allTextContents();

function dishSection(page: Page): Locator {
  return page.getByRole('region', { name: 'Flavours from the places we love' });
}

describe('home', () => {
  it('switches the dish list with the category tabs and never shows more than 6', async () => {
    const all = await apiList<Product>('/api/v1/allProductsData');
    const categories = await apiList<Category>('/api/v1/categorys');
    const mexican = all.filter((p) => p.category === 'Mexcan Cuisine');
    const salads = all.filter((p) => p.category === 'Salads');
    expect(all.length).toBeGreaterThan(HOME_PRODUCT_LIMIT);
    expect(salads.length).toBeGreaterThan(0);
    expect(salads.length).toBeLessThan(HOME_PRODUCT_LIMIT);

    const page = await open('/');
    const section = dishSection(page);
    const tabs = section.getByRole('tab');
    const panel = section.getByRole('tabpanel');

    // Default All Category, then one tab per category from the server, in its order.
    await expect.poll(() => tabs.allTextContents()).toEqual([TEXT.allCategory, ...categories.map((c) => c.category)]);
    expect(await section.getByRole('tab', { name: TEXT.allCategory }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => cardNames(panel)).toEqual(all.slice(0, HOME_PRODUCT_LIMIT).map((p) => p.name));

    // A card shows price as $N.00, rating, name, ingredients, a link and Add to Cart.
    const first = all[0] as Product;
    const card = panel.getByRole('article', { name: first.name });
    expect(await card.textContent()).toContain(price(first.price));
    expect(await card.textContent()).toContain(first.reatings.toFixed(1));
    expect(
      await card
        .getByRole('list', { name: `${first.name} ingredients` })
        .getByRole('listitem')
        .allTextContents(),
    ).toEqual(first.items);
    expect(await card.getByRole('link', { name: `Open ${first.name}` }).getAttribute('href')).toBe(
      `/products/${first._id}`,
    );
    expect(await card.getByRole('link', { name: new RegExp(`^${TEXT.addToCart}`) }).getAttribute('href')).toBe(
      `/products/${first._id}`,
    );

    await section.getByRole('tab', { name: 'Mexcan Cuisine' }).click();
    await expect.poll(() => cardNames(panel)).toEqual(mexican.slice(0, HOME_PRODUCT_LIMIT).map((p) => p.name));
    expect(await section.getByRole('tab', { name: 'Mexcan Cuisine' }).getAttribute('aria-selected')).toBe('true');
    expect(await section.getByRole('tab', { name: TEXT.allCategory }).getAttribute('aria-selected')).toBe('false');
    expect(await panel.getByRole('article').count()).toBeLessThanOrEqual(HOME_PRODUCT_LIMIT);

    await section.getByRole('tab', { name: 'Salads' }).click();
    await expect.poll(() => cardNames(panel)).toEqual(salads.map((p) => p.name));

    // Keyboard: the arrow keys move along the tabs and choose.
    await section.getByRole('tab', { name: 'Salads' }).focus();
    await page.keyboard.press('ArrowRight');
    const next = categories[categories.findIndex((c) => c.category === 'Salads') + 1]?.category ?? TEXT.allCategory;
    expect(await section.getByRole('tab', { name: next }).getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => cardNames(panel))
      .toEqual(
        (next === TEXT.allCategory ? all : all.filter((p) => p.category === next))
          .slice(0, HOME_PRODUCT_LIMIT)
          .map((p) => p.name),
      );

    expect(await section.getByRole('link', { name: new RegExp(`^${TEXT.seeMore}`) }).getAttribute('href')).toBe(
      '/products',
    );
  });

  it('shows the banner, Our Categories with the static counts, and a title', async () => {
    const page = await open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Delivery and Pick Up open the checkout with that choice made; In Restaurant books a table (docs/reference/operations.md).
    expect(await page.getByRole('link', { name: TEXT.delivery }).getAttribute('href')).toBe(
      '/checkout?fulfilment=delivery',
    );
    expect(await page.getByRole('link', { name: TEXT.pickUp }).getAttribute('href')).toBe(
      '/checkout?fulfilment=pickup',
    );
    expect(await page.getByRole('link', { name: TEXT.inRestaurant }).getAttribute('href')).toBe('/reservations/new');
    const block = page.getByRole('region', { name: TEXT.ourCategories });
    for (const { name, count } of STATIC_CATEGORY_COUNTS) {
      const item = block.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
      expect(await item.textContent()).toContain(String(count));
    }
    expect(await block.getByRole('img').count()).toBeGreaterThanOrEqual(2);
    expect(await page.title()).toMatch(/Saffron Table/);
  });

  it('tells the guest when dishes cannot load, and Retry loads them', async () => {
    const handle = await suite.open({ allowConsoleErrors: [/Failed to load resource/] });
    const { page } = handle;
    await page.route('**/api/v1/allProductsData**', (route) => route.abort('failed'));
    // A page the server rendered comes with its dishes; one opened inside the app reads them itself.
    await page.goto('/about');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: TEXT.navHome }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const section = dishSection(page);
    const retry = section.getByRole('button', { name: 'Retry' });
    await retry.waitFor();
    await page.unroute('**/api/v1/allProductsData**');
    // The aborted requests were deliberate; forget them.
    handle.problems.splice(0);
    await retry.click();
    await expect.poll(() => section.getByRole('tabpanel').getByRole('article').count()).toBe(HOME_PRODUCT_LIMIT);
  });
});

describe('header', () => {
  it('searches from the header: a dish is found, nonsense shows the empty message', async () => {
    const page = await open('/about');
    const search = page.getByRole('search');
    const box = search.getByRole('searchbox', { name: 'Search dishes' });

    // Required: an empty or blank search goes nowhere, and the box says what to type.
    for (const blank of ['', '   ']) {
      await box.fill(blank);
      await search.getByRole('button', { name: 'Search' }).click();
      expect(new URL(page.url()).pathname).toBe('/about');
      expect(await box.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe(
        'Type a dish, an ingredient or a category to search',
      );
    }

    await box.fill('taco');
    await box.press('Enter');
    await page.waitForURL('**/home/search-page-items?q=taco');
    // The text travels in navigation state (docs/reference/storefront.md) and in the address, so it can be reloaded.
    expect(await page.evaluate(() => (history.state as { usr?: { searchText?: string } }).usr?.searchText)).toBe(
      'taco',
    );
    // Wait for the search page itself: the About page also shows a Beef Tacos card.
    await expect.poll(() => page.title()).toContain('taco');
    const results = page.getByRole('main');
    await results.getByRole('article', { name: 'Beef Tacos' }).waitFor();
    expect(await cardNames(results)).toEqual(
      (await apiList<Product>('/api/v1/allProductsData/searchData?searchText=taco')).map((p) => p.name),
    );
    expect(await page.title()).toContain('taco');

    // A shared or reloaded address runs the search by itself.
    const shared = await open('/home/search-page-items?q=taco');
    await shared.getByRole('main').getByRole('article', { name: 'Beef Tacos' }).waitFor();
    expect(await shared.getByRole('searchbox', { name: 'Search dishes' }).inputValue()).toBe('taco');

    await box.fill('zzqqxx');
    await search.getByRole('button', { name: 'Search' }).click();
    await results.getByText(TEXT.searchNotFound, { exact: true }).waitFor();
    expect(await results.getByRole('article').count()).toBe(0);

    await results.getByRole('link', { name: TEXT.backMore }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('links Home, Menu, About and Dashboard (to sign-in), Login and SignUp, and shows 0 badges for a guest', async () => {
    const page = await open('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const hrefs = await Promise.all(
      [TEXT.navHome, TEXT.navMenu, TEXT.navAbout, TEXT.navDashboard].map((name) =>
        nav.getByRole('link', { name, exact: true }).getAttribute('href'),
      ),
    );
    expect(hrefs).toEqual(['/', '/products', '/about', '/signIn']);
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: TEXT.login, exact: true }).getAttribute('href')).toBe('/signIn');
    expect(await header.getByRole('link', { name: TEXT.signUp, exact: true }).getAttribute('href')).toBe('/signUp');
    await header.getByRole('link', { name: 'Favourites: 0' }).waitFor();
    await header.getByRole('link', { name: 'Orders: 0' }).waitFor();

    await nav.getByRole('link', { name: TEXT.navMenu }).click();
    await page.waitForURL('**/products');
    await page.getByRole('heading', { level: 1, name: 'Our menu' }).waitFor();
  });

  it('has a small-screen menu with the links and inert Profile, Settings and Logout', async () => {
    const page = await open('/products', { viewport: { width: 375, height: 800 } });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByLabel('Open the site menu').click();
    for (const name of [TEXT.profile, TEXT.settings, TEXT.logout]) await page.getByRole('button', { name }).waitFor();
    await page.getByRole('button', { name: TEXT.logout }).click();
    expect(new URL(page.url()).pathname).toBe('/products');
    await page.getByRole('link', { name: TEXT.navAbout, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: TEXT.aboutSection }).waitFor();
    // The menu closes after a navigation.
    expect(await page.getByRole('button', { name: TEXT.profile }).isVisible()).toBe(false);
  });
});

describe('product detail', () => {
  it('prices the chosen quantity and the stepper stops at 1', async () => {
    const dish = (await apiList<Product>('/api/v1/allProductsData'))[0] as Product;
    const page = await open(`/products/${dish._id}`);
    await page.getByRole('heading', { level: 1, name: dish.name }).waitFor();
    const priceOutput = page.getByRole('status', { name: 'Price' });
    const quantity = page.getByRole('status', { name: 'Quantity' });
    const minus = page.getByRole('button', { name: 'Decrease quantity' });
    const plus = page.getByRole('button', { name: 'Increase quantity' });

    expect(dish.price).toBe(12); // the demo menu's first dish, as the example
    expect(await priceOutput.textContent()).toBe('$12.00');
    expect(await quantity.textContent()).toBe('1');
    expect(await minus.isDisabled()).toBe(true);

    await plus.click();
    await expect.poll(() => priceOutput.textContent()).toBe('$24.00');
    expect(await quantity.textContent()).toBe('2');
    expect(await minus.isDisabled()).toBe(false);

    await plus.click();
    await expect.poll(() => priceOutput.textContent()).toBe(price(dish.price * 3));

    await minus.click();
    await minus.click();
    await expect.poll(() => quantity.textContent()).toBe('1');
    expect(await priceOutput.textContent()).toBe('$12.00');
    expect(await minus.isDisabled()).toBe(true);
    await minus.click({ force: true });
    expect(await quantity.textContent()).toBe('1');

    expect(await page.title()).toContain(dish.name);
    // A guest's Add to Cart leads to sign-in; favourites and reports wait for sign-in too.
    expect(await page.getByRole('link', { name: TEXT.addToCart, exact: true }).getAttribute('href')).toBe('/signIn');
    expect(await page.getByRole('link', { name: TEXT.favorite, exact: true }).getAttribute('href')).toBe('/signIn');
    expect(await page.getByRole('link', { name: 'Sign in to report this dish' }).getAttribute('href')).toBe('/signIn');
  });

  it('lists the other dishes of the category; See more switches the dish and resets the quantity', async () => {
    const all = await apiList<Product>('/api/v1/allProductsData');
    const dish = all[0] as Product;
    const others = all.filter((p) => p.category === dish.category && p._id !== dish._id);
    const target = others[0] as Product;
    const page = await open(`/products/${dish._id}`);
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => page.getByRole('status', { name: 'Quantity' }).textContent()).toBe('2');

    const side = page.getByRole('complementary', { name: `More from ${dish.category}` });
    await expect
      .poll(() => side.getByRole('listitem').getByRole('heading').allTextContents())
      .toEqual(others.map((p) => p.name));

    await side.getByRole('link', { name: new RegExp(`^${TEXT.seeMore}\\W+${target.name}$`) }).click();
    await page.waitForURL(`**/products/${target._id}`);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    await expect.poll(() => page.getByRole('status', { name: 'Price' }).textContent()).toBe(price(target.price));
    expect(await page.getByRole('status', { name: 'Quantity' }).textContent()).toBe('1');
    await expect
      .poll(() => side.getByRole('listitem').getByRole('heading').allTextContents())
      .toEqual(all.filter((p) => p.category === dish.category && p._id !== target._id).map((p) => p.name));
  });

  it('shows the 404 screen for a dish that does not exist', async () => {
    const page = await open('/products/999999', { allowConsoleErrors: [/status of 404/] });
    await page.getByRole('heading', { name: new RegExp(TEXT.notFound.replace('.', '\\.')) }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain(TEXT.notFoundCode);
  });
});

describe('other pages', () => {
  it('shows every dish on /products with a way back home', async () => {
    const all = await apiList<Product>('/api/v1/allProductsData');
    const page = await open('/products');
    await expect.poll(() => cardNames(page.getByRole('main'))).toEqual(all.map((p) => p.name));
    await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('shows every part of the about page', async () => {
    const popular = await apiList<Product>('/api/v1/allProductsData/populler?populler=populler');
    const page = await open('/about');
    const main = page.getByRole('main');
    await page.getByRole('heading', { level: 1, name: TEXT.aboutSection }).waitFor();
    for (const step of ['Set your location', 'Select food', 'Pay cash or online', 'Delivery or pickup']) {
      await main.getByRole('heading', { name: step }).waitFor();
    }
    const popularSection = page.getByRole('region', { name: TEXT.mostPopularItems });
    await expect.poll(() => cardNames(popularSection)).toEqual(popular.map((p) => p.name));
    const firstPopular = popular[0] as Product;
    expect(await popularSection.getByRole('link', { name: `Open ${firstPopular.name}` }).getAttribute('href')).toBe(
      `/products/${firstPopular._id}`,
    );

    const quotes = await page
      .getByRole('region', { name: 'What our guests say' })
      .locator('blockquote')
      .allTextContents();
    expect(quotes).toHaveLength(3);
    expect(new Set(quotes).size).toBe(1);

    const faq = page.getByRole('region', { name: 'Frequently asked questions' });
    const questions = faq.locator('summary');
    expect(await questions.count()).toBe(4);
    await questions.nth(2).click();
    await expect.poll(() => faq.locator('details[open]').count()).toBe(1);
    expect(await faq.locator('details').nth(2).getAttribute('open')).not.toBeNull();

    const text = (await main.textContent()) ?? '';
    for (const figure of [TEXT.successEventsCount, TEXT.customersCount, TEXT.customers, TEXT.branchCount, TEXT.branch])
      expect(text).toContain(figure);
    await page.getByRole('button', { name: /App Store/ }).click();
    await page.getByRole('button', { name: /Google Play/ }).click();
    expect(new URL(page.url()).pathname).toBe('/about');
  });

  it('shows the shared 404 screen for an unknown route, with Back to home', async () => {
    const page = await open('/no/such/page');
    await page.getByRole('heading', { name: new RegExp(TEXT.notFound.replace('.', '\\.')) }).waitFor();
    const main = page.getByRole('main');
    await main.getByText(TEXT.notFoundCode, { exact: true }).waitFor();
    await main.getByText('Not Found', { exact: true }).waitFor();
    expect(await page.title()).toContain('not found');
    await main.getByRole('link', { name: TEXT.backToHome }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('accessibility', () => {
  async function ready(page: Page, path: string) {
    const main = page.getByRole('main');
    if (path === '/' || path === '/products' || path === '/about') await main.getByRole('article').first().waitFor();
    if (path.startsWith('/products/')) await page.getByRole('complementary').getByRole('listitem').first().waitFor();
    await page.waitForLoadState('networkidle');
  }

  for (const width of [1280, 375]) {
    it(`finds no serious or critical axe violation on the public pages at ${width}px`, async () => {
      const page = await open('/about', { viewport: { width, height: 900 } });
      const found: Record<string, unknown> = {};
      for (const path of ['/', '/products', '/about', '/products/1', '/does-not-exist']) {
        await page.goto(path);
        await ready(page, path);
        const violations = await seriousAxeViolations(page);
        if (violations.length) found[path] = violations;
      }
      // The search page is reached through the header search (its text is navigation state).
      const box = page.getByRole('searchbox', { name: 'Search dishes' });
      await box.fill('burger');
      await box.press('Enter');
      await page.getByRole('main').getByRole('article').first().waitFor();
      const searchViolations = await seriousAxeViolations(page);
      if (searchViolations.length) found['search'] = searchViolations;
      expect(found).toEqual({});
    });
  }
});

describe('restart', () => {
  it('does not duplicate the menu when started again on the same DATA_DIR', async () => {
    const dataDir = createDataDir();
    try {
      const counts = async (s: AppServer) => ({
        dishes: (await s.api<{ data: unknown[] }>('/api/v1/allProductsData')).body.data.length,
        categories: (await s.api<{ data: unknown[] }>('/api/v1/categorys')).body.data.length,
      });
      const first = await startAppServer({ dataDir });
      const before = await counts(first);
      expect(await first.stop()).toBe(0);
      const second = await startAppServer({ dataDir });
      const after = await counts(second);
      expect(await second.stop()).toBe(0);
      expect(before.dishes).toBeGreaterThanOrEqual(24);
      expect(after).toEqual(before);
    } finally {
      removeDataDir(dataDir);
    }
  });
});
