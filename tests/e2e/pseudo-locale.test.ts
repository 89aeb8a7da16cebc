import { describe, expect, it } from 'vitest';
import { useE2eSuite } from '../support/e2e-suite.ts';
import { outsideCatalogs, visibleTexts } from '../support/pseudo-texts.ts';

/**
 * The pseudo-locale run (SERVICE.md "Bangla and English", decision 045): the server started with
 * I18N_PSEUDO=1 writes every catalog text as "⟦Çlöšé⟧", in the pages it renders and in the
 * browser alike; a visible text left without brackets did not come from the catalogs. What the
 * owner wrote (dish names, categories, ingredients, the restaurant's name and address) is data,
 * not a text of the product, and is taken out first.
 */
const suite = useE2eSuite({ env: { I18N_PSEUDO: '1' } });

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
    ];
    const outside = outsideCatalogs(data);

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
