import { brotliDecompressSync, brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliParams } from '../../../src/server/http/cached-json.ts';

/**
 * The brotli settings of a kept answer (cached-json.ts, decision 077): quality 9 while the window
 * the body needs is at most 64 KiB, 6 beyond it, the window sized to the body either way.
 */
describe('brotli settings by the size of the body', () => {
  const quality = (body: string) => brotliParams(body)[constants.BROTLI_PARAM_QUALITY];
  const window = (body: string) => brotliParams(body)[constants.BROTLI_PARAM_LGWIN];

  it('keeps quality 9 for a search answer, a dish or the menu, and takes 6 for a page past 64 KiB', () => {
    expect(quality('x'.repeat(2_000))).toBe(9);
    expect(quality('x'.repeat(65_536))).toBe(9);
    expect(window('x'.repeat(65_536))).toBe(16);
    expect(quality('x'.repeat(65_537))).toBe(6);
    expect(window('x'.repeat(65_537))).toBe(17);
    expect(quality('x'.repeat(212_297))).toBe(6);
    // Counted in bytes, not characters: Bangla takes three bytes a letter.
    expect(quality('ক'.repeat(22_000))).toBe(6);
    expect(window('x'.repeat(10))).toBe(constants.BROTLI_MIN_WINDOW_BITS);
  });

  it('gives back the same text once decompressed, small or large', () => {
    for (const body of ['{"a":1}'.repeat(300), `<p>${'ভাত '.repeat(40_000)}</p>`]) {
      const packed = brotliCompressSync(body, { params: brotliParams(body) });
      expect(brotliDecompressSync(packed).toString('utf8')).toBe(body);
      expect(packed.length).toBeLessThan(Buffer.byteLength(body) / 10);
    }
  });
});
