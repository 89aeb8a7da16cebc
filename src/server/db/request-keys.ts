import type { Kysely } from 'kysely';
import type { AppDatabase } from './schema.ts';

/** The scopes of clients' idempotency keys: a key counts once in its scope, whatever bill or payment it names. */
export type KeyScope =
  | 'bill-payment'
  | 'bill-split'
  | 'payment-refund'
  | 'bill-refund'
  | 'bill-discount'
  | 'ticket-status'
  | 'dish-availability'
  | 'option-availability';

/**
 * What a key sent with `request` is (docs/reference/ordering.md "Money that agrees on every screen": "a key is
 * bound to what it did"): `new` (this call took it, so the caller does the work in the same
 * transaction), `same` (it was taken with this very request: answer what it did), `other` (taken
 * with another request, another bill or another amount: 409, nothing changes).
 */
export type KeyClaim = 'new' | 'same' | 'other';

/**
 * Claims `key` in `scope` for `request`, inside the transaction that does what the key asks
 * (`trx`): the key is kept only if that transaction commits. Two transactions claiming one key
 * at once: the primary key makes the second wait for the first (PostgreSQL) or run after it
 * (SQLite), and then find it. `request` must be the same text for the same request (a JSON of
 * its fields in a fixed order).
 */
export async function claimKey(
  trx: Kysely<AppDatabase>,
  scope: KeyScope,
  key: string,
  request: string,
  now: string,
): Promise<KeyClaim> {
  const inserted = await trx
    .insertInto('request_keys')
    .values({ scope, key, request, created_at: now })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return 'new';
  return (await requestOfKey(trx, scope, key)) === request ? 'same' : 'other';
}

/** The request a key was first sent with, or undefined when it is free (a read before the transaction that claims it). */
export async function requestOfKey(db: Kysely<AppDatabase>, scope: KeyScope, key: string): Promise<string | undefined> {
  return (
    await db
      .selectFrom('request_keys')
      .select('request')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst()
  )?.request;
}

/**
 * For a write whose key is optional (a kitchen status change, a sold-out switch: docs/reference/service.md
 * "Staff screens that survive the Wi-Fi"), inside its transaction: false without a key or when
 * this call took it (do the work), true when the key was taken with this very request (a repeat:
 * do nothing, answer things as they are), and `reused()` thrown when it was taken with another.
 */
export async function isRepeat(
  trx: Kysely<AppDatabase>,
  scope: KeyScope,
  key: string | undefined,
  request: string,
  now: string,
  reused: () => Error,
): Promise<boolean> {
  if (key === undefined) return false;
  const claim = await claimKey(trx, scope, key, request, now);
  if (claim === 'other') throw reused();
  return claim === 'same';
}
