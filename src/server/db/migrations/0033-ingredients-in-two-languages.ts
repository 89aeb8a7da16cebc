import { type Kysely, sql } from 'kysely';

/**
 * A dish's ingredients in Bangla beside English (issue 58, point 7; decision 058): the owner
 * writes them in both languages like the name and description (decision 047). `items_bn` is a
 * JSON list like `items`, '[]' where the owner wrote none (the English list shows then). Not in
 * the search index: a Bangla ingredient is found through the dish's Bangla name and category.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products add column items_bn text not null default '[]'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table products drop column items_bn`.execute(db);
}
