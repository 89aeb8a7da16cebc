import { type Kysely, sql } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * Bangla and English (docs/reference/service.md, decision 045):
 * - the restaurant's settings gain `language` ('en' until the owner chooses Bangla) and
 *   `latinDigits` (false: Bangla writes Bengali digits), written into the settings row so every
 *   server reads the same;
 * - SQLite's menu index keeps a word's marks in it: FTS5's unicode61 cut "বিরিয়ানি" at each vowel
 *   sign (a mark, not a letter, to Unicode) into "ব", "র", "য", "ন". Accents still go
 *   (remove_diacritics 2 folds the letters that carry them). The triggers of migration 0014 name
 *   the table, so they keep feeding the new one.
 */
const FTS_COLUMNS = sql.raw('name, category, items, option_names');

async function createIndex(db: Kysely<unknown>, tokenize: string): Promise<void> {
  await sql`drop table if exists products_fts`.execute(db);
  await sql`
    create virtual table products_fts using fts5(
      ${FTS_COLUMNS},
      content = 'products', content_rowid = 'id',
      tokenize = ${sql.raw(`"${tokenize}"`)},
      prefix = '2 3 4'
    )`.execute(db);
  await sql`insert into products_fts (products_fts) values ('rebuild')`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await createIndex(db, "unicode61 remove_diacritics 2 categories 'L* N* Co M*'");
  const rows = await sql<{ id: number; body: string }>`select id, body from restaurant_settings`.execute(db);
  for (const row of rows.rows) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(row.body) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) continue;
    body.language ??= 'en';
    body.latinDigits ??= false;
    await sql`update restaurant_settings set body = ${JSON.stringify(body)} where id = ${row.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await createIndex(db, 'unicode61 remove_diacritics 2');
  const rows = await sql<{ id: number; body: string }>`select id, body from restaurant_settings`.execute(db);
  for (const row of rows.rows) {
    const body = JSON.parse(row.body) as Record<string, unknown>;
    delete body.language;
    delete body.latinDigits;
    await sql`update restaurant_settings set body = ${JSON.stringify(body)} where id = ${row.id}`.execute(db);
  }
}
