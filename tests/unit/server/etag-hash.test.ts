import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { etagHash, toCachedJson } from '../../../src/server/http/cached-json.ts';

/** The weak ETags' hash (cached-json.ts, decision 080): SHA-1 of the body's bytes, as text or as a buffer. */
describe('the ETag hash', () => {
  it('is the SHA-1 of the UTF-8 bytes, the same for the text and its buffer', () => {
    const body = JSON.stringify({ name: 'কাচ্চি বিরিয়ানি', price: 450 });
    const expected = createHash('sha1').update(Buffer.from(body, 'utf8')).digest('base64url');
    expect(etagHash(body)).toBe(expected);
    expect(etagHash(Buffer.from(body, 'utf8'))).toBe(expected);
    expect(toCachedJson(body).etag).toBe(`W/"${expected}"`);
  });

  it('tells apart bodies that differ in one character, Bangla included, and in length', () => {
    const bodies = ['{"price":450}', '{"price":451}', '{"name":"ভাত"}', '{"name":"ভাট"}', '', ' ', 'x'.repeat(212_297)];
    const tags = bodies.map((body) => etagHash(body));
    expect(new Set(tags).size).toBe(bodies.length);
    expect(tags.every((tag) => /^[A-Za-z0-9_-]{27}$/.test(tag))).toBe(true);
  });
});
