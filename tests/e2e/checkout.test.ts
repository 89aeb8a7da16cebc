import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract/catalog.ts';
import { TEXT } from '../../src/shared/texts.ts';
import { seriousAxeViolations } from '../support/browser.ts';
import { newAccount, signUpInContext } from '../support/e2e-accounts.ts';
import { acceptSuccess, useE2eSuite } from '../support/e2e-suite.ts';

/**
 * Checkout in a real browser (issue 13): from the banner's "Pick Up" through the checkout to the
 * placed order and its promise, and a delivery with an address.
 */

const suite = useE2eSuite();

async function orderDish(page: Page, product: Product, quantity: number) {
  await page.goto(`/products/${product._id}`);
  for (let i = 1; i < quantity; i += 1) await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: TEXT.addToCart }).click();
  const modal = page.getByRole('dialog', { name: 'Confirm your order' });
  await modal.getByRole('button', { name: TEXT.confirmOrder }).click();
  await acceptSuccess(page, 'Your order has been placed');
}

describe('checkout', () => {
  it('goes from Pick Up on the banner to a placed order with its promise, paid by bKash', { timeout: 60_000 }, async () => {
    const { context, page } = await suite.open();
    await signUpInContext(context, suite.server.baseUrl, newAccount('checkout'));
    const dish = suite.menu[0] as Product;
    await orderDish(page, dish, 2);
    await page.goto('/');
    await page.getByRole('link', { name: TEXT.pickUp }).click();
    await page.waitForURL('**/checkout?fulfilment=pickup');
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    expect(await page.getByRole('radio', { name: 'Pick up' }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: new RegExp(dish.name) }).waitFor();
    await page.getByLabel('Ready time').locator('option').first().waitFor({ state: 'attached' });
    expect(await page.getByRole('definition').last().innerText()).toBe(`$${dish.price * 2}.00`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Account number').fill('01711000000');
    await page.getByRole('button', { name: 'Place order' }).click();
    const placed = page.getByRole('status').filter({ hasText: /Order A-\d{3} placed/ });
    await placed.waitFor();
    expect(await placed.innerText()).toMatch(/Ready at \d{2}:\d{2}/);
    expect(await placed.innerText()).toContain('Paid');
  });

  it('delivers to an address, with the fee in the total, paid in cash on delivery', { timeout: 60_000 }, async () => {
    const { context, page } = await suite.open();
    await signUpInContext(context, suite.server.baseUrl, newAccount('delivery'));
    const dish = suite.menu.find((d) => d.price >= 15) ?? (suite.menu[0] as Product);
    await orderDish(page, dish, 1);
    await page.goto('/checkout?fulfilment=delivery');
    await page.getByLabel('Address').fill('7 Road 2');
    await page.getByLabel('Area').fill('Dhanmondi');
    await page.getByLabel('Phone').fill('+880 1711-444555');
    await page.getByLabel('Method').selectOption('cash');
    await page.getByLabel('Ready time').locator('option').first().waitFor({ state: 'attached' });
    expect(await page.getByRole('definition').nth(1).innerText()).toBe('$3.00');
    await page.getByRole('button', { name: 'Place order' }).click();
    const placed = page.getByRole('status').filter({ hasText: /Order A-\d{3} placed/ });
    await placed.waitFor();
    expect(await placed.innerText()).toMatch(/Arrives around \d{2}:\d{2}/);
    expect(await placed.innerText()).toContain('Pay on delivery');

    // My Orders lists it with its number, lines and promise.
    const number = /Order (A-\d{3}) placed/.exec(await placed.innerText())?.[1] as string;
    await page.goto('/dashboard/orders');
    const entry = page.getByRole('listitem', { name: `Order ${number}` });
    await entry.getByText(`1 × ${dish.name}`).waitFor();
    await entry.getByText(/Received · Arrives around \d{2}:\d{2}/).waitFor();
    await entry.getByText(/Pay on delivery/).waitFor();
  });
});
