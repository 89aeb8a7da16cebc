import type { Kysely } from 'kysely';
import { toMinorUnits } from '../../../shared/contract/common.ts';
import { type RefundBody } from '../../../shared/contract/payments.ts';
import { claimKey, requestOfKey } from '../../db/request-keys.ts';
import type { AppDatabase } from '../../db/schema.ts';
import { conflict } from '../../http/errors.ts';

/**
 * A refund's key, bound to what it did (docs/reference/ordering.md "Money that agrees on every screen"): the
 * payment it refunds and the amount asked (none: all that is left). The same key sent again
 * with another amount, or for another payment, is 409 and changes nothing; sent with the same,
 * it answers the refund it made. Undefined when the client sent no key (each request is then a
 * refund of its own).
 */
export function refundKeyOf(paymentId: number, body: RefundBody) {
  const key = body.key;
  if (key === undefined) return undefined;
  const request = JSON.stringify({ paymentId, amount: body.amount === undefined ? null : toMinorUnits(body.amount) });
  return {
    /** Before anything else: a key already taken by another refund is refused at once. */
    async check(db: Kysely<AppDatabase>): Promise<void> {
      const earlier = await requestOfKey(db, 'payment-refund', key);
      if (earlier !== undefined && earlier !== request) throw conflict('keyWasAlreadyUsedAnother');
    },
    /** In the transaction that writes the refund: the key is kept with it (two at once: the second finds the first). */
    async claim(trx: Kysely<AppDatabase>, now: string): Promise<void> {
      if ((await claimKey(trx, 'payment-refund', key, request, now)) === 'other')
        throw conflict('keyWasAlreadyUsedAnother');
    },
  };
}
