import { type Kysely, sql } from 'kysely';

/**
 * Money that agrees on every screen (docs/reference/ordering.md, its last section; decision 036):
 * - `bills.rules`: the billing rules (tax mode, rates, service charge, tax name) a bill took at
 *   its first payment, as JSON. From then on its money is computed with them, so a settings
 *   change cannot bring a partly paid bill's total under what was paid. Null: it follows the
 *   settings of the moment (no payment yet, or a bill paid before this migration).
 * - Refunds given back at the restaurant (`POST /api/v1/bills/{id}/refunds`): each refund row
 *   names its reason and who gave it (the request's key is bound to its bill and body in
 *   `request_keys`, migration 0019).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bills add column rules text`.execute(db);
  await sql`alter table bill_refunds add column reason text`.execute(db);
  await sql`alter table bill_refunds add column by_user_id integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bill_refunds drop column by_user_id`.execute(db);
  await sql`alter table bill_refunds drop column reason`.execute(db);
  await sql`alter table bills drop column rules`.execute(db);
}
