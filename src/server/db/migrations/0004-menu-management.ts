import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * Menu management and the staff role (docs/reference/operations.md "Roles", "Menu management"):
 *   - users.role may be `staff`; on SQLite a CHECK constraint cannot be altered, so the users
 *     table is rebuilt (the documented twelve-step procedure, foreign keys off meanwhile, so
 *     that dropping the old table cascades nothing);
 *   - dishes gain what a guest needs to choose (description, allergens, diet, spice), their
 *     availability (sold out, until when), the kitchen's prep units, and a soft delete;
 *   - categories gain a soft delete and case-blind unique names;
 *   - `images` keeps dish pictures in the database (content-addressed WebP renditions),
 *     so that every app server serves them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table users drop constraint if exists users_role_check`.execute(db);
    await sql`alter table users add constraint users_role_check check (role in ('user', 'staff', 'admin'))`.execute(db);
  } else {
    await rebuildSqliteUsers(db);
  }

  const columns: [string, string][] = [
    ['description', `text not null default ''`],
    ['allergens', `text not null default '[]'`],
    ['diet', `text not null default '[]'`],
    ['spicy', 'integer not null default 0 check (spicy between 0 and 3)'],
    ['available', 'integer not null default 1'],
    ['sold_out_until', 'text'],
    ['prep_units', 'integer not null default 1 check (prep_units between 1 and 20)'],
    ['removed_at', 'text'],
    ['updated_at', 'text'],
  ];
  for (const [name, definition] of columns) {
    await sql`alter table products add column ${sql.raw(name)} ${sql.raw(definition)}`.execute(db);
  }
  // The demo pictures move into the database in three widths (seed/menu-images.ts).
  await sql`
    update products set img = replace(replace(img, '/images/menu/', '/images/dishes/demo-'), '.webp', '-640.webp')
    where img like '/images/menu/%.webp'`.execute(db);
  await sql`alter table categories add column removed_at text`.execute(db);
  await sql`create unique index categories_name_folded_idx on categories (lower(name))`.execute(db);

  await db.schema
    .createTable('images')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('body', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

async function rebuildSqliteUsers(db: Kysely<unknown>): Promise<void> {
  // PRAGMA foreign_keys is a no-op inside a transaction, so it is switched off first.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql`
        create table users_rebuilt (
          id integer primary key autoincrement,
          email text not null unique,
          name text not null,
          user_img text,
          role text not null default 'user' check (role in ('user', 'staff', 'admin')),
          auth_user_id text,
          created_at text not null
        )`.execute(db);
      await sql`
        insert into users_rebuilt (id, email, name, user_img, role, auth_user_id, created_at)
        select id, email, name, user_img, role, auth_user_id, created_at from users`.execute(db);
      await sql`drop table users`.execute(db);
      await sql`alter table users_rebuilt rename to users`.execute(db);
      await sql`create index users_auth_user_idx on users (auth_user_id)`.execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`the users rebuild left ${broken.rows.length} dangling references`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('images').ifExists().execute();
  await sql`drop index if exists categories_name_folded_idx`.execute(db);
  // Dropping columns and restoring the old role check is left to a restore from backup: a
  // down migration that rebuilt tables could lose staff accounts silently.
}
