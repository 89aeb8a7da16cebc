import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * The search index reads the menu's texts without their invisible characters (issue 55 point 5):
 * a zero-width space, a soft hyphen, the joiners Bangla keyboards put inside words (ZWJ, ZWNJ:
 * the demo's "র‍্যাপ" holds one), direction marks and variation selectors. Both engines'
 * tokenizers took them for the end of a word, so "bur\u200Bger" was two words, and a Bangla
 * name typed with a joiner was split where a guest's query had none. The query drops the same
 * characters (`spelling.ts` `wordsOf`); the texts themselves are kept as written (a joiner
 * changes how Bangla is drawn).
 *   - SQLite: the FTS5 table (external content, migration 0023) is fed each column with the
 *     characters replaced away by its triggers, and built again.
 *   - PostgreSQL: the generated tsvector reads each column through regexp_replace.
 * The characters: the Default_Ignorable_Code_Point ones of the Basic Multilingual Plane that a
 * keyboard or a paste may leave in a word. Frozen here with the migration; `spelling.ts` keeps
 * its own copy, which a unit test holds equal.
 */
export const INVISIBLE_0035: readonly (number | [number, number])[] = [
  0x00ad,
  0x034f,
  0x061c,
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  0x3164,
  [0xfe00, 0xfe0f],
  0xfeff,
  0xffa0,
];

const FTS_COLUMNS = ['name', 'name_bn', 'category', 'category_bn', 'items', 'option_names'];
const TOKENIZE_0022 = "unicode61 remove_diacritics 2 categories 'L* N* Co M*'";

const codePoints = () =>
  INVISIBLE_0035.flatMap((entry) =>
    typeof entry === 'number' ? [entry] : Array.from({ length: entry[1] - entry[0] + 1 }, (_, i) => entry[0] + i),
  );

/** A PostgreSQL regular expression's bracket of the characters (its \uXXXX escapes); exported for the tests that rebuild the tsvector. */
const hex = (n: number) => `\\u${n.toString(16).padStart(4, '0')}`;
export const postgresClass = () =>
  `[${INVISIBLE_0035.map((entry) => (typeof entry === 'number' ? hex(entry) : `${hex(entry[0])}-${hex(entry[1])}`)).join('')}]`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    const clean = (text: string) => `regexp_replace(${text}, '${postgresClass()}', '', 'g')`;
    await postgresSearch(db, clean);
    return;
  }
  await sqliteIndex(db, (text) => codePoints().reduce((inner, n) => `replace(${inner}, char(${n}), '')`, text));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await postgresSearch(db, (text) => text);
  else await sqliteIndex(db, null);
}

/** The tsvector of migration 0023 with each text read through `clean`; added again with its GIN index. */
async function postgresSearch(db: Kysely<unknown>, clean: (text: string) => string): Promise<void> {
  await sql`drop index if exists products_search_idx`.execute(db);
  await sql`alter table products drop column search`.execute(db);
  await sql
    .raw(
      `
    alter table products add column search tsvector generated always as (
      setweight(to_tsvector('simple', ${clean(`coalesce(name, '') || ' ' || coalesce(name_bn, '')`)}), 'A') ||
      setweight(to_tsvector('simple', ${clean(`coalesce(category, '') || ' ' || coalesce(category_bn, '')`)}), 'B') ||
      setweight(to_tsvector('simple', ${clean(`coalesce(items, '')`)}), 'C') ||
      setweight(to_tsvector('simple', ${clean(`coalesce(option_names, '')`)}), 'D')
    ) stored`,
    )
    .execute(db);
  await sql`create index products_search_idx on products using gin (search)`.execute(db);
}

/** The FTS5 table of migration 0023 fed each column through `clean` (none: 0023's own, over `products`), its triggers, and its entries built again. */
async function sqliteIndex(db: Kysely<unknown>, cleaning: ((text: string) => string) | null): Promise<void> {
  const clean = cleaning ?? ((text: string) => text);
  await sql`drop trigger if exists products_fts_update`.execute(db);
  await sql`drop trigger if exists products_fts_delete`.execute(db);
  await sql`drop trigger if exists products_fts_insert`.execute(db);
  await sql`drop table if exists products_fts`.execute(db);
  const list = FTS_COLUMNS.join(', ');
  const values = (row: 'new' | 'old') => FTS_COLUMNS.map((column) => clean(`${row}.${column}`)).join(', ');
  // External content: the table reads `products` for its columns, so a rebuild must see the cleaned texts too (a view over them).
  await sql`drop view if exists products_fts_source`.execute(db);
  if (cleaning)
    await sql
      .raw(
        `create view products_fts_source as select id, ${FTS_COLUMNS.map((column) => `${clean(column)} as ${column}`).join(', ')} from products`,
      )
      .execute(db);
  await sql
    .raw(
      `
    create virtual table products_fts using fts5(
      ${list},
      content = '${cleaning ? 'products_fts_source' : 'products'}', content_rowid = 'id',
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
