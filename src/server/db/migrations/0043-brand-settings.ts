import { type Kysely, sql } from 'kysely';

/**
 * The brand's name apart from its first branch's (issue 57, docs/reference/branches.md "What
 * belongs to whom": the brand owns its name, and a branch its own; decision 062): one row,
 * `brand_settings (id = 1, name, updated_at)`, its name the restaurant's name that branch 1's
 * settings row holds today, so nothing shown changes. From then on the brand is renamed by
 * `PATCH /api/v1/restaurant` (brand admins) and a branch by `PATCH /api/v1/branches/{id}`.
 * The brand's other fields (currency, language, Latin digits) stay in every branch's row, written
 * to all of them in one transaction (decision 062). A fresh database has no row until the demo's
 * or an owner's settings are written: the brand is then named as its first branch.
 * Down drops the table (the brand's name is then branch 1's again, as before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table brand_settings (id integer primary key check (id = 1), name text not null, updated_at text not null)`.execute(
    db,
  );
  const first = await sql<{ body: string; updated_at: string }>`
    select body, updated_at from restaurant_settings where id = 1`.execute(db);
  const row = first.rows[0];
  if (!row) return;
  let name: unknown;
  try {
    name = (JSON.parse(row.body) as { name?: unknown }).name;
  } catch {
    return;
  }
  if (typeof name !== 'string' || name.trim() === '') return;
  await sql`insert into brand_settings (id, name, updated_at) values (1, ${name}, ${row.updated_at})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table brand_settings`.execute(db);
}
