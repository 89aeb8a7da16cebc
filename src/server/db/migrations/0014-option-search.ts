import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * The search follows dish options (issue 37, point 5; decision 033): the names of a dish's
 * option values ("Extra cheese", "Jalapeños", "Large (14")") become words of its full-text
 * entry, in a fourth column that ranks below the dish's own name, category and ingredients.
 *
 * `products.option_names` holds them (space-separated, in the values' id order), kept by
 * triggers on `option_values`: a value added, renamed, moved to another dish or deleted (also
 * through its group's or dish's cascade) rewrites its dish's names; a change of anything else
 * (price, availability) leaves the dish alone. The full-text index reads the column as it reads
 * the others:
 *   - SQLite: the external-content FTS5 table gains the column (it is built again, from the
 *     products, in one 'rebuild'); its triggers now follow only the indexed columns, so a dish
 *     sold out or repriced no longer rewrites its entry;
 *   - PostgreSQL: the generated tsvector gains the column with weight D (A name, B category,
 *     C ingredients); a generated column's expression cannot be changed in place before
 *     PostgreSQL 17, so it is added again with its GIN index.
 * Existing dishes get their options' names here (the backfill).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products add column option_names text not null default ''`.execute(db);

  if (isPostgres(db)) {
    await sql`
      create function option_values_names_sync() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          update products p set option_names = coalesce((select string_agg(v.name, ' ' order by v.id) from option_values v where v.product_id = p.id), '')
          where p.id = old.product_id;
        end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.product_id is distinct from old.product_id) then
          update products p set option_names = coalesce((select string_agg(v.name, ' ' order by v.id) from option_values v where v.product_id = p.id), '')
          where p.id = new.product_id;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger option_values_names_insert_delete after insert or delete on option_values
      for each row execute function option_values_names_sync()`.execute(db);
    await sql`
      create trigger option_values_names_update after update of name, product_id on option_values
      for each row when (old.name is distinct from new.name or old.product_id is distinct from new.product_id)
      execute function option_values_names_sync()`.execute(db);
    await sql`
      update products p set option_names = v.names
      from (select product_id, string_agg(name, ' ' order by id) as names from option_values group by product_id) v
      where v.product_id = p.id`.execute(db);
    await sql`drop index if exists products_search_idx`.execute(db);
    await sql`alter table products drop column search`.execute(db);
    await sql`
      alter table products add column search tsvector generated always as (
        setweight(to_tsvector('simple', coalesce(name, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(category, '')), 'B') ||
        setweight(to_tsvector('simple', coalesce(items, '')), 'C') ||
        setweight(to_tsvector('simple', coalesce(option_names, '')), 'D')
      ) stored`.execute(db);
    await sql`create index products_search_idx on products using gin (search)`.execute(db);
    return;
  }

  // SQLite: the old entry layout goes first, so that the backfill below rewrites no entry.
  await dropSqliteIndex(db);
  const names = (dish: string) =>
    sql.raw(
      `coalesce((select group_concat(name, ' ') from (select name from option_values where product_id = ${dish} order by id)), '')`,
    );
  await sql`
    create trigger option_values_names_insert after insert on option_values begin
      update products set option_names = ${names('new.product_id')} where id = new.product_id;
    end`.execute(db);
  await sql`
    create trigger option_values_names_delete after delete on option_values begin
      update products set option_names = ${names('old.product_id')} where id = old.product_id;
    end`.execute(db);
  await sql`
    create trigger option_values_names_update after update of name, product_id on option_values
    when old.name is not new.name or old.product_id is not new.product_id begin
      update products set option_names = ${names('old.product_id')} where id = old.product_id;
      update products set option_names = ${names('new.product_id')} where id = new.product_id and new.product_id is not old.product_id;
    end`.execute(db);
  await sql`update products set option_names = ${names('products.id')} where id in (select product_id from option_values)`.execute(
    db,
  );
  await createSqliteIndex(
    db,
    ['name', 'category', 'items', 'option_names'],
    'after update of name, category, items, option_names on products',
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists option_values_names_update on option_values`.execute(db);
    await sql`drop trigger if exists option_values_names_insert_delete on option_values`.execute(db);
    await sql`drop function if exists option_values_names_sync()`.execute(db);
    await sql`drop index if exists products_search_idx`.execute(db);
    await sql`alter table products drop column search`.execute(db);
    await sql`
      alter table products add column search tsvector generated always as (
        setweight(to_tsvector('simple', coalesce(name, '')), 'A') ||
        setweight(to_tsvector('simple', coalesce(category, '')), 'B') ||
        setweight(to_tsvector('simple', coalesce(items, '')), 'C')
      ) stored`.execute(db);
    await sql`create index products_search_idx on products using gin (search)`.execute(db);
    await sql`alter table products drop column option_names`.execute(db);
    return;
  }
  await sql`drop trigger if exists option_values_names_update`.execute(db);
  await sql`drop trigger if exists option_values_names_delete`.execute(db);
  await sql`drop trigger if exists option_values_names_insert`.execute(db);
  await dropSqliteIndex(db);
  await sql`alter table products drop column option_names`.execute(db);
  // Migration 0001's layout, its update trigger as it was.
  await createSqliteIndex(db, ['name', 'category', 'items'], 'after update on products');
}

async function dropSqliteIndex(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists products_fts_update`.execute(db);
  await sql`drop trigger if exists products_fts_delete`.execute(db);
  await sql`drop trigger if exists products_fts_insert`.execute(db);
  await sql`drop table if exists products_fts`.execute(db);
}

/** The external-content FTS5 table over `columns` of the products, its triggers, and its entries built from the products. */
async function createSqliteIndex(db: Kysely<unknown>, columns: string[], onUpdate: string): Promise<void> {
  const list = sql.raw(columns.join(', '));
  const values = (row: 'new' | 'old') => sql.raw(columns.map((column) => `${row}.${column}`).join(', '));
  await sql`
    create virtual table products_fts using fts5(
      ${list},
      content = 'products', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '2 3 4'
    )`.execute(db);
  await sql`
    create trigger products_fts_insert after insert on products begin
      insert into products_fts (rowid, ${list}) values (new.id, ${values('new')});
    end`.execute(db);
  await sql`
    create trigger products_fts_delete after delete on products begin
      insert into products_fts (products_fts, rowid, ${list}) values ('delete', old.id, ${values('old')});
    end`.execute(db);
  await sql`
    create trigger products_fts_update ${sql.raw(onUpdate)} begin
      insert into products_fts (products_fts, rowid, ${list}) values ('delete', old.id, ${values('old')});
      insert into products_fts (rowid, ${list}) values (new.id, ${values('new')});
    end`.execute(db);
  await sql`insert into products_fts (products_fts) values ('rebuild')`.execute(db);
}
