import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { seriousAxeViolations } from '../../support/browser.ts';
import { newAccount, signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { suiteApi } from '../../support/e2e-api.ts';

/**
 * The bill in a real browser (docs/reference/ordering.md "The bill"): the receipt printed to PDF on 80 mm
 * paper, and the administrators' "Day report" page with the day's figures, the CSV and the cash
 * count, on a desktop and on a phone, with no serious accessibility violation; with a second
 * branch, the brand's day by branch beside them (docs/reference/branches.md).
 */

const ADMIN = { email: 'owner-day-report@example.com', password: 'owner-password-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call, openGulshan } = suiteApi(suite);

describe('the day report and the receipt', () => {
  it(
    'prints a receipt on 80 mm paper; shows the day, downloads its CSV and keeps the cash count',
    { timeout: 180_000 },
    async () => {
      const { context: adminContext, page } = await suite.open();
      await signInInContext(adminContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const admin = await tokenOf(adminContext, ADMIN.email);
      // The kitchen open all day in UTC, so that an order is cooked as soon as possible whenever the test runs.
      await call(adminContext, admin, 'PATCH', '/api/v1/restaurant', {
        timeZone: 'UTC',
        openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
        kitchen: { acceptingOrders: true, pausedUntil: null },
      });

      // A guest's two pick-ups, paid at the counter: one in cash with a tip and change, one by card.
      const { context: guestContext } = await suite.open();
      const guest = await signUpInContext(guestContext, suite.server.baseUrl, newAccount('diner'));
      const guestToken = await tokenOf(guestContext, guest.email);
      const dishes = suite.menu.filter((d) => (d.options ?? []).length === 0) as Product[];
      const bills: Bill[] = [];
      for (const [i, dish] of dishes.slice(0, 2).entries()) {
        const line = await call<{ data: { orderMainId: string } }>(
          guestContext,
          guestToken,
          'PATCH',
          `/api/v1/users/?email=${encodeURIComponent(guest.email)}`,
          { orderId: dish._id, orderQuantity: 2, userGmail: guest.email, status: 'Conform' },
        );
        const ticket = (
          await call<{ data: Ticket }>(guestContext, guestToken, 'POST', '/api/v1/checkout', {
            orderIds: [line.data.orderMainId],
            fulfilment: 'pickup',
            when: 'asap',
            pay: { Method: 'cash' },
          })
        ).data;
        const due = (await call<{ data: Bill }>(adminContext, admin, 'GET', `/api/v1/bills/${ticket.billId}`)).data.due;
        const body =
          i === 0
            ? { method: 'cash', amount: due, tip: 1, tendered: Math.ceil(due) + 10, key: `e2e-day-${i}-cash` }
            : { method: 'card', amount: due, key: `e2e-day-${i}-card` };
        bills.push(
          (await call<{ data: Bill }>(adminContext, admin, 'POST', `/api/v1/bills/${ticket.billId}/payments`, body))
            .data,
        );
      }
      expect(bills.map((b) => b.status)).toEqual(['paid', 'paid']);
      const cashBill = bills[0] as Bill;

      // The receipt, printed to PDF at the page size its print CSS asks for: 80 mm wide (226.77 pt).
      const receipt = await adminContext.request.get(`${suite.server.baseUrl}/api/v1/bills/${cashBill._id}/receipt`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(receipt.status()).toBe(200);
      const { page: printPage } = await suite.open();
      await printPage.setContent(await receipt.text());
      await printPage.getByText(`Receipt no. ${cashBill.receiptNumber}`).waitFor();
      await printPage.emulateMedia({ media: 'print' });
      // The printed body fits the roll: nothing is wider than 80 mm less its margins.
      const widths = await printPage.evaluate(() => ({
        body: document.body.getBoundingClientRect().width,
        scroll: document.documentElement.scrollWidth,
      }));
      expect(widths.body).toBeLessThanOrEqual(Math.ceil((72 / 25.4) * 96) + 1);
      const pdf = (await printPage.pdf({ preferCSSPageSize: true })).toString('latin1');
      const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(pdf);
      expect(Number(box?.[1])).toBeCloseTo((80 / 25.4) * 72, 0);
      expect(pdf.slice(0, 5)).toBe('%PDF-');

      // The day report for today (UTC now).
      await page.goto('/dashboard');
      const menu = page.getByRole('navigation', { name: 'Dashboard pages' });
      await menu.getByRole('link', { name: TEXT.dayReport, exact: true }).click();
      await page.waitForURL('**/dashboard/day-report');
      await page.getByRole('heading', { name: TEXT.dayReport, level: 1 }).waitFor();
      const figures = page.getByRole('region', { name: 'Figures' });
      const report = (
        await call<{
          data: {
            bills: number;
            gross: number;
            netSales: number;
            totalTaken: number;
            cashExpected: number;
            tips: number;
          };
        }>(adminContext, admin, 'GET', `/api/v1/reports/day?date=${new Date().toISOString().slice(0, 10)}`)
      ).data;
      expect(report.bills).toBe(2);
      expect(report.cashExpected).toBe(cashBill.total + 1);
      await figures.getByRole('row', { name: `Bills paid ${report.bills}` }).waitFor();
      await figures.getByRole('row', { name: `Gross sales $${report.gross.toFixed(2)}` }).waitFor();
      // Issue 48, point 5: net sales and the total taken, named as on the dashboard.
      await figures.getByRole('row', { name: `Net sales $${report.netSales.toFixed(2)}` }).waitFor();
      await figures.getByRole('row', { name: `Total taken $${report.totalTaken.toFixed(2)}` }).waitFor();
      await figures.getByRole('row', { name: `Cash expected $${report.cashExpected.toFixed(2)}` }).waitFor();
      await figures.getByRole('row', { name: 'Tips $1.00' }).waitFor();
      // No deposit was kept that day (kept deposits: tests/api/reservations/deposits-kept.test.ts).
      await figures.getByRole('row', { name: 'Deposits kept $0.00 (0 deposits)' }).waitFor();
      const payments = page.getByRole('region', { name: 'Payments' });
      await payments.getByRole('row', { name: `cash 1 $${cashBill.total.toFixed(2)}` }).waitFor();
      await payments.getByRole('row', { name: `card 1 $${(bills[1] as Bill).total.toFixed(2)}` }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The CSV, saved as a file.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^day-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await download.path()) as string, 'utf8');
      expect(csv).toContain('bills,2\r\n');
      expect(csv).toContain(`cashExpected,${report.cashExpected.toFixed(2)}\r\n`);

      // The cash count, by keyboard: 2.00 short.
      const counted = page.getByLabel('Cash counted');
      await counted.fill('x');
      await page.getByRole('button', { name: 'Keep the count' }).click();
      await page.getByRole('alert').filter({ hasText: 'Enter the cash counted' }).waitFor();
      await counted.fill((report.cashExpected - 2).toFixed(2));
      await counted.press('Enter');
      await page
        .getByRole('status')
        .filter({
          hasText: `Expected $${report.cashExpected.toFixed(2)}, counted $${(report.cashExpected - 2).toFixed(2)}, difference -$2.00`,
        })
        .waitFor();

      // Another day has nothing to show.
      await page.getByLabel('Day').fill('2020-01-01');
      await figures.getByRole('row', { name: 'Bills paid 0' }).waitFor();
      await page.getByText('No payments on this day.').waitFor();

      // On a phone: the page fits the screen's width.
      const { context: phoneContext, page: phone } = await suite.open({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      await signInInContext(phoneContext, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      await phone.goto('/dashboard/day-report');
      await phone
        .getByRole('region', { name: 'Figures' })
        .getByRole('row', { name: `Bills paid ${report.bills}` })
        .waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousAxeViolations(phone)).toEqual([]);

      // A second branch, added by the brand admin: the page names the branch its figures are of
      // and sets the brand's day beside them, a row per branch and their sum.
      await openGulshan(adminContext, admin, {
        name: 'Gulshan',
        address: 'Road 11, Gulshan 2',
        phone: '+880 1711-000002',
        timeZone: 'UTC',
      });
      await page.goto('/dashboard/day-report');
      const byBranch = page.getByRole('region', { name: 'By branch' });
      const money = (n: number) => `$${n.toFixed(2)}`;
      await byBranch
        .getByRole('row', {
          name: `All branches 2 0 ${money(report.netSales)} ${money(report.totalTaken)} ${money(report.cashExpected)}`,
        })
        .waitFor();
      await byBranch.getByRole('row', { name: 'Gulshan 0 0 $0.00 $0.00 $0.00' }).waitFor();
      await page.getByRole('heading', { name: /^Figures at / }).waitFor();
      const [byBranchCsv] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV by branch' }).click(),
      ]);
      expect(byBranchCsv.suggestedFilename()).toMatch(/^day-\d{4}-\d{2}-\d{2}-brand\.csv$/);
      const columns = await readFile((await byBranchCsv.path()) as string, 'utf8');
      expect(columns).toMatch(/^figure,[a-z0-9-]+,gulshan,brand\r\n/);
      expect(columns).toContain('bills,2,0,2\r\n');
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The dashboard sets the branches' today side by side: Gulshan has sold nothing yet.
      await page.goto('/dashboard');
      const branchesToday = page.getByRole('region', { name: 'Branches today' });
      await branchesToday.getByRole('row', { name: 'Gulshan $0.00 0 0 –' }).waitFor();
      await expect(branchesToday.getByRole('row').count()).resolves.toBe(3);
    },
  );

  it('is for administrators: a guest is kept out', { timeout: 60_000 }, async () => {
    const { context, page } = await suite.open();
    await signUpInContext(context, suite.server.baseUrl, newAccount('nosy'));
    await page.goto('/dashboard/day-report');
    // The admin guard sends a guest to sign in; the page never shows.
    await page.waitForURL('**/signIn');
    await expect(page.getByRole('heading', { name: TEXT.dayReport, level: 1 }).count()).resolves.toBe(0);
    await page.goto('/dashboard');
    await expect(
      page.getByRole('navigation', { name: 'Dashboard pages' }).getByRole('link', { name: TEXT.dayReport }).count(),
    ).resolves.toBe(0);
  });
});
