import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Text the printer's fonts lack (Bangla) is printed as a picture (docs/reference/service.md "Formats"): drawn by
 * sharp (Pango) in Noto Sans Bengali, which the `@fontsource/noto-sans-bengali` package ships as
 * WOFF. Pango reads TrueType, so the WOFF is unpacked once into a font file in the temporary
 * folder (WOFF 1 is the font's tables, each zlib-compressed).
 */

const FONT_FILE = '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff';
let fontPath: string | undefined;

/** WOFF 1 → the TrueType font it packs (its tables inflated, laid out after a table directory). */
export function woffToTrueType(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error('not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const packed = woff.readUInt32BE(at + 8);
    const length = woff.readUInt32BE(at + 12);
    const raw = woff.subarray(offset, offset + packed);
    return {
      tag: woff.readUInt32BE(at),
      checksum: woff.readUInt32BE(at + 16),
      data: packed < length ? inflateSync(raw) : raw,
    };
  });
  let power = 1;
  let log = 0;
  while (power * 2 <= count) {
    power *= 2;
    log += 1;
  }
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(flavor, 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(power * 16, 6);
  head.writeUInt16BE(log, 8);
  head.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((table, i) => {
    const at = 12 + i * 16;
    head.writeUInt32BE(table.tag, at);
    head.writeUInt32BE(table.checksum, at + 4);
    head.writeUInt32BE(offset, at + 8);
    head.writeUInt32BE(table.data.length, at + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

function banglaFont(): string {
  if (fontPath) return fontPath;
  const woff = readFileSync(createRequire(import.meta.url).resolve(FONT_FILE));
  const folder = join(tmpdir(), 'storefront-fonts');
  mkdirSync(folder, { recursive: true });
  const path = join(folder, 'NotoSansBengali-Regular.ttf');
  writeFileSync(path, woffToTrueType(woff));
  fontPath = path;
  return path;
}

/** Text that the printers' code pages cannot print (anything beyond Latin-1 but common punctuation). */
export function needsImage(text: string): boolean {
  return /[^\u0020-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u2212]/u.test(text);
}

function escapeMarkup(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The text as a black-on-white PNG (base64) at most `widthDots` wide, `size` px high letters. */
export async function textImage(text: string, widthDots: number, size: number): Promise<string> {
  const drawn = await sharp({
    text: {
      text: `<span size="${size * 1024}">${escapeMarkup(text)}</span>`,
      font: 'Noto Sans Bengali',
      fontfile: banglaFont(),
      width: widthDots,
      dpi: 72,
      rgba: false,
      wrap: 'word-char',
    },
  })
    .negate({ alpha: false })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .threshold(128)
    .png({ palette: true, colours: 2 })
    .toBuffer();
  return drawn.toString('base64');
}

/**
 * Two texts on one line as a picture, `left` at the left and `right` at the right (a receipt's
 * label and amount, "রেডি ১৯:৪৫ | দেওয়া ১৯:৩০"): each drawn by textImage, set on a white line
 * `widthDots` wide.
 */
export async function rowImage(left: string, right: string, widthDots: number, size: number): Promise<string> {
  const rightPng = Buffer.from(await textImage(right, Math.floor(widthDots / 2), size), 'base64');
  const rightMeta = await sharp(rightPng).metadata();
  // sharp draws text as wide as it is: the picture's width is the text's.
  const rightWidth = rightMeta.width ?? 0;
  const leftPng = Buffer.from(await textImage(left, Math.max(8, widthDots - rightWidth - 16), size), 'base64');
  const leftMeta = await sharp(leftPng).metadata();
  const height = Math.max(leftMeta.height ?? 1, rightMeta.height ?? 1);
  const drawn = await sharp({ create: { width: widthDots, height, channels: 3, background: '#ffffff' } })
    .composite([
      { input: leftPng, left: 0, top: 0 },
      { input: rightPng, left: Math.max(0, widthDots - rightWidth), top: 0 },
    ])
    .greyscale()
    .threshold(128)
    .png({ palette: true, colours: 2 })
    .toBuffer();
  return drawn.toString('base64');
}
