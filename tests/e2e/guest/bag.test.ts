import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../../src/shared/texts.ts';
import { moderateAxeViolations } from '../../support/browser.ts';
import { newAccount, signUpInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * "Add to Cart" says what happened (issue 41, point 1): the dish is in the bag, not in the
 * kitchen, so the dialog says "Added to your bag" and offers "Checkout" beside OK; the header's
 * orders badge counts the lines still in the bag and its icon opens the bag (Booking Orders).
 */
const suite = useE2eSuite();

const ordersBadge = (page: Page, count: number) =>
  page
    .getByRole('banner')
    .first()
    .getByRole('link', { name: `Orders: ${count}`, exact: true });

async function addToBag(page: Page, dishId: string) {
  await page.goto(`/products/${dishId}`);
  await page.getByRole('button', { name: TEXT.addToCart }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your order' })
    .getByRole('button', { name: TEXT.confirmOrder })
    .click();
  const done = page.getByRole('dialog', { name: TEXT.addedToBag });
  await done.waitFor();
  return done;
}

describe('the bag (issue 41, point 1)', () => {
  it(
    'says a dish went into the bag, offers Checkout, and the badge counts only what is still in the bag',
    { timeout: 60_000 },
    async () => {
      const { page, context } = await suite.open({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await signUpInContext(context, suite.server.baseUrl, newAccount('bag'));
      const dish = suite.menu.find(
        (item) =>
          item.available &&
          !(item.options ?? []).some((group) => group.min > 0 && !group.values.some((value) => value.default)),
      )!;

      const done = await addToBag(page, dish._id);
      await done.getByText(TEXT.clickedButton).waitFor();
      expect(await done.getByRole('button').allInnerTexts()).toEqual(['OK', TEXT.checkout]);
      expect(await moderateAxeViolations(page)).toEqual([]);
      await done.getByRole('button', { name: 'OK' }).click();
      await done.waitFor({ state: 'hidden' });
      await ordersBadge(page, 1).waitFor();

      // A second dish, then straight on to the checkout from the dialog.
      const second = await addToBag(page, dish._id);
      await second.getByRole('button', { name: TEXT.checkout }).click();
      await page.waitForURL((url) => url.pathname === '/checkout');
      await ordersBadge(page, 2).waitFor();
      await page.getByRole('radio', { name: 'Pick up' }).check();
      await page.getByLabel('Method').selectOption('cash');
      await page.getByLabel('Ready time').locator('option').first().waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Place order' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /Order A-\d{3} placed/ })
        .waitFor();
      // Both lines went to the kitchen: the bag is empty.
      await ordersBadge(page, 0).waitFor();

      // The orders icon opens the bag.
      await ordersBadge(page, 0).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/booking-orders');
      await page.getByRole('heading', { name: 'Booking Orders', level: 1 }).waitFor();
    },
  );
});
