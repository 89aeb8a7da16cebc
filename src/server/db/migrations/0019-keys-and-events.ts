import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

/**
 * Keys bound to what they did, and the install's own id (docs/reference/ordering.md "Money that agrees on
 * every screen", decision 037).
 *
 * - `request_keys`: a client's idempotency key per scope (`bill-payment`, `payment-refund`),
 *   with the request it was first sent with. The primary key makes a key count once across every
 *   bill (or payment), so the same key sent for another bill is refused, also under a race. The
 *   keys of bill payments already taken move over, bound to their bill (the first one where a key
 *   was used on two bills before).
 * - `install`: one row, the install's id, made here once; it goes into every idempotency key
 *   sent to a provider, so two installs on one Stripe or bKash account never share a key. The
 *   payments and refunds written before it keep the keys they were sent with (`payments_before`,
 *   `refunds_before`: the last ids then), so a retry after the upgrade is still the same request.
 * - `payment_events.claimed_until`: a webhook event is claimed before the provider is asked;
 *   null once processed (every event kept before this migration was processed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('request_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('request_keys_pk', ['scope', 'key'])
    .execute();
  // `where true`: SQLite's parser needs it between a select and its upsert clause.
  await sql`insert into request_keys (scope, key, request, created_at)
    select 'bill-payment', key, '{"billId":' || bill_id || ',' || substr(request, 2), at from bill_payments
    where key is not null and request is not null and true order by id
    on conflict (scope, key) do nothing`.execute(db);

  await db.schema
    .createTable('install')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('install_id', 'text', (c) => c.notNull())
    .addColumn('payments_before', 'integer', (c) => c.notNull())
    .addColumn('refunds_before', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  const last = await sql<{
    payments: number | null;
    refunds: number | null;
  }>`select (select max(id) from payments) as payments, (select max(id) from payment_refunds) as refunds`.execute(db);
  const row = last.rows[0];
  await sql`insert into install (id, install_id, payments_before, refunds_before, created_at)
    values (1, ${randomUUID()}, ${Number(row?.payments ?? 0)}, ${Number(row?.refunds ?? 0)}, ${new Date().toISOString()})`.execute(
    db,
  );

  await sql`alter table payment_events add column claimed_until text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from payment_events where claimed_until is not null`.execute(db);
  await sql`alter table payment_events drop column claimed_until`.execute(db);
  await db.schema.dropTable('install').execute();
  await db.schema.dropTable('request_keys').execute();
}
