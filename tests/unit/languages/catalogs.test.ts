import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import bn from '../../../src/shared/i18n/locales/bn.json';
import en from '../../../src/shared/i18n/locales/en.json';
import { loadLanguage, pseudoText, setPageLanguage, setPseudoLocale, t } from '../../../src/shared/i18n/i18n.ts';
import { TEXT } from '../../../src/shared/texts.ts';
import { CANCEL_MONEY_TEXT, OPTION_TEXT } from '../../../src/shared/texts-ordering.ts';

type Catalog = { [key: string]: string | Catalog };

function flatten(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

/**
 * The catalogs' check (docs/reference/service.md "Bangla and English", decision 045): the extractor reads the
 * code afresh into an empty folder; the committed English must be exactly the code's, and
 * Bangla must hold every message, with the same {{values}}. Part of `npm test`.
 */
describe('message catalogs', () => {
  const extracted = (() => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogs-'));
    try {
      execFileSync(
        process.execPath,
        [
          'node_modules/i18next-parser/bin/cli.js',
          '--config',
          'i18next-parser.config.js',
          '--output',
          join(dir, '$LOCALE.json'),
          '--silent',
        ],
        { stdio: 'pipe' },
      );
      return flatten(JSON.parse(readFileSync(join(dir, 'en.json'), 'utf8')) as Catalog);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  const english = flatten(en as Catalog);
  const bangla = flatten(bn as Catalog);

  it('finds the texts of the code', () => {
    expect(extracted.size).toBeGreaterThan(90);
    expect(extracted.get('text.addToCart')).toBe('Add to Cart');
  });

  it('has no plural forms: the catalogs are read by a plain lookup ({{count}} makes the extractor write _one and _other keys)', () => {
    expect([...extracted.keys()].filter((key) => /_(zero|one|two|few|many|other)$/.test(key))).toEqual([]);
  });

  it('has the English of the code, no more, no less (run `npm run i18n:extract` after a change)', () => {
    expect(Object.fromEntries(english)).toEqual(Object.fromEntries(extracted));
  });

  it('has every message in Bangla, with the same values to fill in', () => {
    const missing = [...extracted.keys()].filter((key) => !bangla.get(key));
    expect(missing, `messages without Bangla in src/shared/i18n/locales/bn.json`).toEqual([]);
    const extra = [...bangla.keys()].filter((key) => !extracted.has(key));
    expect(extra, 'Bangla messages the code no longer has').toEqual([]);
    for (const [key, text] of extracted) expect(placeholders(bangla.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('reads the texts in the current language, English by default exactly as docs/reference/storefront.md quotes them', async () => {
    expect(TEXT.emptyList).toBe('Sorry!! You do not Orders any Product pleace booking Orders!!');
    expect(OPTION_TEXT.choose('Salsa', 'Pork Tamales')).toBe('Choose Salsa for Pork Tamales');
    await loadLanguage('bn');
    setPageLanguage('bn');
    try {
      expect(TEXT.addToCart).toBe('ব্যাগে যোগ করুন');
      expect(OPTION_TEXT.choose('সালসা', 'টামালে')).toBe('টামালে-এর জন্য সালসা বেছে নিন');
      expect(t('text.addToCart', 'Add to Cart', undefined, 'en')).toBe('Add to Cart');
    } finally {
      setPageLanguage('en');
    }
  });

  it('writes the pseudo-locale in brackets, values as given', () => {
    setPseudoLocale(true);
    try {
      expect(CANCEL_MONEY_TEXT.refunded('$12.00')).toBe('⟦Réfüñdéd $12.00⟧');
      expect(pseudoText('Close')).toBe('⟦Clöšé⟧');
    } finally {
      setPseudoLocale(false);
    }
  });
});
