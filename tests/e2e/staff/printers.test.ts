import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { PrinterView } from '../../../src/shared/contract/printers.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { allDayKitchen } from '../../support/records.ts';
import { axeViolations } from '../../support/browser.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { acceptDone, confirmDelete, useE2eSuite } from '../../support/e2e-suite.ts';
import { FakeCloudPrntPrinter } from '../../support/fake-cloudprnt.ts';

/**
 * Printers that pull their jobs in a real browser (docs/reference/service.md): the admin adds a printer on
 * "Printers", reads its address once, a fake CloudPRNT printer polls it and prints the test page
 * and a reprint marked REPRINT; the address is renewed (the old one refused), the printer edited
 * and deleted. A printer that never polled is named on the kitchen board and the Floor ("Kitchen
 * printer offline since HH:MM"), and the Floor's "Print receipt" prints at the receipt printer.
 */

const ADMIN = { email: 'owner-printers@example.com', password: 'owner-printers-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, makeStaff } = suiteApi(suite);
const moderateOrWorse = (page: Page) => axeViolations(page, ['moderate', 'serious', 'critical']);
/** The address on the test server (PUBLIC_URL may name another host). */
const onServer = (url: string) => `${suite.server.baseUrl}${new URL(url).pathname}`;
const hhmm = (iso: string) => iso.slice(11, 16);

describe('the Printers page', () => {
  it(
    'adds a printer, shows its address once, prints a test page and a reprint, renews the address, edits and deletes it',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await suite.open();
      await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const admin = await tokenOf(context, ADMIN.email);
      await call(context, admin, 'PATCH', '/api/v1/restaurant', { timeZone: 'UTC' });
      const category = suite.menu[0]?.category as string;

      await page.goto('/dashboard/printers');
      await page.getByRole('heading', { level: 1, name: 'Printers' }).waitFor();
      expect(await page.title()).toMatch(/^Printers/);
      await page.getByText('No printers yet.').waitFor();
      const form = page.getByRole('form', { name: 'Add a printer' });
      await form.getByLabel('Printer name').fill('Pass');
      await form.getByLabel('Role').selectOption('kitchen');
      await form.getByRole('checkbox', { name: category, exact: true }).check();
      await form.getByRole('button', { name: 'Add printer' }).click();
      const address = page.getByLabel('Printer address');
      await address.waitFor();
      const pollUrl = (await address.textContent()) as string;
      expect(pollUrl).toMatch(/\/api\/v1\/printers\/poll\/[A-Za-z0-9_-]{32}$/);
      const row = page.getByRole('listitem', { name: 'Pass' });
      await row.getByText('Last seen: never').waitFor();
      await row.getByText(`Kitchen · 80 mm · ${category}`).waitFor();
      expect(await moderateOrWorse(page)).toEqual([]);
      await page.getByRole('button', { name: 'Done' }).click();
      // Shown once: gone from the page, and in no answer of the list.
      expect(await address.count()).toBe(0);
      await page.reload();
      await row.waitFor();
      expect(await page.getByText(pollUrl).count()).toBe(0);

      // The printer polls: online, last seen now.
      const printer = new FakeCloudPrntPrinter({ urls: [onServer(pollUrl)] });
      expect(await printer.pollOnce()).toBeUndefined();
      await page.reload();
      await row.getByText('online').waitFor();
      expect(await row.getByText('Last seen: never').count()).toBe(0);

      // A test page, then its reprint.
      await row.getByRole('button', { name: 'Test page on Pass' }).click();
      await acceptDone(page, 'A test page is on its way');
      const [testPage] = await printer.drain();
      expect(testPage?.text).toContain('TEST PAGE');
      await row.getByRole('button', { name: 'Jobs of Pass' }).click();
      const jobs = page.getByRole('table', { name: 'Jobs of Pass' });
      await jobs.getByRole('cell', { name: 'printed' }).waitFor();
      await jobs.getByRole('button', { name: 'Reprint Test page' }).click();
      await acceptDone(page, 'Reprinting');
      const [copy] = await printer.drain();
      expect(copy?.text).toContain('REPRINT');
      await jobs.getByRole('cell', { name: 'Test page (REPRINT)' }).waitFor();

      // A new address: the old one is refused, the new one shown once.
      await row.getByRole('button', { name: 'New address for Pass' }).click();
      const ask = page.getByRole('dialog', { name: 'A new address for Pass?' });
      await ask.getByRole('button', { name: 'Yes, renew' }).click();
      await address.waitFor();
      const renewed = (await address.textContent()) as string;
      expect(renewed).not.toBe(pollUrl);
      await expect(printer.pollOnce()).rejects.toThrow(/poll: 404/);
      expect(await new FakeCloudPrntPrinter({ urls: [onServer(renewed)] }).pollOnce()).toBeUndefined();
      await page.getByRole('button', { name: 'Done' }).click();

      // Edited, then deleted.
      await row.getByRole('button', { name: 'Edit Pass' }).click();
      const edit = page.getByRole('form', { name: 'Edit Pass' });
      await edit.getByLabel('Printer name').fill('Pass 2');
      await edit.getByLabel('Paper').selectOption('58');
      await edit.getByRole('button', { name: 'Save printer' }).click();
      await acceptDone(page, 'The printer has been updated');
      const edited = page.getByRole('listitem', { name: 'Pass 2' });
      await edited.getByText(`Kitchen · 58 mm · ${category}`).waitFor();
      await edited.getByRole('button', { name: 'Delete Pass 2' }).click();
      await confirmDelete(page, 'Delete Pass 2?');
      await acceptDone(page, 'The printer has been removed');
      await page.getByText('No printers yet.').waitFor();
    },
  );

  it(
    'a printer that never polled is named on the kitchen board and the Floor; "Print receipt" prints at the receipt printer',
    { timeout: 180_000 },
    async () => {
      const { context: adminContext } = await suite.open();
      await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const admin = await tokenOf(adminContext, ADMIN.email);
      await call(adminContext, admin, 'PATCH', '/api/v1/restaurant', allDayKitchen(100));
      const kitchen = (
        await call<{ data: PrinterView }>(adminContext, admin, 'POST', '/api/v1/printers', {
          name: 'Line',
          role: 'kitchen',
          paperWidth: 80,
        })
      ).data;
      const till = (
        await call<{ data: PrinterView & { pollUrl: string } }>(adminContext, admin, 'POST', '/api/v1/printers', {
          name: 'Till',
          role: 'receipt',
          paperWidth: 80,
        })
      ).data;
      const receiptPrinter = new FakeCloudPrntPrinter({ urls: [onServer(till.pollUrl)], supports: ['text/plain'] });
      await receiptPrinter.pollOnce();

      const { context, page } = await suite.open({ viewport: { width: 820, height: 1180 } });
      const cook = await signUpInContext(context, suite.server.baseUrl, newAccount('cook'));
      await makeStaff(adminContext, admin, cook.email);
      const staff = await tokenOf(context, cook.email);

      const offline = `Kitchen printer offline since ${hhmm(kitchen.createdAt)}`;
      await page.goto('/kitchen');
      await page.getByRole('alert').filter({ hasText: offline }).waitFor();
      // The till polled: it is not named.
      expect(await page.getByText('Receipt printer offline').count()).toBe(0);
      expect(await moderateOrWorse(page)).toEqual([]);

      // A table's bill, paid: its receipt prints at the till, and "Print receipt" prints it again.
      const table = (
        await call<{ data: { _id: string; name: string } }>(adminContext, admin, 'POST', '/api/v1/tables', {
          name: 'Window 7',
          minCovers: 1,
          maxCovers: 4,
        })
      ).data;
      const dish = suite.menu.find((d) => !d.options?.length) as { _id: string };
      const ticket = (
        await call<{ data: Ticket }>(context, staff, 'POST', '/api/v1/tickets', {
          fulfilment: 'dine_in',
          when: 'asap',
          lines: [{ productId: dish._id, quantity: 1 }],
          customer: { name: 'Window guests' },
          tableId: table._id,
          key: `printers-e2e-${Date.now()}`,
        })
      ).data;
      const bill = (await call<{ data: Bill }>(context, staff, 'GET', `/api/v1/bills/${ticket.billId}`)).data;
      await call(context, staff, 'POST', `/api/v1/bills/${bill._id}/payments`, {
        method: 'card',
        amount: bill.due,
        key: `printers-e2e-pay-${Date.now()}`,
      });
      await page.goto(`/staff/tables?table=${table._id}&bill=${bill._id}`);
      await page.getByRole('alert').filter({ hasText: offline }).waitFor();
      const panel = page.getByRole('region', { name: new RegExp(`^${table.name}`) });
      await panel.getByText(/^Paid · Receipt no\./).waitFor();
      const first = await receiptPrinter.drain();
      expect(first).toHaveLength(1);
      await panel.getByRole('button', { name: 'Print receipt' }).click();
      await panel.getByRole('status').filter({ hasText: 'The receipt is on its way to the printer' }).waitFor();
      const [again] = await receiptPrinter.drain();
      const number = (
        (await call<{ data: Bill }>(context, staff, 'GET', `/api/v1/bills/${bill._id}`)).data.receiptNumber ?? 0
      ).toString();
      expect(again?.text).toContain(`Receipt no. ${number}`);
      expect(await moderateOrWorse(page)).toEqual([]);
    },
  );
});
