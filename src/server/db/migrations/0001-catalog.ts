import { type Kysely, sql } from 'kysely';
import { isPostgres, serialId } from './dialect.ts';

/**
 * The menu: categories and dishes, with a full-text index for search
 * (FTS5 on SQLite, a weighted tsvector with a GIN index on PostgreSQL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', serialId(db), (c) => c)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('img', 'text', (c) => c.notNull())
    .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
    .addColumn('reatings', 'real', (c) => c.notNull())
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().references('categories.name').onUpdate('cascade'))
    .addColumn('populler', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_category_idx').on('products').columns(['category', 'id']).execute();
  await db.schema.createIndex('products_populler_idx').on('products').columns(['populler', 'id']).execute();

  if (isPostgres(db)) {
    await sql`
      alter table products add column search tsvector generated always as (
        setweight(to_tsvector('simple', coalesce(name, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(category, '')), 'B') ||
        setweight(to_tsvector('simple', coalesce(items, '')), 'C')
      ) stored`.execute(db);
    await sql`create index products_search_idx on products using gin (search)`.execute(db);
  } else {
    // External-content FTS5 table kept in step by triggers; the products row id is its rowid.
    await sql`
      create virtual table products_fts using fts5(
        name, category, items,
        content = 'products', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '2 3 4'
      )`.execute(db);
    await sql`
      create trigger products_fts_insert after insert on products begin
        insert into products_fts (rowid, name, category, items) values (new.id, new.name, new.category, new.items);
      end`.execute(db);
    await sql`
      create trigger products_fts_delete after delete on products begin
        insert into products_fts (products_fts, rowid, name, category, items)
        values ('delete', old.id, old.name, old.category, old.items);
      end`.execute(db);
    await sql`
      create trigger products_fts_update after update on products begin
        insert into products_fts (products_fts, rowid, name, category, items)
        values ('delete', old.id, old.name, old.category, old.items);
        insert into products_fts (rowid, name, category, items) values (new.id, new.name, new.category, new.items);
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) {
    await sql`drop trigger if exists products_fts_update`.execute(db);
    await sql`drop trigger if exists products_fts_delete`.execute(db);
    await sql`drop trigger if exists products_fts_insert`.execute(db);
    await sql`drop table if exists products_fts`.execute(db);
  }
  await db.schema.dropTable('products').ifExists().execute();
  await db.schema.dropTable('categories').ifExists().execute();
}
