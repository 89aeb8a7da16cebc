import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { axeViolations } from '../../support/browser.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { acceptDone, acceptSuccess, signInThroughGuard, useE2eSuite } from '../../support/e2e-suite.ts';
import { suiteApi } from '../../support/e2e-api.ts';

/**
 * Dish options in a real browser (issue 37, docs/reference/ordering.md "Dish options"): a guest chooses a size
 * and an extra on the dish page, the price and the order dialog's total follow, the bag and the
 * checkout name the options, and the kitchen's card shows "… · Large (14"), Extra mozzarella";
 * a required group blocks Add to Cart with the contract's text; the owner adds a group in the
 * dish dialog and a guest sees it. Accessibility (axe, moderate and worse) and the phone layout.
 */

const ADMIN = { email: 'owner-options@example.com', password: 'owner-password-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, makeStaff } = suiteApi(suite);
const MODERATE_AND_WORSE = ['moderate', 'serious', 'critical'];

const money = (amount: number) => `$${amount.toFixed(2)}`;

const dishNamed = (name: string) => {
  const dish = suite.menu.find((d) => d.name === name);
  if (!dish) throw new Error(`no demo dish ${name}`);
  return dish;
};

async function openDish(page: Page, dish: Product) {
  await page.goto(`/products/${dish._id}`);
  await page.getByRole('heading', { level: 1, name: dish.name }).waitFor();
  await page.getByRole('button', { name: TEXT.addToCart }).waitFor();
}

/** Whether the page is wider than its window (a phone would scroll sideways). */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('dish options', () => {
  it(
    'Large + Extra mozzarella: the price and the dialog follow, the bag and checkout name them, the kitchen card shows them',
    { timeout: 120_000 },
    async () => {
      const { context: adminContext } = await suite.open();
      await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const adminToken = await tokenOf(adminContext, ADMIN.email);
      const { context: cookContext, page: cookPage } = await suite.open();
      const cook = await signUpInContext(cookContext, suite.server.baseUrl, newAccount('options-cook'));
      await makeStaff(adminContext, adminToken, cook.email);
      await cookPage.goto('/kitchen');
      await cookPage.getByRole('status').filter({ hasText: 'Live' }).waitFor();

      const { context, page } = await suite.open({ viewport: { width: 375, height: 800 } });
      await signUpInContext(context, suite.server.baseUrl, newAccount('options-guest'));
      const pizza = dishNamed('Margherita Pizza');
      await openDish(page, pizza);

      // Each group is a fieldset with its legend; one choice is radio buttons, several checkboxes.
      const size = page.getByRole('group', { name: /^Size/ });
      await size.getByText('Choose 1', { exact: true }).waitFor();
      await size.getByText('Required', { exact: true }).waitFor();
      expect(await size.getByRole('radio', { name: /Regular/ }).isChecked()).toBe(true);
      await size.getByText('+$4.50').waitFor();
      const extras = page.getByRole('group', { name: /^Extras/ });
      await extras.getByText('Up to 2', { exact: true }).waitFor();
      expect(await extras.getByRole('checkbox').count()).toBe(2);
      const price = page.locator('output[aria-label="Price"]');
      expect(await price.innerText()).toBe(money(pizza.price));
      expect(await axeViolations(page, MODERATE_AND_WORSE)).toEqual([]);
      expect(await overflowsSideways(page)).toBe(false);

      // The keyboard alone: the size by arrow key, the extra by space.
      await size.getByRole('radio', { name: /Regular/ }).focus();
      await page.keyboard.press('ArrowDown');
      expect(await size.getByRole('radio', { name: /Large/ }).isChecked()).toBe(true);
      await extras.getByRole('checkbox', { name: /Extra mozzarella/ }).focus();
      await page.keyboard.press('Space');
      expect(await extras.getByRole('checkbox', { name: /Extra mozzarella/ }).isChecked()).toBe(true);
      const unit = pizza.price + 4.5 + 1.5;
      expect(await price.innerText()).toBe(money(unit));
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      expect(await price.innerText()).toBe(money(unit * 2));

      await page.getByRole('button', { name: TEXT.addToCart }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm your order' });
      await dialog.getByText('Large (14"), Extra mozzarella').waitFor();
      const total = dialog.getByRole('definition').last();
      expect(await total.innerText()).toBe(money(unit * 2));
      await dialog.getByRole('button', { name: TEXT.confirmOrder }).click();
      await acceptSuccess(page, 'Added to your bag');

      const label = 'Margherita Pizza · Large (14"), Extra mozzarella';
      await page.goto('/dashboard/booking-orders');
      const row = page.getByRole('row').filter({ hasText: label });
      await row.waitFor();
      await row.getByText(money(unit * 2)).waitFor();
      expect(await axeViolations(page, MODERATE_AND_WORSE)).toEqual([]);

      await page.goto('/checkout?fulfilment=pickup');
      await page.getByRole('checkbox', { name: new RegExp(label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).waitFor();
      await page.getByLabel('Method').selectOption('cash');
      await page.getByLabel('Ready time').locator('option').first().waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Place order' }).click();
      const placed = page.getByRole('status').filter({ hasText: /Order A-\d{3} placed/ });
      await placed.getByText(`2 × ${label}`).waitFor();
      const number = /Order (A-\d{3}) placed/.exec(await placed.innerText())?.[1] as string;

      const card = cookPage.getByRole('article', { name: `Order ${number}` });
      await card.getByText(`2 × ${label}`).waitFor({ timeout: 5000 });
      // The line's allergens include the extra's (milk).
      expect(await card.getByText(/^Allergens:/).innerText()).toContain('Milk'); // one name per allergen, as the dish page writes it (issue 58 point 9)

      await page.goto('/dashboard/orders');
      await page
        .getByRole('listitem', { name: `Order ${number}` })
        .getByText(`2 × ${label}`)
        .waitFor();

      // All day lists the pizza's options; one tap sells a value out, and the dish page marks it.
      const allDay = cookPage.getByRole('region', { name: 'All day' });
      const pizzaOptions = allDay.getByRole('list', { name: 'Options of Margherita Pizza' });
      await pizzaOptions.getByText('Large (14")').waitFor();
      await pizzaOptions.getByRole('button', { name: 'Mark Large (14") (Margherita Pizza) sold out' }).click();
      await cookPage.getByText('Sold out: Large (14") (Margherita Pizza)').waitFor();
      const large = (
        await suite.server.api<{ data: Product }>(`/api/v1/allProductsData/${pizza._id}`)
      ).body.data.options[0]?.values.find((v) => v.name === 'Large (14")');
      expect(large?.available).toBe(false);
      await openDish(page, pizza);
      const soldOutLarge = page.getByRole('group', { name: /^Size/ }).getByRole('radio', { name: /Large/ });
      expect(await soldOutLarge.isDisabled()).toBe(true);
      await page.getByRole('group', { name: /^Size/ }).getByText('Sold out').waitFor();
      await pizzaOptions.getByRole('button', { name: 'Bring back Large (14") (Margherita Pizza) on the menu' }).click();
      await cookPage.getByText('Back on the menu: Large (14") (Margherita Pizza)').waitFor();

      // Staff switch a value on the Menu page too.
      await cookPage.goto('/dashboard/menu');
      const pizzaRow = cookPage.getByRole('row').filter({ hasText: 'Margherita Pizza' });
      await pizzaRow.getByText(/^Options \(4\)/).click();
      const olives = pizzaRow.getByRole('switch', { name: /Extras: Olives/ });
      expect(await olives.isChecked()).toBe(true);
      // The switch follows the server's answer.
      await olives.click();
      await pizzaRow.getByText(/^Options \(4, 1 sold out\)/).waitFor();
      expect(await olives.isChecked()).toBe(false);
      const afterMenu = (await suite.server.api<{ data: Product }>(`/api/v1/allProductsData/${pizza._id}`)).body.data;
      expect(afterMenu.options[1]?.values.find((v) => v.name === 'Olives')?.available).toBe(false);
      await olives.click();
      await pizzaRow.getByText(/^Options \(4\)/).waitFor();
    },
  );

  it(
    'a required group without a choice blocks Add to Cart with the contract’s text next to it, and the focus goes there',
    { timeout: 60_000 },
    async () => {
      const { context, page } = await suite.open();
      await signUpInContext(context, suite.server.baseUrl, newAccount('options-required'));
      const tamales = dishNamed('Pork Tamales');
      await openDish(page, tamales);
      const salsa = page.getByRole('group', { name: /^Salsa/ });
      expect(await salsa.getByRole('radio', { checked: true }).count()).toBe(0);
      await page.getByRole('button', { name: TEXT.addToCart }).click();
      await salsa.getByRole('alert').getByText('Choose Salsa for Pork Tamales', { exact: true }).waitFor();
      expect(await page.getByRole('dialog', { name: 'Confirm your order' }).count()).toBe(0);
      expect(
        await salsa.getByRole('radio', { name: /Salsa roja/ }).evaluate((el) => el === document.activeElement),
      ).toBe(true);
      // Its description is the message, for a screen reader.
      expect(await salsa.getAttribute('aria-describedby')).toBeTruthy();
      expect(await axeViolations(page, MODERATE_AND_WORSE)).toEqual([]);

      await salsa.getByRole('radio', { name: /Salsa verde/ }).check();
      expect(await salsa.getByRole('alert').count()).toBe(0);
      await page.getByRole('button', { name: TEXT.addToCart }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm your order' });
      await dialog.getByText('Salsa verde').waitFor();
      await dialog.getByRole('button', { name: TEXT.confirmOrder }).click();
      await acceptSuccess(page, 'Added to your bag');
    },
  );

  it(
    'the owner adds a group with values in the dish dialog (a bad max is shown next to it); a guest sees and chooses it',
    { timeout: 90_000 },
    async () => {
      const { page: owner } = await suite.open({ viewport: { width: 375, height: 800 } });
      const dish = dishNamed('Classic Cheeseburger');
      await signInThroughGuard(owner, '/dashboard/menu', ADMIN);
      await owner.getByRole('button', { name: `Edit ${dish.name}` }).click();
      const dialog = owner.getByRole('dialog', { name: `Edit ${dish.name}` });
      await dialog.getByRole('button', { name: 'Add option group' }).click();
      const group = dialog.getByRole('group', { name: /^Group 1/ });
      await group.getByLabel('Group 1 name', { exact: true }).fill('Size');
      await group.getByLabel('Min', { exact: true }).fill('1');
      await group.getByLabel('Max', { exact: true }).fill('3');
      await group.getByLabel('Value 1 of Size', { exact: true }).fill('Regular');
      await group.getByRole('checkbox', { name: 'Default Regular' }).check();
      await group.getByRole('button', { name: 'Add value to Size' }).click();
      await group.getByLabel('Value 2 of Size', { exact: true }).fill('Large');
      await group.getByLabel('Value price of Large').fill('2.5');
      await group.getByRole('button', { name: 'Add value to Size' }).click();
      await group.getByLabel('Value 3 of Size', { exact: true }).fill('Kids');
      expect(await axeViolations(owner, MODERATE_AND_WORSE)).toEqual([]);
      // On a phone the dialog's options fit its width.
      expect(
        await dialog
          .locator('form')
          .evaluate((form) =>
            [...form.querySelectorAll('input, button')].every(
              (el) => el.getBoundingClientRect().right <= window.innerWidth + 0.5,
            ),
          ),
      ).toBe(true);
      // Max above the number of values: refused next to the field, nothing saved.
      await group.getByRole('button', { name: 'Delete value Kids' }).click();
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      const maxProblem = group.getByText('Size: max must be at most its number of values (2)');
      await maxProblem.waitFor();
      expect(await group.getByLabel('Max', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await group.getByLabel('Max', { exact: true }).fill('1');
      // Reordered: Large first.
      await group.getByRole('button', { name: 'Up: Large' }).click();
      expect(await group.getByLabel('Value 1 of Size', { exact: true }).inputValue()).toBe('Large');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await acceptDone(owner, 'The dish has been updated');

      const saved = (await suite.server.api<{ data: Product }>(`/api/v1/allProductsData/${dish._id}`)).body.data;
      expect(
        saved.options.map((g) => [g.name, g.min, g.max, g.values.map((v) => [v.name, v.price, v.default])]),
      ).toEqual([
        [
          'Size',
          1,
          1,
          [
            ['Large', 2.5, false],
            ['Regular', 0, true],
          ],
        ],
      ]);

      const { context, page: guest } = await suite.open();
      await signUpInContext(context, suite.server.baseUrl, newAccount('options-sees'));
      await openDish(guest, dish);
      const size = guest.getByRole('group', { name: /^Size/ });
      expect(await size.getByRole('radio', { name: /Regular/ }).isChecked()).toBe(true);
      await size.getByRole('radio', { name: /Large/ }).check();
      await size.getByText('+$2.50').waitFor();
      expect(await guest.locator('output[aria-label="Price"]').innerText()).toBe(money(dish.price + 2.5));
    },
  );
});
