import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { seriousAxeViolations } from '../../support/browser.ts';
import { newAccount, signUpInContext } from '../../support/e2e-accounts.ts';
import { acceptSuccess, useE2eSuite } from '../../support/e2e-suite.ts';
import { type FakeStripe, startFakeStripe } from '../../support/fake-stripe.ts';

/**
 * Paying by card in a real browser (issue 39): the checkout sends the guest to the provider's
 * hosted page (a local server answering as Stripe's API does, with a page of its own), the guest
 * pays there and comes back to /payments/{id}, which shows what the server learnt from Stripe.
 */
let stripe: FakeStripe;
const suite = useE2eSuite(async () => {
  stripe = await startFakeStripe();
  return {
    env: {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.base,
    },
    stop: () => stripe.close(),
  };
});

async function orderDish(page: Page, product: Product) {
  await page.goto(`/products/${product._id}`);
  await page.getByRole('button', { name: TEXT.addToCart }).click();
  const modal = page.getByRole('dialog', { name: 'Confirm your order' });
  await modal.getByRole('button', { name: TEXT.confirmOrder }).click();
  await acceptSuccess(page, 'Added to your bag');
}

/** A pick-up of `dish` at the checkout, paid by card on Stripe's page (not yet placed). */
async function chooseCardAtCheckout(page: Page, dish: Product) {
  await page.goto('/checkout?fulfilment=pickup');
  await page.getByRole('checkbox', { name: new RegExp(dish.name) }).waitFor();
  await page.getByLabel('Ready time').locator('option').first().waitFor({ state: 'attached' });
  await page
    .getByLabel('Method')
    .locator('option', { hasText: 'Card (pay on Stripe’s page)' })
    .waitFor({ state: 'attached' });
  await page.getByLabel('Method').selectOption({ label: 'Card (pay on Stripe’s page)' });
}

describe('paying by card through Stripe Checkout', () => {
  it(
    'goes to the provider’s page, pays, and comes back to "Payment received"; the order is then received and paid',
    { timeout: 90_000 },
    async () => {
      const { context, page } = await suite.open();
      await signUpInContext(context, suite.server.baseUrl, newAccount('card'));
      const dish = suite.menu[1] as Product;
      await orderDish(page, dish);
      await chooseCardAtCheckout(page, dish);
      // No account number for a card: the card is typed on the provider's page only.
      expect(await page.getByLabel('Account number').count()).toBe(0);
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(`${stripe.base}/pay/**`);
      await page.getByRole('heading', { name: new RegExp(`Pay ${dish.price.toFixed(2)} USD`) }).waitFor();
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(`${suite.server.baseUrl}/payments/**`);
      await page.getByRole('heading', { name: TEXT.paymentReceived, level: 1 }).waitFor({ timeout: 20_000 });
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.goto('/dashboard/orders');
      await page.getByText(`1 × ${dish.name}`).waitFor();
      await page.getByText(/^Received · Ready at \d{2}:\d{2}/).waitFor();
    },
  );

  it(
    'coming back without paying shows "Waiting for the payment…" and the way back to the payment page',
    { timeout: 90_000 },
    async () => {
      const { context, page } = await suite.open();
      await signUpInContext(context, suite.server.baseUrl, newAccount('card-back'));
      const dish = suite.menu[2] as Product;
      await orderDish(page, dish);
      await chooseCardAtCheckout(page, dish);
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(`${stripe.base}/pay/**`);
      await page.getByRole('link', { name: 'Back to the restaurant' }).click();
      await page.waitForURL(`${suite.server.baseUrl}/payments/**`);
      await page.getByRole('heading', { name: TEXT.paymentWaiting, level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Go back to the payment page' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
    },
  );
});
