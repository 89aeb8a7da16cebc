import { describe, expect, it } from 'vitest';
import { paymentBody } from '../../../src/shared/contract/bills.ts';
import { newIdempotencyKey } from '../../../src/client/lib/idempotency-key.ts';

/** The Floor's payment keys (docs/reference/ordering.md "Payments … key"): accepted by the contract, and a new one each time. */
describe('newIdempotencyKey for payments', () => {
  it('makes keys the payment call accepts, never the same twice', () => {
    const keys = Array.from({ length: 1000 }, () => newIdempotencyKey());
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(paymentBody.safeParse({ method: 'cash', amount: 1, key }).success).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });
});
