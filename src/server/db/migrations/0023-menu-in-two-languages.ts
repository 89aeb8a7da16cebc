import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * The owner's texts in Bangla beside English (docs/reference/service.md "Bangla and English", decision 047):
 * - `name_bn` on categories, products, option_groups and option_values, and `description_bn`
 *   on products, '' where the owner wrote none (the other language's text shows then);
 * - `products.category_bn`: its category's Bangla name, kept by the menu's writes as
 *   `products.category` is kept by the foreign key, so the search index reads it from the row;
 * - the option values' Bangla names join their dish's `option_names` (the triggers of 0014,
 *   which now follow `name_bn` as well);
 * - the search index holds both languages: SQLite's FTS5 table gains `name_bn` and
 *   `category_bn` (same tokenizer as 0022); PostgreSQL's tsvector adds them to the weights of
 *   the name (A) and the category (B).
 */
const LANGUAGE_COLUMNS = [
  ['categories', 'name_bn'],
  ['products', 'name_bn'],
  ['products', 'description_bn'],
  ['products', 'category_bn'],
  ['option_groups', 'name_bn'],
  ['option_values', 'name_bn'],
] as const;

const TOKENIZE_0022 = "unicode61 remove_diacritics 2 categories 'L* N* Co M*'";
const FTS_NEW = ['name', 'name_bn', 'category', 'category_bn', 'items', 'option_names'];
const FTS_OLD = ['name', 'category', 'items', 'option_names'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of LANGUAGE_COLUMNS) {
    await sql.raw(`alter table ${table} add column ${column} text not null default ''`).execute(db);
  }
  if (isPostgres(db)) {
    await postgresOptionNames(
      db,
      `trim(v.name || ' ' || v.name_bn)`,
      'name, name_bn, product_id',
      'old.name is distinct from new.name or old.name_bn is distinct from new.name_bn or old.product_id is distinct from new.product_id',
    );
    await postgresSearch(
      db,
      `coalesce(name, '') || ' ' || coalesce(name_bn, '')`,
      `coalesce(category, '') || ' ' || coalesce(category_bn, '')`,
    );
    return;
  }
  await sqliteOptionNames(
    db,
    `trim(name || ' ' || name_bn)`,
    'name, name_bn, product_id',
    'old.name is not new.name or old.name_bn is not new.name_bn or old.product_id is not new.product_id',
  );
  await sqliteIndex(db, FTS_NEW);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await postgresOptionNames(
      db,
      'v.name',
      'name, product_id',
      'old.name is distinct from new.name or old.product_id is distinct from new.product_id',
    );
    await postgresSearch(db, `coalesce(name, '')`, `coalesce(category, '')`);
  } else {
    await sqliteOptionNames(
      db,
      'name',
      'name, product_id',
      'old.name is not new.name or old.product_id is not new.product_id',
    );
    await sqliteIndex(db, FTS_OLD);
  }
  for (const [table, column] of LANGUAGE_COLUMNS)
    await sql.raw(`alter table ${table} drop column ${column}`).execute(db);
}

/** The option values' names of each dish (`text`: one value's words), kept by the triggers of 0014, rewritten for every dish. */
async function postgresOptionNames(db: Kysely<unknown>, text: string, columns: string, changed: string): Promise<void> {
  const names = (dish: string) =>
    `coalesce((select string_agg(${text}, ' ' order by v.id) from option_values v where v.product_id = ${dish}), '')`;
  await sql
    .raw(
      `
    create or replace function option_values_names_sync() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        update products p set option_names = ${names('p.id')} where p.id = old.product_id;
      end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.product_id is distinct from old.product_id) then
        update products p set option_names = ${names('p.id')} where p.id = new.product_id;
      end if;
      return null;
    end
    $$`,
    )
    .execute(db);
  await sql`drop trigger if exists option_values_names_update on option_values`.execute(db);
  await sql
    .raw(
      `
    create trigger option_values_names_update after update of ${columns} on option_values
    for each row when (${changed}) execute function option_values_names_sync()`,
    )
    .execute(db);
  await sql.raw(`update products p set option_names = ${names('p.id')}`).execute(db);
}

/** The tsvector of migration 0014 with `name` and `category` (weights A and B) as given; added again with its GIN index. */
async function postgresSearch(db: Kysely<unknown>, name: string, category: string): Promise<void> {
  await sql`drop index if exists products_search_idx`.execute(db);
  await sql`alter table products drop column search`.execute(db);
  await sql
    .raw(
      `
    alter table products add column search tsvector generated always as (
      setweight(to_tsvector('simple', ${name}), 'A') ||
      setweight(to_tsvector('simple', ${category}), 'B') ||
      setweight(to_tsvector('simple', coalesce(items, '')), 'C') ||
      setweight(to_tsvector('simple', coalesce(option_names, '')), 'D')
    ) stored`,
    )
    .execute(db);
  await sql`create index products_search_idx on products using gin (search)`.execute(db);
}

async function sqliteOptionNames(db: Kysely<unknown>, text: string, columns: string, changed: string): Promise<void> {
  const names = (dish: string) =>
    `coalesce((select group_concat(name, ' ') from (select ${text} as name from option_values where product_id = ${dish} order by id)), '')`;
  await sql`drop trigger if exists option_values_names_update`.execute(db);
  await sql`drop trigger if exists option_values_names_delete`.execute(db);
  await sql`drop trigger if exists option_values_names_insert`.execute(db);
  await sql
    .raw(
      `
    create trigger option_values_names_insert after insert on option_values begin
      update products set option_names = ${names('new.product_id')} where id = new.product_id;
    end`,
    )
    .execute(db);
  await sql
    .raw(
      `
    create trigger option_values_names_delete after delete on option_values begin
      update products set option_names = ${names('old.product_id')} where id = old.product_id;
    end`,
    )
    .execute(db);
  await sql
    .raw(
      `
    create trigger option_values_names_update after update of ${columns} on option_values
    when ${changed} begin
      update products set option_names = ${names('old.product_id')} where id = old.product_id;
      update products set option_names = ${names('new.product_id')} where id = new.product_id and new.product_id is not old.product_id;
    end`,
    )
    .execute(db);
  await sql.raw(`update products set option_names = ${names('products.id')}`).execute(db);
}

/** The external-content FTS5 table over `columns` of the products, its triggers, and its entries built again. */
async function sqliteIndex(db: Kysely<unknown>, columns: string[]): Promise<void> {
  await sql`drop trigger if exists products_fts_update`.execute(db);
  await sql`drop trigger if exists products_fts_delete`.execute(db);
  await sql`drop trigger if exists products_fts_insert`.execute(db);
  await sql`drop table if exists products_fts`.execute(db);
  const list = columns.join(', ');
  const values = (row: 'new' | 'old') => columns.map((column) => `${row}.${column}`).join(', ');
  await sql
    .raw(
      `
    create virtual table products_fts using fts5(
      ${list},
      content = 'products', content_rowid = 'id',
      tokenize = "${TOKENIZE_0022}",
      prefix = '2 3 4'
    )`,
    )
    .execute(db);
  await sql
    .raw(
      `
    create trigger products_fts_insert after insert on products begin
      insert into products_fts (rowid, ${list}) values (new.id, ${values('new')});
    end`,
    )
    .execute(db);
  await sql
    .raw(
      `
    create trigger products_fts_delete after delete on products begin
      insert into products_fts (products_fts, rowid, ${list}) values ('delete', old.id, ${values('old')});
    end`,
    )
    .execute(db);
  await sql
    .raw(
      `
    create trigger products_fts_update after update of ${list} on products begin
      insert into products_fts (products_fts, rowid, ${list}) values ('delete', old.id, ${values('old')});
      insert into products_fts (rowid, ${list}) values (new.id, ${values('new')});
    end`,
    )
    .execute(db);
  await sql`insert into products_fts (products_fts) values ('rebuild')`.execute(db);
}
