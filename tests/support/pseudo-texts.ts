import type { Page } from 'playwright-core';

/**
 * The pseudo-locale run's reading (decision 045): with I18N_PSEUDO=1 every catalog text is
 * "⟦Çlöšé⟧", so what a page shows outside brackets did not come from the catalogs.
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
    for (const field of root.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]')) if (field.getClientRects().length > 0) texts.push(field.placeholder);
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
    for (let before = ''; before !== rest; ) {
      before = rest;
      rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
    }
    for (const one of known) rest = rest.split(one).join(' ');
    return /\p{L}{2,}/u.test(rest) ? text : undefined;
  };
}
