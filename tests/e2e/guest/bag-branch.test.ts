import { describe, expect, it } from 'vitest';
import type { RestaurantSettings } from '../../../src/shared/contract/restaurant.ts';
import type { UserRecord } from '../../../src/shared/contract/users.ts';
import { signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * The bag belongs to one branch, in a real browser (docs/reference/branches.md "Guests", issue
 * 57): with one branch the menu's address is what it always was; from the second branch on,
 * choosing another branch while the bag holds the first one's lines asks "Your bag is for ….
 * Empty it and order from …?" (Cancel keeps the bag and the branch; yes empties the bag and
 * changes branch), the menu's and a dish's address carry `?branch={slug}`, and a link carrying
 * one opens at that branch in a browser that never chose it.
 */
const ADMIN = { email: 'bag-branch@example.com', password: 'bag-branch-password-1' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, openGulshan } = suiteApi(suite);
const GULSHAN = 'Saffron Table Gulshan';

describe("the guest's bag and their branch", () => {
  it('asks before emptying a full bag, and the address carries the branch', { timeout: 150_000 }, async () => {
    const { page, context } = await suite.open();
    const guest = await signUpInContext(context, suite.server.baseUrl);
    const token = await tokenOf(context, guest.email);
    const dish = suite.menu[0]!;
    // One branch: the menu's address is as it was.
    await page.goto('/products', { waitUntil: 'networkidle' });
    expect(new URL(page.url()).search).toBe('');

    const { context: adminContext } = await suite.open();
    await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    const admin = await tokenOf(adminContext, ADMIN.email);
    await openGulshan(adminContext, admin);
    const first = (await call<{ data: RestaurantSettings }>(adminContext, admin, 'GET', '/api/v1/restaurant')).data;
    // The guest's bag holds a line of the first branch.
    const email = encodeURIComponent(guest.email);
    await call(context, token, 'PATCH', `/api/v1/users/?email=${email}`, { orderId: dish._id, orderQuantity: 1 });
    const bag = async () =>
      (await call<{ data: UserRecord }>(context, token, 'GET', `/api/v1/users/?email=${email}`)).data.orders.filter(
        (o) => o.payment === null && !o.ticket,
      );
    expect((await bag()).map((o) => o.branchId)).toEqual(['1']);

    await page.goto('/');
    const picker = page.getByRole('region', { name: 'Choose your branch' });
    const gulshanCard = picker.getByRole('listitem').filter({ has: page.getByRole('heading', { name: GULSHAN }) });
    const question = `Your bag is for ${first.name}. Empty it and order from ${GULSHAN}?`;
    // Cancel: the bag and the branch stay.
    await gulshanCard.getByRole('button', { name: 'Order here' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(question, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await context.cookies()).find((c) => c.name === 'branch')).toBeUndefined();
    expect(await bag()).toHaveLength(1);

    // Yes: the bag is emptied, and the menu opens at Gulshan, its address carrying the branch.
    await gulshanCard.getByRole('button', { name: 'Order here' }).click();
    await dialog.getByText(question, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Empty it' }).click();
    await page.waitForURL((url) => url.pathname === '/products' && url.searchParams.get('branch') === 'gulshan');
    await page.getByRole('banner').getByText(`Your branch: ${GULSHAN}`, { exact: true }).waitFor();
    expect(await bag()).toEqual([]);
    // A dish's page carries it too.
    await page.goto(`/products/${dish._id}`);
    await page.waitForURL((url) => url.searchParams.get('branch') === 'gulshan');

    // A shared link opens at its branch in a browser that never chose one.
    const { page: friend, context: friendContext } = await suite.open();
    await friend.goto('/reservations/new?branch=gulshan');
    await friend.getByRole('banner').getByText(`Your branch: ${GULSHAN}`, { exact: true }).waitFor();
    expect((await friendContext.cookies()).find((c) => c.name === 'branch')?.value).toBe('gulshan');
    expect(new URL(friend.url()).searchParams.get('branch')).toBe('gulshan');
  });
});
