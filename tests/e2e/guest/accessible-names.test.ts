import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInInContext, signUpInContext } from '../../support/e2e-accounts.ts';
import { useE2eSuite } from '../../support/e2e-suite.ts';

/**
 * Every form field's name, as assistive technology gets it (issue 36 point 5): Chromium's own
 * accessibility tree, read through the DevTools protocol, against the text of the field's
 * label alone. A label that takes in the field's options, its typed text or a hint (which
 * belongs in aria-describedby) gives a longer name than its own words; a label with a link
 * or a button inside is a fault of its own. Swept over every page with a form, as a guest,
 * a signed-in guest and an administrator. Run `npm run build` first.
 */

const ADMIN = { email: 'name-sweep-admin@example.com', password: 'admin-password-2024' };
const suite = useE2eSuite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });

interface Field {
  /** How the test names the field in a failure: tag, type, its name attribute or its label's words. */
  field: string;
  /** The name its labelling gives: aria-labelledby, aria-label, or its labels' own text (not the field's, not a description's). */
  expected: string;
  /** Interactive elements inside its labels other than the field itself. */
  inLabel: string[];
}

const CONTROLS = 'input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]), select, textarea';

/** The fields of the page as it is now, each with the name its labelling gives, marked in order. */
async function fieldsOf(page: Page): Promise<Field[]> {
  return page.evaluate((selector) => {
    const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
    const interactive = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';
    // What is on the page for everyone: not a closed dialog's fields, not a hidden helper (the dashboard's drawer toggle).
    const fields = [
      ...document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(selector),
    ].filter(
      (control) =>
        control.checkVisibility({ visibilityProperty: true }) &&
        !control.closest('[aria-hidden="true"], dialog:not([open])'),
    );
    for (const marked of document.querySelectorAll('[data-name-sweep]')) marked.removeAttribute('data-name-sweep');
    return fields.map((control, index) => {
      control.setAttribute('data-name-sweep', String(index));
      const described = new Set((control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean));
      // A label's own words: its text, leaving out form fields (their value or options) and descriptions.
      const ownText = (node: Node): string => {
        if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
        if (!(node instanceof Element)) return '';
        if (
          node.matches('input, select, textarea') ||
          (node.id && described.has(node.id)) ||
          node.getAttribute('aria-hidden') === 'true'
        )
          return ' ';
        return [...node.childNodes].map(ownText).join(node.matches('div, p, span.block') ? ' ' : '');
      };
      const labelledBy = (control.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
      const labels = [...(control.labels ?? [])];
      const expected =
        labelledBy.length > 0
          ? labelledBy.map((id) => squash(document.getElementById(id)?.textContent ?? '')).join(' ')
          : (control.getAttribute('aria-label') ?? labels.map((label) => squash(ownText(label))).join(' '));
      const inLabel = labels.flatMap((label) =>
        [...label.querySelectorAll(interactive)]
          .filter((element) => element !== control)
          .map((element) => squash(element.outerHTML).slice(0, 80)),
      );
      const words =
        squash(labels.map((label) => ownText(label)).join(' ')) ||
        control.getAttribute('aria-label') ||
        control.getAttribute('name') ||
        '';
      return {
        field: `${control.tagName.toLowerCase()}${control instanceof HTMLInputElement ? `[${control.type}]` : ''} "${words.slice(0, 40)}"`,
        expected: squash(expected),
        inLabel,
      };
    });
  }, CONTROLS);
}

/** Chromium's accessible name of each marked field, in order. */
async function chromiumNames(page: Page, count: number): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const names: string[] = [];
    for (let index = 0; index < count; index++) {
      const { nodeId } = await cdp.send('DOM.querySelector', {
        nodeId: root.nodeId,
        selector: `[data-name-sweep="${index}"]`,
      });
      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
      const value = nodes[0]?.name?.value;
      names.push(typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');
    }
    return names;
  } finally {
    await cdp.detach();
  }
}

/** Every field of the page whose name is not its label's own words, or whose label holds another control. */
async function faults(page: Page, where: string): Promise<string[]> {
  const fields = await fieldsOf(page);
  const names = await chromiumNames(page, fields.length);
  return fields.flatMap(({ field, expected, inLabel }, index) => {
    const name = names[index] ?? '';
    const found: string[] = [];
    if (name === '') found.push(`${where}: ${field} has no name`);
    else if (name !== expected) found.push(`${where}: ${field} is named "${name}", its label says "${expected}"`);
    for (const element of inLabel) found.push(`${where}: ${field}'s label holds ${element}`);
    return found;
  });
}

async function sweep(page: Page, paths: string[]): Promise<{ fields: number; faults: string[] }> {
  let fields = 0;
  const perPage: string[] = [];
  const found: string[] = [];
  for (const path of paths) {
    // The suite's goto returns once the app has taken the page over.
    await page.goto(path);
    // And once its reads have drawn their forms (no spinner left).
    await expect.poll(() => page.locator('.loading').count(), { message: path }).toBe(0);
    const pageFaults = await faults(page, path);
    const count = await page.locator('[data-name-sweep]').count();
    perPage.push(`${path} ${count}`);
    fields += count;
    found.push(...pageFaults);
  }
  console.info(`fields swept: ${perPage.join(', ')}`);
  return { fields, faults: found };
}

describe('every form field is named by its label alone (issue 36)', () => {
  it('the booking form names its guests select exactly "Guests", the hint read as its description', async () => {
    const { page } = await suite.open();
    await page.goto('/reservations/new');
    const guests = page.getByRole('combobox', { name: 'Guests', exact: true });
    await guests.waitFor();
    const hint = await guests.evaluate(
      (select) => document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
    );
    expect(hint).toMatch(/^More than \d+\? Call us on /);
  });

  it('as a guest: the public pages, sign-in and sign-up', async () => {
    const { page } = await suite.open();
    const dish = suite.menu[0]!;
    const result = await sweep(page, [
      '/',
      '/products',
      `/products/${dish._id}`,
      '/about',
      `/home/search-page-items?q=${encodeURIComponent(dish.name.split(' ')[0]!)}`,
      '/reservations/new',
      '/signIn',
      '/signUp',
    ]);
    expect(result.faults).toEqual([]);
    expect(result.fields).toBeGreaterThan(8);
  });

  it('signed in: the dish page, checkout and the guest’s own pages', async () => {
    const { page, context } = await suite.open();
    await signUpInContext(context, suite.server.baseUrl);
    const dish = suite.menu[0]!;
    const result = await sweep(page, [
      `/products/${dish._id}`,
      '/reservations/new',
      '/checkout',
      '/dashboard',
      '/dashboard/orders',
      '/dashboard/reservations',
      '/dashboard/booking-orders',
      '/dashboard/favorite-orders',
      '/dashboard/reports-orders',
    ]);
    expect(result.faults).toEqual([]);
    expect(result.fields).toBeGreaterThan(3);
  });

  it('as an administrator: the menu, the tables, the settings, the day book, the users and New order', async () => {
    const { page, context } = await suite.open();
    await signInInContext(context, suite.server.baseUrl, ADMIN.email, ADMIN.password);
    const result = await sweep(page, [
      '/dashboard/menu',
      '/dashboard/tables',
      '/dashboard/settings',
      '/dashboard/book',
      '/dashboard/allUsers',
      '/kitchen',
      '/staff/order',
    ]);
    expect(result.faults).toEqual([]);
    expect(result.fields).toBeGreaterThan(10);
  });
});
