import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/browser.ts';
import { useE2eSuite } from '../support/e2e-suite.ts';

/**
 * Issue 41, point 12 ("Search ranking"): a guest typing "chiken" sees the chicken dishes first,
 * those whose name holds the word leading, and "Chips and Guacamole" only after every chicken
 * dish (a corrected word's matches rank by how close the correction is). The rules in detail:
 * tests/unit/spelling.test.ts and tests/api/catalog.test.ts.
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
    await page.waitForURL((url) => url.pathname === '/home/search-page-items' && url.searchParams.get('q') === 'chiken');
    const results = page.getByRole('article');
    await results.first().waitFor();
    await page.getByRole('article', { name: 'Chips and Guacamole' }).waitFor();
    const names = await results.evaluateAll((articles) => articles.map((a) => document.getElementById(a.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? ''));
    expect(names.slice(0, chickenNames.length).sort()).toEqual([...chickenNames].sort());
    expect(names.indexOf('Chips and Guacamole')).toBeGreaterThanOrEqual(chickenNames.length);
    expect(await moderateOrWorse(page)).toEqual([]);
  });
});
