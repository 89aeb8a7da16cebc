import { describe, expect, it } from 'vitest';
import type { RestaurantSettings } from '../../../src/shared/contract/restaurant.ts';
import { seriousAxeViolations } from '../../support/browser.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * A branch admin's Settings page in a real browser (docs/reference/branches.md "The API": the
 * brand's own fields are changed by brand admins only; decision 062): the brand's name, currency,
 * language and digits are shown and said to be the brand's, not editable; the rest of the form is
 * the branch's, and saving it (the whole form sent, the brand's fields as they are) is taken.
 */
const ADMIN = { email: 'branch-admin-settings@example.com', password: 'branch-admin-settings-pw-1' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, openGulshan } = suiteApi(suite);

describe("a branch admin's settings", () => {
  it("shows the brand's fields read-only and saves the branch's", { timeout: 120_000 }, async () => {
    const { context: adminContext } = await suite.open();
    await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    const admin = await tokenOf(adminContext, ADMIN.email);
    await openGulshan(adminContext, admin);

    const { context, page } = await suite.open();
    const manager = await signUpInContext(context, suite.server.baseUrl, newAccount('dhanmondi-admin'));
    const users = await call<{ data: { _id: string; email: string }[] }>(
      adminContext,
      admin,
      'GET',
      '/api/v1/users/users',
    );
    const id = users.data.find((u) => u.email === manager.email)?._id;
    await call(adminContext, admin, 'PATCH', `/api/v1/users/users/${id}`, { role: 'admin', branches: ['1'] });
    const before = (await call<{ data: RestaurantSettings }>(adminContext, admin, 'GET', '/api/v1/restaurant')).data;

    await page.goto('/dashboard/settings');
    await page
      .getByText("The name, currency, language and digits are the brand's, the same at every branch", { exact: false })
      .waitFor();
    const name = page.getByLabel('Name', { exact: true });
    await expect(name.inputValue()).resolves.toBe(before.name);
    await expect(name.getAttribute('readonly')).resolves.not.toBeNull();
    await expect(page.getByLabel('Currency (three letters)').getAttribute('readonly')).resolves.not.toBeNull();
    await expect(page.getByLabel('Language of the restaurant').isDisabled()).resolves.toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The branch's own field changed and the whole form saved: taken.
    await page.getByLabel('Address', { exact: true }).fill('Road 2, Dhanmondi');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The settings have been saved').waitFor();
    const after = (await call<{ data: RestaurantSettings }>(adminContext, admin, 'GET', '/api/v1/restaurant')).data;
    expect([after.address, after.name, after.currency]).toEqual(['Road 2, Dhanmondi', before.name, before.currency]);
  });
});
