import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2eSuite } from '../support/e2e-suite.ts';

/**
 * The pseudo-locale run (SERVICE.md "Bangla and English", decision 045): the server started with
 * I18N_PSEUDO=1 writes every catalog text as "⟦Çlöšé⟧", in the pages it renders and in the
 * browser alike; a visible text left without brackets did not come from the catalogs. What the
 * owner wrote (dish names, categories, ingredients, the restaurant's name and address) is data,
 * not a text of the product, and is taken out first.
 */
const suite = useE2eSuite({ env: { I18N_PSEUDO: '1' } });

/** Every visible text of the page and every placeholder, as the guest reads them. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || parent.closest('script, style, noscript, template, [hidden], .sr-only')) continue;
      if (parent.getClientRects().length === 0 || getComputedStyle(parent).visibility === 'hidden') continue;
      texts.push(text);
    }
    for (const field of document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]')) if (field.getClientRects().length > 0) texts.push(field.placeholder);
    return texts;
  });
}

describe('the pseudo-locale run', () => {
  it('shows no text outside the catalogs on the guest`s main screens, header and footer included', { timeout: 120_000 }, async () => {
    const base = suite.server.baseUrl;
    const restaurant = ((await (await fetch(`${base}/api/v1/restaurant`)).json()) as { data: { name: string; address: string; phone: string } }).data;
    const data = [
      ...suite.menu.flatMap((dish) => [dish.name, dish.category, dish.description, ...dish.items, ...dish.options.flatMap((group) => [group.name, ...group.values.map((value) => value.name)])]),
      restaurant.name,
      ...restaurant.name.split(' '),
      restaurant.address,
      restaurant.phone,
      // The switch names each language in itself; the wallets and the app stores are names.
      'English',
      'বাংলা',
      'bKash',
      'Nagad',
      'App Store',
      'Google Play',
    ]
      .filter((text) => text.trim() !== '')
      .sort((a, b) => b.length - a.length);
    const outside = (text: string) => {
      let rest = text.replace(/⟦[^⟧]*⟧/g, ' ');
      for (const known of data) rest = rest.split(known).join(' ');
      return /\p{L}{2,}/u.test(rest) ? text : undefined;
    };

    const found: string[] = [];
    const { page } = await suite.open();
    const dish = suite.menu[0];
    for (const path of ['/', '/products', `/products/${dish?._id}`, '/about', '/reservations/new', '/signIn', '/signUp', '/checkout']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('html').getAttribute('data-pseudo'), path).toBe('1');
      for (const text of await visibleTexts(page)) {
        const left = outside(text);
        if (left) found.push(`${path}: ${left}`);
      }
    }
    expect([...new Set(found)]).toEqual([]);
  });
});
