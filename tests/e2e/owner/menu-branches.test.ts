import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { seriousAxeViolations } from '../../support/browser.ts';
import { signInInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { acceptDone, signInThroughGuard, useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * The Menu page per branch in a real browser (docs/reference/branches.md "Staff and the owner"):
 * with one branch the dish dialog is as it was, and asks nothing more of the server; from the
 * second branch on it has, per branch, "Offered here" and "Price here" (empty: the brand's
 * price). The owner takes a dish off Gulshan's menu and gives another a price of Gulshan's own;
 * a guest at Gulshan sees that price and not the dish taken off, and the first branch's menu is
 * unchanged. A wrong price is refused in the dialog, which keeps what was typed.
 */
const ADMIN = { email: 'menu-branches@example.com', password: 'menu-branches-password-1' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, openGulshan } = suiteApi(suite);
const GULSHAN = 'Saffron Table Gulshan';

describe('the Menu page at each branch', () => {
  it("sets a dish's offer and price at Gulshan, as its guests then see", { timeout: 150_000 }, async () => {
    // Two dishes of one category, with no options.
    const plain = suite.menu.filter((d) => (d.options ?? []).length === 0);
    const category = plain.find((d) => plain.filter((o) => o.category === d.category).length >= 2)!.category;
    const [offOne, priced] = plain.filter((d) => d.category === category) as [Product, Product];

    // One branch: the dialog has no branches and asks the server for no branch's menu.
    const { page: owner } = await suite.open();
    const branchMenuReads: string[] = [];
    owner.on('request', (request) => {
      if (/\/api\/v1\/branches\/[^/]+\/menu/.test(request.url())) branchMenuReads.push(request.url());
    });
    await signInThroughGuard(owner, '/dashboard/menu', ADMIN);
    await owner.getByRole('button', { name: `Edit ${offOne.name}` }).click();
    let dialog = owner.getByRole('dialog', { name: `Edit ${offOne.name}` });
    await dialog.getByLabel('Name', { exact: true }).waitFor();
    expect(await dialog.getByText('Offered here').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    // Nor for a dish with options: no option value's price here.
    const withOptions = suite.menu.find((d) => (d.options ?? []).length > 0)!;
    await owner.getByRole('button', { name: `Edit ${withOptions.name}` }).click();
    dialog = owner.getByRole('dialog', { name: `Edit ${withOptions.name}` });
    await dialog.getByLabel('Name', { exact: true }).waitFor();
    expect(await dialog.getByText('Option prices here').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    expect(branchMenuReads).toEqual([]);

    // The brand admin opens Gulshan.
    const { context: adminContext } = await suite.open();
    await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    const admin = await tokenOf(adminContext, ADMIN.email);
    await openGulshan(adminContext, admin);

    // Not offered at Gulshan.
    await owner.reload();
    await owner.getByRole('button', { name: `Edit ${offOne.name}` }).click();
    dialog = owner.getByRole('dialog', { name: `Edit ${offOne.name}` });
    const gulshan = dialog.getByRole('group', { name: GULSHAN });
    const offered = gulshan.getByRole('checkbox', { name: 'Offered here' });
    await expect(offered.isChecked()).resolves.toBe(true);
    expect(await seriousAxeViolations(owner)).toEqual([]);
    await offered.uncheck();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await acceptDone(owner, 'The dish has been updated');

    // A price of Gulshan's own: a wrong one is refused with what was typed kept; then a right one.
    await owner.getByRole('button', { name: `Edit ${priced.name}` }).click();
    dialog = owner.getByRole('dialog', { name: `Edit ${priced.name}` });
    const price = dialog.getByRole('group', { name: GULSHAN }).getByRole('textbox', { name: 'Price here' });
    expect(await price.getAttribute('placeholder')).toBe(String(priced.price));
    await price.fill('12.345');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('The price here is an amount such as 12.49, or empty for the brand’s price.').waitFor();
    expect(await price.inputValue()).toBe('12.345');
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    await price.fill('23.5');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await acceptDone(owner, 'The dish has been updated');

    // The dialog opens again at what was set.
    await owner.getByRole('button', { name: `Edit ${offOne.name}` }).click();
    dialog = owner.getByRole('dialog', { name: `Edit ${offOne.name}` });
    const again = dialog.getByRole('group', { name: GULSHAN }).getByRole('checkbox', { name: 'Offered here' });
    await dialog.getByRole('group', { name: GULSHAN }).getByRole('textbox', { name: 'Price here' }).waitFor();
    await expect(again.isChecked()).resolves.toBe(false);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // A guest at Gulshan: the price of Gulshan's own, and no dish taken off its menu.
    const { page: atGulshan } = await suite.open();
    await atGulshan.goto(`/products?branch=gulshan&category=${encodeURIComponent(category)}`);
    const card = atGulshan.getByRole('article', { name: priced.name });
    await card.getByText('$23.50').waitFor();
    expect(await atGulshan.getByRole('article', { name: offOne.name }).count()).toBe(0);

    // A guest at the first branch: the menu as it was.
    const { page: atFirst } = await suite.open();
    await atFirst.goto(`/products?category=${encodeURIComponent(category)}`);
    await atFirst.getByRole('article', { name: offOne.name }).waitFor();
    const brandPrice = `$${priced.price.toFixed(2)}`;
    await atFirst.getByRole('article', { name: priced.name }).getByText(brandPrice).waitFor();
  });
});
