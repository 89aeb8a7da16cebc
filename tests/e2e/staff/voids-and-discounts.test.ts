import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Bill } from '../../../src/shared/contract/bills.ts';
import type { Product } from '../../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { seriousAxeViolations } from '../../support/browser.ts';
import { signInInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { text } from '../../support/bangla-texts.ts';
import { ROOT } from '../../support/app-process.ts';

/**
 * Issue 60 point 5 in a real browser: the owner's "Voids and discounts" page shows, per staff
 * member and day, the discounts and the cancels after cooking started with their amounts, and
 * each entry with its reason; the dashboard shows the last good backup. In English and in Bangla,
 * with no serious accessibility violation.
 */

const ADMIN = { email: 'owner-voids@example.com', password: 'owner-password-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call } = suiteApi(suite);

describe('voids and discounts', () => {
  it(
    'lists the discounts and the late cancels per staff member and day, with their reasons, in both languages',
    { timeout: 180_000 },
    async () => {
      const { context, page } = await suite.open();
      await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
      const admin = await tokenOf(context, ADMIN.email);
      await call(context, admin, 'PATCH', '/api/v1/restaurant', {
        timeZone: 'UTC',
        openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
        kitchen: { acceptingOrders: true, pausedUntil: null },
      });
      const dish = suite.menu.find((d) => (d.options ?? []).length === 0) as Product;
      const place = async () =>
        (
          await call<{ data: Ticket }>(context, admin, 'POST', '/api/v1/tickets', {
            fulfilment: 'pickup',
            when: 'asap',
            lines: [{ productId: dish._id, quantity: 1 }],
            customer: { name: 'Phone Caller', phone: '+880 1711-222333' },
            key: `e2e-voids-${Date.now()}-${Math.random()}`,
          })
        ).data;
      const discounted = await place();
      const bill = (
        await call<{ data: Bill }>(context, admin, 'POST', `/api/v1/bills/${discounted.billId}/discounts`, {
          amount: 1.5,
          reason: 'Soup was cold',
        })
      ).data;
      const cooked = await place();
      await call(context, admin, 'POST', `/api/v1/kitchen/tickets/${cooked._id}/status`, { status: 'preparing' });
      await call(context, admin, 'POST', `/api/v1/kitchen/tickets/${cooked._id}/status`, {
        status: 'cancelled',
        reason: 'Dropped on the floor',
      });

      await page.goto('/dashboard');
      const menu = page.getByRole('navigation', { name: 'Dashboard pages' });
      await menu.getByRole('link', { name: TEXT.voidsAndDiscounts, exact: true }).click();
      await page.waitForURL('**/dashboard/voids-and-discounts');
      await page.getByRole('heading', { name: 'Voids and discounts', level: 1 }).waitFor();
      const summary = page.getByRole('region', { name: 'Per staff member and day' });
      const row = summary.getByRole('row', { name: new RegExp(`^${new Date().toISOString().slice(0, 10)} Admin`) });
      await row.waitFor();
      await expect.poll(() => row.textContent()).toContain(`1 · $1.50`);
      expect(await row.textContent()).toContain(`1 · $${cooked.total.toFixed(2)}`);
      const entries = page.getByRole('region', { name: 'Every entry' });
      await entries.getByRole('row', { name: /Discount Bill .* \$1\.50 Soup was cold/ }).waitFor();
      await entries.getByRole('row', { name: /Cancel Order .* Dropped on the floor/ }).waitFor();
      expect(await entries.textContent()).toContain(`Bill ${bill.number}`);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // In Bangla: the page's own words are the catalogue's.
      await page.goto('/dashboard/voids-and-discounts?lang=bn');
      expect(await page.locator('html').getAttribute('lang')).toBe('bn');
      await page.getByRole('heading', { name: text('text.voidsAndDiscounts'), level: 1 }).waitFor();
      const bangla = page.getByRole('region', { name: text('audit.perStaff') });
      await bangla.getByRole('columnheader', { name: text('audit.lateCancels') }).waitFor();
      await page
        .getByRole('region', { name: text('audit.entries') })
        .getByText(text('audit.kinds.discount'), { exact: true })
        .first()
        .waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The dashboard names the last good backup once `npm run backup` has asked the running server for one.
      await page.goto('/dashboard?lang=en');
      await page
        .getByRole('region', { name: 'Backups' })
        .getByText(/No backup has been taken yet\.|Last good backup:/)
        .waitFor();
      const backup = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/data/backup.ts'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: suite.server.dataDir },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(backup.status, `${backup.stdout}${backup.stderr}`).toBe(0);
      await page.reload();
      await page
        .getByRole('region', { name: 'Backups' })
        .getByText(/^Last good backup: .*storefront-.*\.sqlite$/)
        .waitFor();
    },
  );
});
