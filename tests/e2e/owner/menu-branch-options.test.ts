import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../../support/browser.ts';
import { signInInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { acceptDone, useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * The Menu page's dish dialog at Gulshan, in a real browser (docs/reference/branches.md "Staff and
 * the owner", decision 068): a new dish added with Gulshan's "Offered here" unticked is on the
 * first branch's menu and search and on neither at Gulshan; an option value given a price of
 * Gulshan's own in the dialog ("price here" per value, empty: the brand's, its placeholder) is
 * what a guest at Gulshan reads in the dish's options, the first branch keeping the brand's. A
 * wrong price, and a refusal by the server, show in Gulshan's group with what was typed kept.
 */
const ADMIN = { email: 'menu-branch-options@example.com', password: 'menu-branch-options-password-1' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, openGulshan } = suiteApi(suite);
const GULSHAN = 'Saffron Table Gulshan';
const WRONG_PRICE = 'The price here is an amount such as 12.49, or empty for the brand’s price.';

let gulshanOpened: Promise<unknown> | undefined;
/** The owner's Menu page, Gulshan opened (once for the file) before it loads. */
async function ownerAtMenu(options: Parameters<typeof suite.open>[0] = {}) {
  const { context, page } = await suite.open(options);
  await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
  gulshanOpened ??= tokenOf(context, ADMIN.email).then((token) => openGulshan(context, token));
  await gulshanOpened;
  await page.goto('/dashboard/menu');
  await page.getByRole('heading', { name: 'Menu', level: 1 }).waitFor();
  return page;
}

describe("the Menu page's dish dialog at Gulshan", () => {
  it(
    'adds a dish not offered at Gulshan: its guests see it neither on the menu nor in search',
    { timeout: 150_000 },
    async () => {
      const marker = suite.menu[0]!;
      const category = marker.category;
      const name = 'Shorshe Kumro Bhaja';
      const owner = await ownerAtMenu();

      await owner.getByRole('button', { name: 'Add dish' }).click();
      const dialog = owner.getByRole('dialog', { name: 'Add dish' });
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      await dialog.getByLabel('Category').selectOption(category);
      await dialog.getByLabel('Price ($)').fill('9.5');
      await dialog.getByLabel(/^Ingredients(?! in Bangla)/).fill('Pumpkin, Mustard seeds');
      const png = await sharp({
        create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 120, b: 20 } },
      })
        .png()
        .toBuffer();
      await dialog.getByLabel('Picture').setInputFiles({ name: 'kumro.png', mimeType: 'image/png', buffer: png });
      await dialog.getByRole('img', { name: "The dish's picture" }).waitFor();
      const gulshan = dialog.getByRole('group', { name: GULSHAN });
      const offered = gulshan.getByRole('checkbox', { name: 'Offered here' });
      await expect(offered.isChecked()).resolves.toBe(true);
      // A new dish has no price of a branch's own yet, nor have its values.
      expect(await gulshan.getByRole('textbox').count()).toBe(0);
      await offered.uncheck();
      await dialog.getByRole('button', { name: 'Add dish' }).click();
      await acceptDone(owner, 'The dish has been added to the menu');
      await owner.getByRole('row', { name: new RegExp(name) }).waitFor();

      // The first branch's guests: on the menu and found by search.
      const { page: atFirst } = await suite.open();
      await atFirst.goto(`/products?category=${encodeURIComponent(category)}`);
      await atFirst.getByRole('article', { name }).waitFor();
      await atFirst.goto(`/home/search-page-items?q=${encodeURIComponent(name)}`);
      await atFirst.getByRole('article', { name }).waitFor();

      // Gulshan's guests: neither.
      const { page: atGulshan } = await suite.open();
      await atGulshan.goto(`/products?branch=gulshan&category=${encodeURIComponent(category)}`);
      await atGulshan.getByRole('article', { name: marker.name }).waitFor();
      expect(await atGulshan.getByRole('article', { name }).count()).toBe(0);
      await atGulshan.goto(`/home/search-page-items?q=${encodeURIComponent(name)}&branch=gulshan`);
      await atGulshan.getByText('Try another dish, an ingredient or a category.').waitFor();
      expect(await atGulshan.getByRole('article', { name }).count()).toBe(0);
    },
  );

  it(
    "sets an option value's price at Gulshan, which its guests then read in the dish's options",
    { timeout: 150_000 },
    async () => {
      const dish = suite.menu.find((d) => (d.options ?? []).some((g) => g.values.some((v) => v.price > 0)))!;
      const group = dish.options!.find((g) => g.values.some((v) => v.price > 0))!;
      const value = group.values.find((v) => v.price > 0)!;
      // The refusal by the server below is answered by the browser's stand-in, logged as a failed load.
      const owner = await ownerAtMenu({ allowConsoleErrors: [/status of 409/] });

      await owner.getByRole('button', { name: `Edit ${dish.name}` }).click();
      let dialog = owner.getByRole('dialog', { name: `Edit ${dish.name}` });
      let gulshan = dialog.getByRole('group', { name: GULSHAN });
      const label = `${value.name} (${group.name}): price here at ${GULSHAN}`;
      const price = gulshan.getByRole('textbox', { name: label });
      await expect(price.getAttribute('placeholder')).resolves.toBe(String(value.price));
      expect(await price.inputValue()).toBe('');
      expect(await seriousAxeViolations(owner)).toEqual([]);

      // A wrong price is refused in Gulshan's group, with what was typed kept.
      await price.fill('1.234');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await gulshan.getByText(WRONG_PRICE).waitFor();
      expect(await price.inputValue()).toBe('1.234');
      expect(await price.getAttribute('aria-invalid')).toBe('true');
      // The field marked and focused is the value's, not the dish's price here (which is right).
      expect(
        await gulshan.getByRole('textbox', { name: 'Price here', exact: true }).getAttribute('aria-invalid'),
      ).toBeNull();
      await expect.poll(() => price.evaluate((input) => input === document.activeElement)).toBe(true);

      // The server refuses it once: its reason shows in Gulshan's group, and the price typed stays.
      await price.fill('2.75');
      await gulshan.getByText(WRONG_PRICE).waitFor({ state: 'hidden' });
      await owner.route(
        '**/api/v1/branches/*/menu/*',
        (route) =>
          route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, message: 'Gulshan is closing its menu for the night' }),
          }),
        { times: 1 },
      );
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await gulshan.getByText('Gulshan is closing its menu for the night.').waitFor();
      await dialog.getByText('The dish is saved, but not at every branch: see the branch named.').waitFor();
      expect(await price.inputValue()).toBe('2.75');

      // Saved; the dialog opens again at Gulshan's price.
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await acceptDone(owner, 'The dish has been updated');
      await owner.getByRole('button', { name: `Edit ${dish.name}` }).click();
      dialog = owner.getByRole('dialog', { name: `Edit ${dish.name}` });
      gulshan = dialog.getByRole('group', { name: GULSHAN });
      await expect
        .poll(() => gulshan.getByRole('textbox', { name: label }).inputValue(), { timeout: 10_000 })
        .toBe('2.75');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();

      // A guest at Gulshan reads Gulshan's price in the dish's options; one at the first branch, the brand's.
      const { page: atGulshan } = await suite.open();
      await atGulshan.goto(`/products/${dish._id}?branch=gulshan`);
      await atGulshan.locator('label', { hasText: value.name }).getByText('+$2.75').waitFor();
      const { page: atFirst } = await suite.open();
      await atFirst.goto(`/products/${dish._id}`);
      await atFirst
        .locator('label', { hasText: value.name })
        .getByText(`+$${value.price.toFixed(2)}`)
        .waitFor();
    },
  );
});
