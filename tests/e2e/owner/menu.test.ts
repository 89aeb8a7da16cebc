import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { seriousAxeViolations } from '../../support/browser.ts';
import { signUpInContext } from '../../support/e2e-accounts.ts';
import { acceptDone, signInThroughGuard, useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * Menu management in a real browser (issue 11): the owner adds a dish with a picture on the
 * Menu page, changes its price and marks it sold out; a guest in another browser context
 * sees each change after a reload, with no stale answer from any cache on the way.
 */

const ADMIN = { email: 'owner-menu@example.com', password: 'owner-password-2026' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });

async function dishNamed(name: string): Promise<Product | undefined> {
  const res = await suite.server.api<{ data: Product[] }>('/api/v1/allProductsData');
  return res.body.data.find((d) => d.name === name);
}

describe('the Menu page', () => {
  it(
    'lets the owner add a dish with a picture, change its price and sell it out, and a guest sees each change after a reload',
    { timeout: 90_000 },
    async () => {
      const { page: owner } = await suite.open();
      const { page: guest } = await suite.open();
      const name = 'Beef Tehari';
      await signInThroughGuard(owner, '/dashboard/menu', ADMIN);
      await owner.getByRole('heading', { name: 'Menu', level: 1 }).waitFor();
      expect(await seriousAxeViolations(owner)).toEqual([]);

      // Add the dish: a bad price is refused in the dialog, which keeps what was typed.
      await owner.getByRole('button', { name: 'Add dish' }).click();
      const dialog = owner.getByRole('dialog', { name: 'Add dish' });
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      await dialog.getByLabel('Category').selectOption('Salads');
      await dialog.getByLabel('Price ($)').fill('-4');
      await dialog.getByLabel(/^Ingredients(?! in Bangla)/).fill('Beef, Kalijira rice, Mustard oil');
      await dialog
        .getByLabel('Description', { exact: true })
        .fill('Old Dhaka style beef and rice, cooked with mustard oil.');
      await dialog.getByRole('checkbox', { name: 'Halal' }).check();
      await dialog.getByRole('checkbox', { name: 'Mustard' }).check();
      await dialog.getByLabel('Spice').selectOption({ label: 'Medium hot' });
      const png = await sharp({
        create: { width: 900, height: 700, channels: 3, background: { r: 150, g: 90, b: 30 } },
      })
        .png()
        .toBuffer();
      await dialog.getByLabel('Picture').setInputFiles({ name: 'tehari.png', mimeType: 'image/png', buffer: png });
      await dialog.getByRole('img', { name: "The dish's picture" }).waitFor();
      await dialog.getByRole('button', { name: 'Add dish' }).click();
      await dialog.getByText('The price is an amount such as 12.49: 0 or more, at most two decimals.').waitFor();
      expect(await dialog.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
      // The allergens' labels never run into the next box (issue 41, point 9: "Crustaceans" did).
      const boxes = await dialog
        .getByRole('group', { name: 'Allergens' })
        .locator('label')
        .evaluateAll((labels) =>
          labels.map((label) => {
            const box = label.getBoundingClientRect();
            const text = label.querySelector('input')?.nextSibling;
            const range = document.createRange();
            if (text) range.selectNodeContents(text);
            return {
              top: Math.round(box.top),
              left: box.left,
              right: text ? range.getBoundingClientRect().right : box.right,
            };
          }),
        );
      for (const [index, box] of boxes.entries()) {
        const next = boxes[index + 1];
        if (next && next.top === box.top) expect(box.right).toBeLessThanOrEqual(next.left);
      }
      // A problem shown goes as soon as its field is right, before the next save.
      await dialog.getByLabel('Price ($)').fill('17');
      await dialog
        .getByText('The price is an amount such as 12.49: 0 or more, at most two decimals.')
        .waitFor({ state: 'hidden' });
      await dialog.getByRole('button', { name: 'Add dish' }).click();
      await acceptDone(owner, 'The dish has been added to the menu');
      await owner.getByRole('row', { name: new RegExp(name) }).waitFor();

      const dish = await dishNamed(name);
      expect(dish).toMatchObject({
        price: 17,
        category: 'Salads',
        diet: ['halal'],
        allergens: ['mustard'],
        spicy: 2,
        available: true,
      });
      expect(dish?.imgSrcset).toContain('1024w');

      // The guest finds it on the menu and on its page, with its facts and its picture in the right size.
      await guest.goto('/products?category=Salads');
      await guest.getByRole('heading', { name }).waitFor();
      await guest.goto(`/products/${dish?._id}`);
      await guest.getByRole('heading', { name, level: 1 }).waitFor();
      // Nobody has rated the new dish yet: no "★ 0.0".
      expect(await guest.getByRole('article', { name }).getByText(/Rated/).count()).toBe(0);
      expect(await guest.getByRole('status', { name: 'Price' }).or(guest.getByLabel('Price')).first().innerText()).toBe(
        '$17.00',
      );
      await guest.getByText('Halal').first().waitFor();
      await guest.getByText('Medium hot').waitFor();
      await guest
        .getByRole('list', { name: `${name} allergens` })
        .getByText('Mustard')
        .waitFor();
      const picture = guest.getByRole('img', { name, exact: true }).first();
      expect(await picture.getAttribute('srcset')).toContain('-320.webp 320w');
      expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

      // A new price: the guest's next reload shows it.
      await owner.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = owner.getByRole('dialog', { name: `Edit ${name}` });
      await edit.getByLabel('Price ($)').fill('19');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await acceptDone(owner, 'The dish has been updated');
      await guest.reload();
      await guest.getByRole('heading', { name, level: 1 }).waitFor();
      expect(await guest.getByLabel('Price').first().innerText()).toBe('$19.00');

      // Sold out with one switch: the guest's reload shows it, and ordering is off.
      await owner.getByRole('switch', { name: new RegExp(name) }).click();
      await owner
        .getByRole('row', { name: new RegExp(name) })
        .getByText('Sold out')
        .waitFor();
      await guest.reload();
      await guest.getByRole('heading', { name, level: 1 }).waitFor();
      await guest.getByText(`${name} is sold out for now, so it cannot be ordered.`).waitFor();
      await guest
        .getByText(/Sold out/)
        .first()
        .waitFor();
      expect(await guest.getByRole('button', { name: TEXT.addToCart }).isDisabled()).toBe(true);
      await guest.goto('/products?category=Salads');
      const card = guest.getByRole('article', { name });
      await card.getByText('Sold out', { exact: false }).first().waitFor();
      expect(await card.getByRole('button', { name: new RegExp(TEXT.addToCart) }).isDisabled()).toBe(true);

      // Back on: the card offers Add to Cart again.
      await owner.getByRole('switch', { name: new RegExp(name) }).click();
      await owner
        .getByRole('row', { name: new RegExp(name) })
        .getByText('On the menu')
        .waitFor();
      await guest.reload();
      await guest
        .getByRole('article', { name })
        .getByRole('link', { name: new RegExp(TEXT.addToCart) })
        .waitFor();

      // Sold out until tomorrow morning: 10:00 on the restaurant's clock (Asia/Dhaka), as the
      // guest reads it too, from browsers on UTC.
      await owner
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('button', { name: /^Mark sold out until tomorrow 10:00/ })
        .click();
      await owner
        .getByRole('row', { name: new RegExp(name) })
        .getByText('Sold out until 10:00 tomorrow')
        .waitFor();
      await guest.reload();
      await guest.getByRole('article', { name }).getByText('Sold out until 10:00 tomorrow').waitFor();
    },
  );

  it('fits a phone, and a staff member sees the switches only', async () => {
    const { page } = await suite.open({ viewport: { width: 390, height: 844 } });
    await signInThroughGuard(page, '/dashboard/menu', ADMIN);
    await page.getByRole('heading', { name: 'Categories' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The admin makes a new guest staff on All Users, with the role select.
    const { context, page: staff } = await suite.open({ viewport: { width: 390, height: 844 } });
    const account = await signUpInContext(context, suite.server.baseUrl);
    await page.goto('/dashboard/allUsers');
    await page.getByRole('combobox', { name: `Role of ${account.name}` }).selectOption('staff');
    await page
      .getByRole('dialog', { name: `Make ${account.name} staff?` })
      .getByRole('button', { name: 'Yes, change the role' })
      .click();
    await acceptDone(page, `${account.name} is now staff`);

    await staff.goto('/dashboard/menu');
    await staff.getByRole('heading', { name: 'Menu', level: 1 }).waitFor();
    await staff.getByRole('switch').first().waitFor();
    expect(await staff.getByRole('button', { name: 'Add dish' }).count()).toBe(0);
    expect(await staff.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expect(await staff.getByRole('heading', { name: 'Categories' }).count()).toBe(0);
    // The drawer (closed on a phone) lists Menu among the staff member's pages.
    expect(await staff.getByRole('link', { name: 'Menu availability', exact: true, includeHidden: true }).count()).toBe(
      1,
    );
  });
});
