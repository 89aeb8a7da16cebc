import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * Each branch its own settings row (issue 57, docs/reference/branches.md "What belongs to whom",
 * decision 062): `restaurant_settings` had one row, held there by `check (id = 1)`. The check is
 * lifted and the row's id becomes its branch's (a foreign key to `branches`): branch 1's row is
 * today's settings, unchanged, and a branch made since writes its own.
 *   - PostgreSQL: the check (whatever its name) is dropped and the foreign key added.
 *   - SQLite cannot alter a check: the table is made again without it (it has no index or
 *     trigger of its own) and its rows copied.
 * Down keeps branch 1's row only, with the check again.
 */
async function checksOf(db: Kysely<unknown>): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = 'restaurant_settings'::regclass and contype = 'c'`.execute(db);
  return rows.rows.map((row) => row.name);
}

async function rebuildSqlite(db: Kysely<unknown>, id: string): Promise<void> {
  await sql
    .raw(
      `create table "restaurant_settings_0038" ("id" integer primary key ${id}, "body" text not null, "updated_at" text not null)`,
    )
    .execute(db);
  await sql`insert into restaurant_settings_0038 (id, body, updated_at) select id, body, updated_at from restaurant_settings`.execute(
    db,
  );
  await sql`drop table restaurant_settings`.execute(db);
  await sql`alter table restaurant_settings_0038 rename to restaurant_settings`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    for (const name of await checksOf(db))
      await sql`alter table restaurant_settings drop constraint ${sql.id(name)}`.execute(db);
    await sql`alter table restaurant_settings add constraint restaurant_settings_branch_fk foreign key (id) references branches (id)`.execute(
      db,
    );
    return;
  }
  await rebuildSqlite(db, 'references "branches" ("id")');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from restaurant_settings where id <> 1`.execute(db);
  if (isPostgres(db)) {
    await sql`alter table restaurant_settings drop constraint restaurant_settings_branch_fk`.execute(db);
    await sql`alter table restaurant_settings add constraint restaurant_settings_id_check check (id = 1)`.execute(db);
    return;
  }
  await rebuildSqlite(db, 'check ("id" = 1)');
}
