import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Noto Sans Bengali for pages in Bangla (issue 58, point 7): a phone or PC without a Bengali
 * font showed boxes. Served from `@fontsource/noto-sans-bengali` (already a dependency, the
 * printers' font): its Bengali subset only (44 KB woff2 a weight, no Latin glyphs), two weights
 * (bold and semibold texts take the 700), and only on pages in Bangla: `<html lang="bn">` gets
 * the `@font-face` rules inline, so an English page neither names nor fetches the font (its one
 * Bangla word, the "বাংলা" switch, stays in the device's fonts), and a Bangla page fetches a
 * weight only once a Bengali letter is drawn in it (`unicode-range`). No script loads it: the
 * first load's JavaScript is unchanged. The address carries the package's version, so a year's
 * cache is safe.
 */
const PACKAGE = '@fontsource/noto-sans-bengali';
const require = createRequire(import.meta.url);
const VERSION = (JSON.parse(readFileSync(require.resolve(`${PACKAGE}/package.json`), 'utf8')) as { version: string })
  .version;
export const BENGALI_FONT_WEIGHTS = [400, 700] as const;

/** The address of a weight's file. */
export const bengaliFontUrl = (weight: number) => `/fonts/noto-sans-bengali-${VERSION}-${weight}.woff2`;

/** The Bengali block (and the marks and joiners Bangla text uses), as fontsource's subset covers it. */
const BENGALI_RANGE =
  'U+0951-0952,U+0964-0965,U+0980-09FE,U+1CD0,U+1CD2,U+1CD5-1CD6,U+1CD8,U+1CE1,U+1CEA,U+1CED,U+1CF2,U+1CF5-1CF7,U+200C-200D,U+20B9,U+25CC,U+A8F1';

/** The `<style>` a Bangla page's head carries: the faces, and the font first in both stacks (Latin letters fall through to the others). */
export const BENGALI_FONT_STYLE = `<style id="bengali-font">${BENGALI_FONT_WEIGHTS.map(
  (weight) =>
    `@font-face{font-family:'Noto Sans Bengali';font-style:normal;font-display:swap;font-weight:${weight};src:url(${bengaliFontUrl(weight)}) format('woff2');unicode-range:${BENGALI_RANGE}}`,
).join(
  '',
)}html:lang(bn){--font-sans:'Noto Sans Bengali',system-ui,sans-serif;--font-display:'Noto Sans Bengali',Georgia,serif}</style>`;

/** A weight's file, read once when first asked for. */
const files = new Map<number, Buffer>();
export function bengaliFontFile(weight: number): Buffer | undefined {
  if (!(BENGALI_FONT_WEIGHTS as readonly number[]).includes(weight)) return undefined;
  let file = files.get(weight);
  if (!file) {
    file = readFileSync(require.resolve(`${PACKAGE}/files/noto-sans-bengali-bengali-${weight}-normal.woff2`));
    files.set(weight, file);
  }
  return file;
}

/** Where the route finds the weight in an address it serves, or undefined (another version, another weight). */
export function weightOfFontPath(name: string): number | undefined {
  const match = /^noto-sans-bengali-(.+)-(\d{3})\.woff2$/.exec(name);
  return match && match[1] === VERSION ? Number(match[2]) : undefined;
}
