import { describe, expect, it } from 'vitest';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { allDayKitchen } from '../../support/records.ts';
import { pattern, text } from '../../support/bangla-texts.ts';

/**
 * A waiter's round in Bangla (docs/reference/service.md "Bangla and English", issue 51): the switch set to
 * বাংলা, the Floor, a table chosen, its round sent from New order, the kitchen starting it and
 * making it ready, the bill's payment taken in cash — every step in the words of bn.json (read
 * from the catalog here, never retyped), amounts and numbers in Bengali digits.
 */
const ADMIN = { email: 'owner-bangla-round@example.com', password: 'owner-bangla-round-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, makeStaff } = suiteApi(suite);

const BENGALI_AMOUNT = /\$[০-৯][০-৯,]*\.[০-৯]{2}/;

describe('a waiter in Bangla', () => {
  it(
    'chooses a table, sends its round, the kitchen starts it and makes it ready, and takes the bill`s payment, every step in Bangla',
    { timeout: 180_000 },
    async () => {
      const { context: adminContext } = await suite.open();
      await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const admin = await tokenOf(adminContext, ADMIN.email);
      await call(adminContext, admin, 'PATCH', '/api/v1/restaurant', allDayKitchen(100));
      const table = (
        await call<{ data: { _id: string; name: string } }>(adminContext, admin, 'POST', '/api/v1/tables', {
          name: 'Bangla 5',
          minCovers: 1,
          maxCovers: 4,
        })
      ).data;

      const { context, page } = await suite.open({ viewport: { width: 1280, height: 1000 } });
      const waiter = await signUpInContext(context, suite.server.baseUrl, newAccount('waiter-bn'));
      await makeStaff(adminContext, admin, waiter.email);

      // বাংলা, chosen once: the Floor in Bangla.
      await page.goto('/staff/tables?lang=bn');
      expect(await page.locator('html').getAttribute('lang')).toBe('bn');
      await page.getByRole('heading', { level: 1, name: text('floor.title') }).waitFor();
      const tables = page.getByRole('list', { name: text('floor.tablesAndState') });
      const tableButton = tables.getByRole('button', { name: new RegExp(`^${table.name} `) });
      await tableButton.filter({ hasText: text('floor.free') }).waitFor();
      await page.getByText(text('kitchen.live'), { exact: true }).waitFor();

      // The table chosen: no bill yet; "Add items" takes its round.
      await tableButton.click();
      await page.getByText(text('bill.noOpenBill')).waitFor();
      await page.getByRole('link', { name: text('floor.addItems') }).click();
      await page.waitForURL((url) => url.pathname === '/staff/order');
      await page.getByRole('heading', { level: 1, name: text('staffOrder.title') }).waitFor();
      expect(await page.getByRole('radio', { name: text('staffOrder.table') }).isChecked()).toBe(true);

      const dish = suite.menu.find((one) => one.available && (one.options ?? []).length === 0) as Product;
      // In Bangla the menu names the dish by its Bangla name (decision 047; the demo menu has one).
      const name = dish.translations?.bn.name || dish.name;
      await page.getByLabel(text('staffOrder.searchDishes')).fill(name);
      await page
        .getByRole('list', { name: text('staffOrder.dishesToAdd') })
        .getByRole('button', { name: new RegExp(name) })
        .click();
      await page
        .getByRole('status')
        .filter({ hasText: text('staffOrder.added', { name }) })
        .waitFor({ state: 'attached' });
      const line = page.getByRole('group', { name: `১. ${name}` });
      await line.getByLabel(text('staffOrder.quantity')).waitFor();
      // The kitchen's forecast, in Bengali digits: "যত তাড়াতাড়ি সম্ভব (১৯:৪৫-এ তৈরি হবে)".
      await page.waitForFunction(
        (asap) =>
          [...document.querySelectorAll('option')].some(
            (o) => (o.textContent ?? '').startsWith(asap) && /[০-৯]{2}:[০-৯]{2}/.test(o.textContent ?? ''),
          ),
        text('staffOrder.asap'),
      );
      await page.getByRole('button', { name: text('staffOrder.send') }).click();
      const sent = page.getByRole('heading', { name: pattern('staffOrder.sentToKitchen') });
      await sent.waitFor();
      const number = /[A-Z]-\d+/.exec(await sent.innerText())?.[0] as string;
      expect(await sent.innerText()).toBe(text('staffOrder.sentToKitchen', { number }));
      // The round's lines, as the answer named them: in Bangla (the line's copy, decision 050).
      await page
        .getByRole('listitem')
        .filter({ hasText: `১ × ${name}` })
        .waitFor();

      // The kitchen, in Bangla: the card, then start → ready.
      await page.goto('/kitchen');
      await page.getByRole('heading', { level: 1, name: text('kitchen.title') }).waitFor();
      const card = page.getByRole('article', { name: text('kitchen.orderNumber', { number }) });
      await card.getByText(text('kitchen.statusNew'), { exact: true }).waitFor();
      await card.getByText(`${text('kitchen.dineIn')} · ${text('kitchen.tableName', { name: table.name })}`).waitFor();
      await card.getByText(name).waitFor();
      await card.getByRole('button', { name: text('kitchen.start') }).click();
      await page
        .getByRole('status')
        .filter({ hasText: text('server.answer.orderNowPreparing', { v0: number }) })
        .waitFor();
      await card.getByText(text('kitchen.statusCooking'), { exact: true }).waitFor();
      await card.getByRole('button', { name: text('kitchen.ready'), exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: text('server.answer.orderNowReady', { v0: number }) })
        .waitFor();
      await card.getByText(text('kitchen.statusReady'), { exact: true }).waitFor();
      // "All day" counts in Bengali digits.
      await page.getByRole('heading', { name: text('kitchen.allDay') }).waitFor();

      // Back on the Floor: the table's bill open, its due in Bengali digits; the payment taken in cash.
      await page.goto('/staff/tables');
      const open = tableButton.filter({ hasText: text('floor.billOpen') });
      await open.waitFor();
      expect(await open.innerText()).toMatch(BENGALI_AMOUNT);
      await open.click();
      const panel = page.getByRole('region', {
        name: new RegExp(`^${table.name} · ${text('bill.billNumber', { number: 'X' }).replace('X', '')}`),
      });
      await panel
        .getByRole('table', { name: text('bill.round', { n: '১' }) })
        .getByText(name)
        .waitFor();
      await panel.getByText(pattern('bill.openDue')).waitFor();
      await panel
        .getByRole('button', { name: text('floor.takePayment') })
        .first()
        .click();
      const form = panel.locator('#bill-pay');
      await form.getByRole('radio', { name: text('bill.cash') }).check();
      await form.getByRole('button', { name: text('floor.takePayment') }).click();
      const said = panel.getByRole('status').filter({ hasText: pattern('bill.paymentTaken') });
      await said.waitFor();
      const taken = await said.innerText();
      expect(taken).toMatch(BENGALI_AMOUNT);
      expect(taken).toContain(text('bill.cash'));
      expect(taken).toMatch(pattern('bill.billPaidReceipt'));
      await panel.getByText(pattern('bill.paidReceiptNo')).waitFor();
      await panel.getByText(text('bill.payments'), { exact: true }).waitFor();
    },
  );
});
