import { type Kysely, sql } from 'kysely';

/**
 * A split kept until its shares are paid (issue 58, point 3; decision 057):
 * - `bills.split_ways`: the ways staff split the bill (2–20); null: not split.
 * - `bill_payments.share`: the share (1…ways) a payment paid; null: a payment of no share.
 * A share is paid once: the partial unique index refuses a second payment of it, on any server.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bills add column split_ways integer`.execute(db);
  await sql`alter table bill_payments add column share integer`.execute(db);
  await sql`create unique index bill_payments_share_idx on bill_payments (bill_id, share) where share is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index bill_payments_share_idx`.execute(db);
  await sql`alter table bill_payments drop column share`.execute(db);
  await sql`alter table bills drop column split_ways`.execute(db);
}
