import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/contract/catalog.ts';
import { localDigits } from '../../src/shared/i18n/format.ts';
import { signInInContext } from '../support/e2e-accounts.ts';
import { useE2eSuite } from '../support/e2e-suite.ts';
import { escapeRegExp as escape, text } from '../support/bangla-texts.ts';

/**
 * The staff forms' own checks in Bangla (issue 51, decision 045): the settings and the menu
 * editor's dish dialog, submitted with mistakes on a Bangla page, say each problem in the words
 * of bn.json (read from the catalog here) with Bengali digits, before anything is sent; the
 * option editor writes its numbers in Bengali digits, takes them typed in either digits, and
 * saves the right numbers.
 */
const ADMIN = { email: 'owner-bangla-forms@example.com', password: 'owner-bangla-forms-2027' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });

const bangla = (value: string | number) => localDigits(String(value), 'bn');

/** The writes the page sends to `path` (PATCH, PUT, POST) from now on. */
function writesTo(page: Page, path: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && path.test(new URL(request.url()).pathname)) seen.push(`${request.method()} ${request.url()}`);
  });
  return seen;
}

describe("the staff forms' own checks in Bangla", () => {
  it('says the settings` mistakes in Bangla with Bengali digits, before sending anything', { timeout: 120_000 }, async () => {
    const { context, page } = await suite.open();
    await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/settings?lang=bn');
    expect(await page.locator('html').getAttribute('lang')).toBe('bn');
    await page.getByRole('heading', { name: text('text.settings'), level: 1 }).waitFor();
    const sent = writesTo(page, /^\/api\/v1\/restaurant$/);

    await page.getByRole('group', { name: text('settings.theRestaurant') }).getByLabel(text('settings.name'), { exact: true }).fill(' ');
    await page.getByLabel(text('settings.reservations.slotMinutes')).fill('7');
    await page.getByLabel(text('settings.reservations.maxPartySize')).fill('500');
    await page.getByRole('button', { name: text('settings.save') }).click();

    await page.getByText(text('settings.correctMany', { n: bangla(3) })).waitFor();
    const problems = page.locator('main p.text-error');
    await expect.poll(() => problems.allInnerTexts()).toEqual([text('server.field.required2'), text('server.field.divide60'), text('server.field.most2', { v0: bangla(50) })]);
    expect(sent).toEqual([]);
  });

  it('says the dish dialog`s mistakes in Bangla, shows the options` numbers in Bengali digits and saves what is typed in either', { timeout: 120_000 }, async () => {
    const dish = suite.menu.find((one) => one.options.some((group) => group.values.length >= 2 && group.max < 9)) as Product;
    const g = dish.options.findIndex((group) => group.values.length >= 2 && group.max < 9);
    const group = dish.options[g] as Product['options'][number];
    const value = group.values[1] as (typeof group.values)[number];
    const { context, page } = await suite.open({ viewport: { width: 1280, height: 1000 } });
    await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/menu?lang=bn');
    expect(await page.locator('html').getAttribute('lang')).toBe('bn');
    const dishName = dish.translations?.bn.name || dish.name;
    await page.getByRole('button', { name: `${text('menuAdmin.edit')} ${dishName}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: text('menuAdmin.editDish', { name: dishName }) });
    const fieldset = dialog.getByRole('group', { name: new RegExp(`^${escape(text('menuAdmin.groupTitle', { n: bangla(g + 1), label: '' }))}`) });
    const max = fieldset.getByLabel(text('menuAdmin.max'), { exact: true });
    const price = fieldset.getByLabel(new RegExp(`^${escape(text('menuAdmin.valuePrice'))}`)).nth(1);
    const prep = fieldset.getByLabel(new RegExp(`^${escape(text('menuAdmin.extraPrep'))}`)).nth(1);

    // The numbers as the page writes them: Bengali digits, in the legend's rule too.
    expect(await max.inputValue()).toBe(bangla(group.max));
    expect(await price.inputValue()).toBe(bangla(value.price));
    expect(await prep.inputValue()).toBe(bangla(value.prepUnits));
    expect(await fieldset.locator('legend').first().innerText()).not.toMatch(/[0-9]/);

    // Mistakes typed in Bengali digits: said in Bangla beside their fields, nothing sent.
    const sent = writesTo(page, /^\/api\/v1\/allProductsData\//);
    await price.fill('১.২৫৫');
    await max.fill('৯');
    await dialog.getByRole('button', { name: text('menuAdmin.saveChanges') }).click();
    await fieldset.getByText(text('server.field.mayCarryMostTwoDecimals', { v0: text('server.fieldName.price') }), { exact: true }).waitFor();
    await fieldset.getByText(text('server.field.maxAtMostValues', { v0: group.translations?.en.name ?? group.name, v1: bangla(group.values.length) }), { exact: true }).waitFor();
    expect(await max.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    // Put right, in Bengali and Latin digits: saved as the numbers they are.
    await price.fill('৩৫.৫০');
    await prep.fill('1.5');
    await max.fill(bangla(group.max));
    await dialog.getByRole('button', { name: text('menuAdmin.saveChanges') }).click();
    await dialog.waitFor({ state: 'hidden' });
    const saved = (await suite.server.api<{ data: Product }>(`/api/v1/allProductsData/${dish._id}`)).body.data;
    const savedValue = saved.options[g]?.values[1];
    expect([saved.options[g]?.max, savedValue?.price, savedValue?.prepUnits]).toEqual([group.max, 35.5, 1.5]);
  });
});
