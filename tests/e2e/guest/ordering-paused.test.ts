import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { restaurantTime } from '../../../src/client/lib/clock.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { moderateAxeViolations } from '../../support/browser.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { acceptSuccess, useE2eSuite } from '../../support/e2e-suite.ts';
import { allDayKitchen } from '../../support/records.ts';

/**
 * A pause is found out before the checkout (issue 41, point 7), and the checkout says why
 * "Place order" cannot be pressed before a tap (points 6 and 7): the home page and the dish page
 * say orders are paused and when they resume, Add to Cart says what adding means now, a later
 * time stays orderable while the pause has an end, and a delivery under the minimum says so
 * with the currency. A pick-up shows no delivery fee.
 */
const ADMIN = { email: 'owner-paused@example.com', password: 'owner-paused-password' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function adminPatch(context: BrowserContext, body: object) {
  const token = (
    (await (
      await context.request.get(`${suite.server.baseUrl}/api/v1/users/jwt?email=${encodeURIComponent(ADMIN.email)}`)
    ).json()) as { accessToken: string }
  ).accessToken;
  const res = await context.request.patch(`${suite.server.baseUrl}/api/v1/restaurant`, {
    headers: { authorization: `Bearer ${token}`, origin: suite.server.baseUrl },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function addToBag(page: Page, dishId: string) {
  await page.getByRole('button', { name: TEXT.addToCart }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your order' })
    .getByRole('button', { name: TEXT.confirmOrder })
    .click();
  await acceptSuccess(page, TEXT.addedToBag);
  expect(dishId).not.toBe('');
}

describe('ordering while paused (issue 41, point 7)', () => {
  it(
    'says so on the home and dish pages, lets a later time be ordered, and blocks Place order with the reason when nothing is open',
    { timeout: 90_000 },
    async () => {
      const { context: owner } = await suite.open();
      await signInInContext(owner, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      await adminPatch(owner, {
        ...allDayKitchen(40),
        fulfilment: { pickup: true, delivery: true, dineIn: true, deliveryMinimum: 0 },
      });
      const until = new Date(Date.now() + 2 * 60 * 60_000).toISOString();
      // As the restaurant says it (its zone is UTC here): "00:32 tomorrow" when two hours on is past midnight.
      const resumes = restaurantTime(until, 'UTC');
      await adminPatch(owner, { kitchen: { acceptingOrders: false, pausedUntil: until } });
      try {
        const { page, context } = await suite.open(PHONE);
        await signUpInContext(context, suite.server.baseUrl, newAccount('paused'));
        await page.goto('/');
        const headline = `We are not taking online orders right now. Orders resume at ${resumes}.`;
        await page.getByRole('status').filter({ hasText: headline }).waitFor();
        expect(await moderateAxeViolations(page)).toEqual([]);

        const dish = suite.menu.find(
          (item) =>
            item.available &&
            !(item.options ?? []).some((group) => group.min > 0 && !group.values.some((value) => value.default)),
        )!;
        await page.goto(`/products/${dish._id}`);
        await page.getByRole('status').filter({ hasText: headline }).waitFor();
        const cart = page.getByRole('button', { name: TEXT.addToCart });
        await expect.poll(() => cart.getAttribute('aria-describedby')).not.toBeNull();
        const note = page.locator(`[id="${await cart.getAttribute('aria-describedby')}"]`);
        expect(await note.innerText()).toBe(`Orders resume at ${resumes}: what you add now can be ordered for then.`);
        expect(await moderateAxeViolations(page)).toEqual([]);
        await addToBag(page, dish._id);

        // The pause has an end: a time after it can be ordered, and a pick-up has no delivery fee.
        await page.goto('/checkout?fulfilment=pickup');
        await page.getByText(/We are not taking online orders right now: choose a time\./).waitFor();
        const summary = page.getByRole('definition').locator('xpath=..');
        expect(await summary.getByText('Delivery fee').count()).toBe(0);
        const place = page.getByRole('button', { name: 'Place order' });
        await expect.poll(() => place.isEnabled()).toBe(true);
        expect(await place.getAttribute('aria-describedby')).toBeNull();

        // Paused with no end: nothing can be ordered, and the button says why before a tap.
        await adminPatch(owner, { kitchen: { acceptingOrders: false, pausedUntil: null } });
        await page.reload();
        await expect.poll(() => place.isDisabled()).toBe(true);
        const reason = page.locator('#place-order-blocked');
        expect(await reason.innerText()).toBe(
          'We are not taking online orders right now, and no later time is open: try again later.',
        );
        expect(await place.getAttribute('aria-describedby')).toBe('place-order-blocked');
      } finally {
        await adminPatch(owner, { kitchen: { acceptingOrders: true, pausedUntil: null } });
      }
    },
  );

  it('says a delivery is under the minimum, in the currency, before Place order', { timeout: 60_000 }, async () => {
    const { context: owner } = await suite.open();
    await signInInContext(owner, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    await adminPatch(owner, {
      ...allDayKitchen(40),
      fulfilment: { pickup: true, delivery: true, dineIn: true, deliveryMinimum: 5000 },
    });
    try {
      const { page, context } = await suite.open(PHONE);
      await signUpInContext(context, suite.server.baseUrl, newAccount('minimum'));
      const dish = suite.menu.find(
        (item) =>
          item.available &&
          !(item.options ?? []).some((group) => group.min > 0 && !group.values.some((value) => value.default)),
      )!;
      await page.goto(`/products/${dish._id}`);
      await addToBag(page, dish._id);
      await page.goto('/checkout?fulfilment=delivery');
      const place = page.getByRole('button', { name: 'Place order' });
      const reason = page.locator('#place-order-blocked');
      await reason.waitFor();
      expect(await reason.innerText()).toBe(
        `A delivery needs at least $5000.00 of food (this is $${dish.price.toFixed(2)}).`,
      );
      expect(await place.isDisabled()).toBe(true);
      await page.getByText('Delivery fee').waitFor();
      expect(await moderateAxeViolations(page)).toEqual([]);
    } finally {
      await adminPatch(owner, { fulfilment: { deliveryMinimum: 0 } });
    }
  });
});
