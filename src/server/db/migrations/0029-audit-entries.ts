import { type Kysely, sql } from 'kysely';
import { isPostgres, serialId } from './dialect.ts';

/**
 * The audit trail (issue 60, decision 056): one row per act that changes money or who may do
 * what, append-only. Who did it is copied (id, name, e-mail, role at the time), with no foreign
 * key: a deleted account's entries keep its name. `ref` names the row the act made (a discount,
 * a refund), unique per kind, so that an act told twice (a repeated key, a retry) is kept once.
 * `amount` is in minor units; `before` and `after` are JSON of what changed, from what.
 *
 * Triggers refuse every update and delete on both engines: no code path, and no API, alters an
 * entry once written (a restore or a dropped database is the only way one goes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_entries')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('local_date', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('ref', 'text')
    .addColumn('staff_id', 'integer')
    .addColumn('staff_name', 'text', (c) => c.notNull())
    .addColumn('staff_email', 'text', (c) => c.notNull())
    .addColumn('staff_role', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer')
    .addColumn('reason', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('audit_entries_ref_idx').on('audit_entries').columns(['kind', 'ref']).unique().execute();
  await db.schema
    .createIndex('audit_entries_date_idx')
    .on('audit_entries')
    .columns(['local_date', 'staff_id'])
    .execute();
  if (isPostgres(db)) {
    await sql`create function audit_entries_append_only() returns trigger language plpgsql as $$ begin raise exception 'audit entries are append-only'; end $$`.execute(
      db,
    );
    await sql`create trigger audit_entries_append_only before update or delete on audit_entries for each row execute function audit_entries_append_only()`.execute(
      db,
    );
    // A truncate skips row triggers: refused by a statement trigger of its own.
    await sql`create trigger audit_entries_no_truncate before truncate on audit_entries for each statement execute function audit_entries_append_only()`.execute(
      db,
    );
  } else {
    await sql`create trigger audit_entries_no_update before update on audit_entries begin select raise(abort, 'audit entries are append-only'); end`.execute(
      db,
    );
    await sql`create trigger audit_entries_no_delete before delete on audit_entries begin select raise(abort, 'audit entries are append-only'); end`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_entries').execute();
  if (isPostgres(db)) await sql`drop function if exists audit_entries_append_only()`.execute(db);
}
