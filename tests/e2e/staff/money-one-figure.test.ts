import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { PATHS } from '../../../src/shared/paths.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { acceptDone, acceptSuccess, useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * One figure on the checkout screen (docs/reference/ordering.md "Money that agrees on every screen", issue 44
 * points 1 and 7): with the tax added on top (takeaway 5 %), a dish at $16.94 shows "VAT 5 %"
 * $0.85 as its own line and the total $17.79, the bill's, before "Place order", on the placed
 * order and in My Orders (the walk saw "Total $16.94" and was charged $17.79). The owner's dish
 * editor takes a price with cents, and a third decimal is refused beside the price field.
 */

const ADMIN = { email: 'owner-one-figure@example.com', password: 'owner-password-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call } = suiteApi(suite);

/** The checkout summary's figures by their terms ("Subtotal" → "$16.94"). */
async function summary(page: Page): Promise<Record<string, string>> {
  const list = page.getByRole('list', { name: 'Summary' }).or(page.locator('dl[aria-label="Summary"]')).first();
  return list.evaluate((dl) => {
    const out: Record<string, string> = {};
    for (const term of dl.querySelectorAll('dt'))
      out[(term.textContent ?? '').trim()] = (term.nextElementSibling?.textContent ?? '').trim();
    return out;
  });
}

describe('one figure from checkout to the bill', () => {
  it(
    "shows the tax added on top as its own line and the bill's total, before and after placing the order",
    { timeout: 120_000 },
    async () => {
      const { context: ownerContext, page: owner } = await suite.open();
      await signInInContext(ownerContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const token = await tokenOf(ownerContext, ADMIN.email);
      await call(ownerContext, token, 'PATCH', '/api/v1/restaurant', {
        billing: {
          taxInclusive: false,
          rates: { dineIn: 10, takeaway: 5 },
          categoryRates: { Drinks: null },
          serviceChargePercent: 10,
        },
      });
      const dish = suite.menu.find((d) => d.available && d.options.length === 0 && d.category !== 'Drinks') as Product;

      // The owner prices the dish with cents in the dish editor; a third decimal is refused beside the field.
      await owner.goto('/dashboard/menu');
      await owner.getByRole('button', { name: `Edit ${dish.name}` }).click();
      const edit = owner.getByRole('dialog', { name: `Edit ${dish.name}` });
      const price = edit.getByLabel('Price ($)');
      await price.fill('16.949');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await edit.getByText('The price is an amount such as 12.49: 0 or more, at most two decimals.').waitFor();
      expect(await price.getAttribute('aria-invalid')).toBe('true');
      expect(await price.evaluate((input) => input === document.activeElement)).toBe(true);
      await price.fill('16.94');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await acceptDone(owner, 'The dish has been updated');

      const { context, page } = await suite.open();
      await signUpInContext(context, suite.server.baseUrl, newAccount('one-figure'));
      await page.goto(`/products/${dish._id}`);
      expect(await page.getByLabel('Price').first().innerText()).toBe('$16.94');
      await page.getByRole('button', { name: TEXT.addToCart }).click();
      await page
        .getByRole('dialog', { name: 'Confirm your order' })
        .getByRole('button', { name: TEXT.confirmOrder })
        .click();
      await acceptSuccess(page, 'Added to your bag');

      await page.goto('/checkout?fulfilment=pickup');
      await page.getByRole('checkbox', { name: new RegExp(dish.name) }).waitFor();
      await page.getByText('VAT 5 %', { exact: true }).waitFor();
      expect(await summary(page)).toEqual({ Subtotal: '$16.94', 'VAT 5 %': '$0.85', Total: '$17.79' });
      await page.getByLabel('Account number').fill('01711000000');
      await page.getByRole('button', { name: 'Place order' }).click();
      const placed = page.getByRole('status').filter({ hasText: /Order A-\d{3} placed/ });
      await placed.waitFor();
      expect(await placed.innerText()).toContain('$17.79 · Paid');

      await page.goto(PATHS.myOrders);
      await page.getByText('$17.79 · Paid').waitFor();
      expect(await page.getByText('$16.94 · Paid').count()).toBe(0);
    },
  );
});
