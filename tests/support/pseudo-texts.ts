import type { Page } from 'playwright-core';
import type { Product } from '../../src/shared/contract/catalog.ts';

/**
 * The pseudo-locale runs' reading (docs/reference/service.md "Bangla and English", decision 045): with
 * I18N_PSEUDO=1 every catalog text is "⟦Çlöšé⟧", so what a page shows outside brackets did not
 * come from the catalogs once the owner's data (dish names, categories, the restaurant's name and
 * address, people's names and e-mails) is taken out.
 */

/** Every visible text of the page (or of its part `within`, a CSS selector) and every placeholder, as a person reads them. */
export async function visibleTexts(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const texts: string[] = [];
    const root = document.querySelector(selector) ?? document.body;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || parent.closest('script, style, noscript, template, [hidden], .sr-only')) continue;
      if (parent.getClientRects().length === 0 || getComputedStyle(parent).visibility === 'hidden') continue;
      texts.push(text);
    }
    for (const field of root.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]'))
      if (field.getClientRects().length > 0) texts.push(field.placeholder);
    return texts;
  }, within);
}

/**
 * A check of texts against the owner's data (dish names, the restaurant's name, …, which are
 * not the product's texts): the text when a word of two letters or more is left outside the
 * brackets once the data is taken out, else undefined.
 */
export function outsideCatalogs(data: readonly string[]): (text: string) => string | undefined {
  const known = data.filter((text) => text.trim() !== '').sort((a, b) => b.length - a.length);
  return (text) => {
    // A catalog text may hold another (a value filled in): the innermost brackets go first.
    let rest = text;
    for (let before = ''; before !== rest;) {
      before = rest;
      rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
    }
    for (const one of known) rest = rest.split(one).join(' ');
    return /\p{L}{2,}/u.test(rest) ? text : undefined;
  };
}

/** The owner's data of the demo restaurant, and the names the product never translates. */
export function ownerData(
  menu: Product[],
  restaurant: { name: string; address: string; phone: string },
  more: string[] = [],
): string[] {
  return [
    ...menu.flatMap((dish) => [
      dish.name,
      dish.category,
      dish.description,
      ...dish.items,
      ...dish.options.flatMap((group) => [group.name, ...group.values.map((value) => value.name)]),
    ]),
    restaurant.name,
    ...restaurant.name.split(' '),
    restaurant.address,
    restaurant.phone,
    // The switch names each language in itself; the wallets and the app stores are names.
    'English',
    'বাংলা',
    'bKash',
    'Nagad',
    'App Store',
    'Google Play',
    ...more,
  ];
}

/**
 * Visits each path and lists the texts found outside the catalogs, as "path: text". A page is
 * read once the network is quiet, or, for the screens kept live (server-sent events), once
 * `ready` says it is.
 */
export async function textsOutsideCatalogs(
  page: Page,
  paths: string[],
  data: string[],
  ready?: (path: string) => Promise<void>,
): Promise<string[]> {
  const outside = outsideCatalogs(data);
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    if (ready) await ready(path);
    else await page.waitForLoadState('networkidle');
    if ((await page.locator('html').getAttribute('data-pseudo')) !== '1')
      found.push(`${path}: not in the pseudo-locale`);
    for (const text of await visibleTexts(page)) {
      const left = outside(text);
      if (left) found.push(`${path}: ${left}`);
    }
  }
  return [...new Set(found)];
}
