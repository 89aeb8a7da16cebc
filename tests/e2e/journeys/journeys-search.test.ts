import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../support/browser.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * Issue 41, point 12 ("Search ranking"): a guest typing "chiken" sees the chicken dishes first,
 * those whose name holds the word leading, and "Chips and Guacamole" only after every chicken
 * dish (a corrected word's matches rank by how close the correction is). The rules in detail:
 * tests/unit/domain/spelling.test.ts and tests/api/catalog/catalog.test.ts. Issue 37, point 5: an option
 * value's name finds the dishes offering it, after those whose own words hold it
 * (tests/api/catalog/search-options.test.ts, decision 033).
 */

const suite = useE2eSuite();

const moderateOrWorse = (page: Page) => axeViolations(page, ['moderate', 'serious', 'critical']);

describe('searching with a typo', () => {
  it('"chiken" lists the chicken dishes first, names holding the word leading', { timeout: 90_000 }, async () => {
    const chickenNames = suite.menu.filter((p) => /chicken/i.test(p.name)).map((p) => p.name);
    expect(chickenNames.length).toBeGreaterThan(1);
    const { page } = await suite.open({ viewport: { width: 390, height: 844 } });
    await page.goto('/');
    const box = page.getByRole('searchbox').first();
    await box.fill('chiken');
    await box.press('Enter');
    await page.waitForURL(
      (url) => url.pathname === '/home/search-page-items' && url.searchParams.get('q') === 'chiken',
    );
    const results = page.getByRole('article');
    await results.first().waitFor();
    await page.getByRole('article', { name: 'Chips and Guacamole' }).waitFor();
    const names = await results.evaluateAll((articles) =>
      articles.map((a) => document.getElementById(a.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? ''),
    );
    expect(names.slice(0, chickenNames.length).sort()).toEqual([...chickenNames].sort());
    expect(names.indexOf('Chips and Guacamole')).toBeGreaterThanOrEqual(chickenNames.length);
    expect(await moderateOrWorse(page)).toEqual([]);
  });
});

describe('searching for an option', () => {
  it(
    '"jalapeño" lists the burger offering jalapeños as an extra; "bacon" the dishes with bacon of their own first',
    { timeout: 90_000 },
    async () => {
      const { page } = await suite.open({ viewport: { width: 390, height: 844 } });
      // The results replace the home page's own articles (its featured dishes, kept on screen while the
      // search page loads): the names are read again until they are the answer's.
      const names = () =>
        page
          .getByRole('article')
          .evaluateAll((articles) =>
            articles.map(
              (a) => document.getElementById(a.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? '',
            ),
          );
      const search = async (text: string) => {
        await page.goto('/');
        const box = page.getByRole('searchbox').first();
        await box.fill(text);
        await box.press('Enter');
        await page.waitForURL(
          (url) => url.pathname === '/home/search-page-items' && url.searchParams.get('q') === text,
        );
        await page.getByRole('heading', { level: 1, name: new RegExp(`Results for.*${text}`, 'i') }).waitFor();
      };
      await search('jalapeño');
      await expect.poll(names, { timeout: 10_000 }).toEqual(['Crispy Chicken Burger']);
      await search('bacon');
      // The dishes with bacon of their own first, in this order; then those offering it, in any order.
      const ranked = async () => {
        const all = await names();
        return [...all.slice(0, 2), ...all.slice(2).sort()];
      };
      await expect
        .poll(ranked, { timeout: 10_000 })
        .toEqual([
          'Smoky Bacon Burger',
          'Club Sandwich',
          'Crispy Chicken Burger',
          'Double Stack Burger',
          'Mushroom Swiss Burger',
        ]);
      expect(await moderateOrWorse(page)).toEqual([]);
    },
  );
});
