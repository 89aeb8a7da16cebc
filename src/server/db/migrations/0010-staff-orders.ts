import { type Kysely, sql } from 'kysely';

/**
 * Orders taken by staff (docs/reference/ordering.md "Orders taken by staff", issue 38). A ticket gains where
 * it came from (`source`: "online" for a guest's checkout, the default, so every ticket placed
 * before is "online"; "staff" for one taken by phone, at the counter or at a table), who took
 * it (`taken_by`) and the caller's phone (`customer_phone`); a line gains the note staff wrote
 * for the kitchen. `ticket_keys` holds each staff order's idempotency key with a hash of what
 * it asked for and the ticket it placed: the key is the primary key, so the database itself
 * refuses a second claim of one key however many requests race with it. A placing claims its
 * key first and names the ticket at the end of the same transaction (ticket_id is empty only
 * inside it); a refused placing leaves no key behind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tickets add column source text not null default 'online' check (source in ('online', 'staff'))`.execute(
    db,
  );
  await sql`alter table tickets add column taken_by integer references users(id) on delete set null`.execute(db);
  await sql`alter table tickets add column customer_phone text`.execute(db);
  await sql`alter table ticket_lines add column note text`.execute(db);

  await db.schema
    .createTable('ticket_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('ticket_id', 'integer', (c) => c.references('tickets.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ticket_keys_ticket_idx').on('ticket_keys').column('ticket_id').execute();
  await sql`create index tickets_taken_by_idx on tickets (taken_by) where taken_by is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists tickets_taken_by_idx`.execute(db);
  await db.schema.dropTable('ticket_keys').ifExists().execute();
  await sql`alter table ticket_lines drop column note`.execute(db);
  await sql`alter table tickets drop column customer_phone`.execute(db);
  await sql`alter table tickets drop column taken_by`.execute(db);
  await sql`alter table tickets drop column source`.execute(db);
}
