import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { formatMoney } from '../../../src/shared/format-money.ts';
import { axeViolations } from '../../support/browser.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { suiteApi } from '../../support/e2e-api.ts';

/**
 * Issue 55 point 2 on the Floor, in a real browser (decision 055): a table whose bill owes money
 * back to its party (two rounds, all but $1.00 taken in cash, round 2 cancelled) says "Owed back"
 * on the table, and its bill says to settle the table first beside a disabled "Add items"; the
 * give-back the cancel dialog named goes through from the bill, and "Add items" is back.
 */

const ADMIN = { email: 'owner-settle@example.com', password: 'owner-settle-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, makeStaff } = suiteApi(suite);
const price = (amount: number) => formatMoney(amount, 'USD');
const tableButton = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Tables and their state' }).getByRole('button', { name: new RegExp(`^${name} `) });

describe('the Floor and money owed back', () => {
  it('a table that owes money back is settled before its next round', { timeout: 180_000 }, async () => {
    const { context: adminContext } = await suite.open();
    await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    const admin = await tokenOf(adminContext, ADMIN.email);
    await call(adminContext, admin, 'PATCH', '/api/v1/restaurant', {
      timeZone: 'UTC',
      openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
      kitchen: {
        bucketMinutes: 15,
        unitsPerBucket: 100,
        prepMinutes: 20,
        extraDelayMinutes: 0,
        acceptingOrders: true,
        pausedUntil: null,
      },
    });
    const table = (
      await call<{ data: { _id: string; name: string } }>(adminContext, admin, 'POST', '/api/v1/tables', {
        name: 'Window 31',
        minCovers: 1,
        maxCovers: 4,
      })
    ).data;

    const { context, page } = await suite.open({ viewport: { width: 820, height: 1180 }, hasTouch: true });
    const waiter = await signUpInContext(context, suite.server.baseUrl, newAccount('settle-waiter'));
    await makeStaff(adminContext, admin, waiter.email);
    const staff = await tokenOf(context, waiter.email);
    const dish = suite.menu.find((d) => (d.options ?? []).length === 0) as Product;
    const order = (quantity: number, key: string) =>
      call<{ data: Ticket }>(context, staff, 'POST', '/api/v1/tickets', {
        fulfilment: 'dine_in',
        when: 'asap',
        lines: [{ productId: dish._id, quantity }],
        customer: { name: 'Window guests' },
        tableId: table._id,
        key,
      });
    const first = (await order(2, 'settle-e2e-round-1')).data;
    const second = (await order(2, 'settle-e2e-round-2')).data;
    const billId = first.billId as string;
    const full = (await call<{ data: Bill }>(context, staff, 'GET', `/api/v1/bills/${billId}`)).data;
    await call(context, staff, 'POST', `/api/v1/bills/${billId}/payments`, {
      method: 'cash',
      amount: Math.round(full.total * 100 - 100) / 100,
      key: 'settle-e2e-cash',
    });
    await call(context, staff, 'POST', `/api/v1/kitchen/tickets/${second._id}/status`, {
      status: 'cancelled',
      reason: 'Guest changed their mind',
    });
    const owing = (await call<{ data: Bill }>(context, staff, 'GET', `/api/v1/bills/${billId}`)).data;
    expect(owing).toMatchObject({ status: 'open', due: 0 });
    expect(owing.owedBack).toBeGreaterThan(0);

    await page.goto('/staff/tables');
    await page.getByRole('heading', { level: 1, name: 'Floor' }).waitFor();
    const button = tableButton(page, table.name).filter({ hasText: `Owed back ${price(owing.owedBack)}` });
    await button.waitFor({ timeout: 15_000 });
    await button.click();
    const panel = page.getByRole('region', { name: `${table.name} · Bill ${owing.number}` });
    await panel.waitFor();
    const addItems = panel.getByRole('button', { name: 'Add items' });
    expect(await addItems.isDisabled()).toBe(true);
    expect(await panel.getByRole('link', { name: 'Add items' }).count()).toBe(0);
    const note = `Settle the table first: give back ${price(owing.owedBack)} to its last guests, then add the next round.`;
    await panel.getByText(note).waitFor();
    expect(await addItems.getAttribute('aria-describedby')).toBe(await panel.getByText(note).getAttribute('id'));
    expect(await axeViolations(page, ['moderate', 'serious', 'critical'])).toEqual([]);

    // The give-back the cancel dialog named, from the bill: the bill is paid and the next round may come.
    await panel.getByRole('button', { name: `Give back ${price(owing.owedBack)}` }).click();
    await panel.getByText(`${price(owing.owedBack)} given back.`, { exact: false }).waitFor({ timeout: 15_000 });
    const settled = (await call<{ data: Bill }>(context, staff, 'GET', `/api/v1/bills/${billId}`)).data;
    expect(settled).toMatchObject({ status: 'paid', owedBack: 0 });
    await panel.getByRole('link', { name: 'Add items' }).waitFor({ timeout: 15_000 });
    const next = (await order(1, 'settle-e2e-round-3')).data;
    expect(next.billId).not.toBe(billId);
  });
});
