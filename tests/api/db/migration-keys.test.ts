import { describe, expect, test } from 'vitest';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import { claimKey } from '../../../src/server/db/request-keys.ts';
import { useUnmigratedDatabase } from '../../support/unmigrated-database.ts';
import { asMinor } from '../../../src/shared/domain/money.ts';

/**
 * Migration 0019 (keys bound to what they did, the install's id, claimed webhook events;
 * decision 037) on a database that already took bill payments with keys, on SQLite and (with
 * TEST_DATABASE_URL) PostgreSQL: the keys move over bound to their bill (the first bill where one
 * key was used on two), so the same key sent for another bill is then refused; the install gets
 * its id once, with the last payment and refund before it; events kept before count as processed;
 * its `down` removes all of it, and `up` again makes a new id.
 */
describe('migrating a database with keyed bill payments to bound keys', () => {
  const opened = useUnmigratedDatabase();

  test('keys move over bound to their bill; the install id is made once; down and up again', async () => {
    const { db } = opened();
    await migrateToLatest(db, '0016-kept-deposits');
    const now = new Date().toISOString();
    const bill = (seq: number) => ({
      local_date: '2026-11-01',
      seq,
      number: `B-${seq}`,
      fulfilment: 'dine_in',
      table_id: null,
      reservation_id: null,
      covers: 2,
      opened_at: now,
      status: 'open',
    });
    const [first, second] = (
      await db
        .insertInto('bills')
        .values([bill(1), bill(2)])
        .returning('id')
        .execute()
    ).map((r) => r.id);
    const request = JSON.stringify({ method: 'cash', amount: 500, tip: 0, tendered: null });
    const payment = (billId: number, key: string) => ({
      bill_id: billId,
      key,
      request,
      method: 'cash',
      provider: 'restaurant',
      amount: asMinor(500),
      tip: asMinor(0),
      tendered: null,
      change: null,
      status: 'succeeded',
      at: now,
      by_user_id: null,
    });
    await db
      .insertInto('bill_payments')
      .values([
        payment(first as number, 'till-key-old-1'),
        payment(second as number, 'till-key-old-1'),
        payment(second as number, 'till-key-old-2'),
      ])
      .execute();
    await db
      .insertInto('payment_events')
      .values({
        event_id: 'evt_old',
        provider: 'stripe',
        type: 'checkout.session.completed',
        payment_id: null,
        received_at: now,
      } as never)
      .execute();

    await migrateToLatest(db);
    const keys = await db.selectFrom('request_keys').selectAll().orderBy('key').execute();
    expect(keys.map((k) => [k.scope, k.key, JSON.parse(k.request)])).toEqual([
      ['bill-payment', 'till-key-old-1', { billId: first, method: 'cash', amount: 500, tip: 0, tendered: null }],
      ['bill-payment', 'till-key-old-2', { billId: second, method: 'cash', amount: 500, tip: 0, tendered: null }],
    ]);
    const bound = (billId: number) => JSON.stringify({ billId, ...JSON.parse(request) });
    expect(await claimKey(db, 'bill-payment', 'till-key-old-1', bound(first as number), now)).toBe('same');
    expect(await claimKey(db, 'bill-payment', 'till-key-old-2', bound(first as number), now)).toBe('other');
    expect(await claimKey(db, 'bill-payment', 'till-key-new-1', bound(first as number), now)).toBe('new');
    const install = await db.selectFrom('install').selectAll().execute();
    expect(install).toHaveLength(1);
    expect(install[0]).toMatchObject({ id: 1, payments_before: 0, refunds_before: 0 });
    expect(install[0]?.install_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(
      (
        await db
          .selectFrom('payment_events')
          .select('claimed_until')
          .where('event_id', '=', 'evt_old')
          .executeTakeFirstOrThrow()
      ).claimed_until,
    ).toBeNull();

    await migrateToLatest(db, '0016-kept-deposits');
    await migrateToLatest(db);
    const again = await db.selectFrom('install').select('install_id').executeTakeFirstOrThrow();
    expect(again.install_id).not.toBe(install[0]?.install_id);
    expect(await db.selectFrom('request_keys').select('key').execute()).toHaveLength(2);
  });
});
