import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../support/browser.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * The branches' public pages in a phone's browser (issue 57 phase 1, docs/reference/branches.md
 * "Guests"): /branches lists the demo's one branch, its link opens the branch's page with its
 * name, the week's hours (today marked once the clock is read) and "Book a table here", and
 * both pages pass axe.
 */
const suite = useE2eSuite();

describe("the branches' pages", () => {
  it('lead from the list to a branch, which shows its hours and "Book a table here"', { timeout: 60_000 }, async () => {
    const { page } = await suite.open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto('/branches');
    await page.getByRole('heading', { name: 'Our branches', level: 1 }).waitFor();
    // "Open now" or when it opens, once the branch's clock is read after hydration.
    await page
      .getByRole('status')
      .filter({ hasText: /Open now|Closed/ })
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Saffron Table', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/branches/main');
    await page.getByRole('heading', { name: 'Saffron Table', level: 1 }).waitFor();
    const hours = page.getByRole('table');
    await hours.getByRole('rowheader', { name: /Monday/ }).waitFor();
    expect(await hours.getByRole('row').count()).toBe(7);
    // Today's row is marked once the branch's wall clock is known.
    await hours.locator('tr[aria-current="date"]').waitFor();
    await page.getByRole('link', { name: 'Book a table here' }).waitFor();
    expect(await page.getByRole('link', { name: '+880 1700-000000' }).getAttribute('href')).toBe('tel:+8801700000000');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Book a table here' }).click();
    await page.waitForURL((url) => url.pathname === '/reservations/new');
  });
});
