import { afterEach, describe, expect, it, vi } from 'vitest';
import { staffOrderBody } from '../../../src/shared/contract/staff-orders.ts';
import { newIdempotencyKey as newOrderKey } from '../../../src/client/lib/idempotency-key.ts';

/**
 * The key the "New order" page makes for each order it means to place (docs/reference/ordering.md "Orders taken
 * by staff"): a UUID from crypto.randomUUID, or the same shape from getRandomValues where the page
 * is not a secure context (a tablet on the LAN over http has no randomUUID); always a key the
 * API takes, and a new one each time.
 */

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const body = (key: string) => ({
  fulfilment: 'pickup',
  when: 'asap',
  lines: [{ productId: 1, quantity: 1 }],
  customer: { name: 'Rina' },
  key,
});

afterEach(() => vi.unstubAllGlobals());

describe('newOrderKey', () => {
  it('is a UUID the API takes, new each time', () => {
    const keys = Array.from({ length: 200 }, () => newOrderKey());
    expect(new Set(keys).size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(UUID_V4);
      expect(staffOrderBody.safeParse(body(key)).success).toBe(true);
    }
  });

  it('without crypto.randomUUID (not a secure context) makes the same shape from getRandomValues', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => real.getRandomValues(array) });
    const keys = Array.from({ length: 200 }, () => newOrderKey());
    expect(new Set(keys).size).toBe(200);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('the API refuses keys shorter than 8 or longer than 64 characters', () => {
    expect(staffOrderBody.safeParse(body('1234567')).success).toBe(false);
    expect(staffOrderBody.safeParse(body('12345678')).success).toBe(true);
    expect(staffOrderBody.safeParse(body('k'.repeat(64))).success).toBe(true);
    expect(staffOrderBody.safeParse(body('k'.repeat(65))).success).toBe(false);
  });
});
