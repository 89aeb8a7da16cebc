import { describe, expect, it } from 'vitest';
import { signInInContext } from '../../support/e2e-accounts.ts';
import { suiteApi } from '../../support/e2e-api.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * The back office in Bangla (issue 51, decision 045): the day report and the settings screen
 * with their words from the catalogs and their numbers in Bengali digits; and the head of a page
 * (its title and description) in the page's language, on the pages the server renders and on
 * the shell of the others.
 */
const ADMIN = { email: 'owner-bangla@example.com', password: 'owner-password-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
const { tokenOf, call } = suiteApi(suite);

const BENGALI_DATE = /^[০-৯]{4}-[০-৯]{2}-[০-৯]{2}$/;

describe('the back office in Bangla', () => {
  it('shows the day report and the settings in Bangla, with Bengali digits', { timeout: 120_000 }, async () => {
    const { context, page } = await suite.open();
    await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    const admin = await tokenOf(context, ADMIN.email);
    await call(context, admin, 'PATCH', '/api/v1/restaurant', { closedDates: ['2031-12-25'] });

    await page.goto('/dashboard/day-report?lang=bn');
    expect(await page.locator('html').getAttribute('lang')).toBe('bn');
    await page.getByRole('heading', { name: 'দিনের হিসাব', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'ড্যাশবোর্ডের পাতা' }).getByRole('link', { name: 'সেটিংস' }).waitFor();
    await page.getByLabel('দিন').fill('2020-01-01');
    const figures = page.getByRole('region', { name: 'হিসাব' });
    await figures.getByRole('row', { name: 'পরিশোধিত বিল ০' }).waitFor();
    expect(await figures.getByRole('row', { name: /^রেখে দেওয়া অগ্রিম / }).innerText()).toMatch(
      /[০-৯]\.[০-৯]{2}\s*\(০টি অগ্রিম\)/,
    );
    await page.getByText('এই দিনে কোনো পেমেন্ট নেই।').waitFor();
    await page.getByRole('button', { name: 'CSV ডাউনলোড করুন' }).waitFor();
    await page.getByRole('group', { name: 'নগদ গণনা' }).getByRole('button', { name: 'গণনা রাখুন' }).waitFor();
    // No English word is left on the page but the names (the restaurant's, a payment wallet's).
    const words = (await page.locator('main').innerText()).match(/[A-Za-z]{3,}/g) ?? [];
    expect(words.filter((word) => word !== 'CSV')).toEqual([]);

    await page.goto('/dashboard/settings');
    expect(await page.locator('html').getAttribute('lang')).toBe('bn');
    await page.getByRole('heading', { name: 'সেটিংস', level: 1 }).waitFor();
    await page.getByRole('group', { name: 'রেস্তোরাঁ' }).getByLabel('নাম').waitFor();
    await page.getByLabel('স্লটের দৈর্ঘ্য (মিনিট)').waitFor();
    // The closed date in Bengali digits.
    const closed = page.getByRole('group', { name: 'বন্ধের দিন' }).getByRole('listitem').first();
    expect((await closed.innerText()).split('\n')[0]?.replace('✕', '').trim()).toMatch(BENGALI_DATE);
    await page.getByRole('button', { name: 'সেটিংস সংরক্ষণ করুন' }).click();
    await page.getByText('সেটিংস সংরক্ষণ হয়েছে').waitFor();
  });

  it(
    'writes the title and description of a page in its language, rendered on the server or not',
    { timeout: 60_000 },
    async () => {
      const base = suite.server.baseUrl;
      const head = async (path: string) => {
        const html = await (await fetch(`${base}${path}`)).text();
        return {
          lang: /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1],
          title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
          description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
        };
      };
      const count = suite.menu.length;
      expect(await head('/products?lang=en')).toEqual({
        lang: 'en',
        title: 'Our menu | Saffron Table',
        description: expect.stringMatching(new RegExp(`^${count} dishes at `)),
      });
      const bangla = await head('/products?lang=bn');
      expect(bangla.lang).toBe('bn');
      expect(bangla.title).toBe('আমাদের মেনু | Saffron Table');
      expect(bangla.description).toMatch(/^.+-এ [০-৯]+টি খাবার, প্রতিদিন টাটকা রান্না। /);
      expect((await head('/reservations/new?lang=bn')).title).toBe('টেবিল বুক করুন | Saffron Table');
      // A page the browser renders (the shell): its description in Bangla too, and in English as the build wrote it.
      const shell = await head('/dashboard?lang=bn');
      expect(shell.lang).toBe('bn');
      expect(shell.description).toBe(
        'Saffron Table: বার্গার, স্যান্ডউইচ, মেক্সিকান ও ইতালীয় খাবারের মেনু দেখুন, অনলাইনে অর্ডার করুন বা টেবিল বুক করুন।',
      );
      expect((await head('/dashboard?lang=en')).description).toBe(
        'Saffron Table: browse our menu of burgers, sandwiches, Mexican and Italian dishes, order online or reserve a table.',
      );
    },
  );
});
