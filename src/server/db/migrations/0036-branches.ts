import { type Kysely, sql } from 'kysely';

/**
 * Several branches under one brand, phase 1 (issue 57, docs/reference/branches.md, decision 062):
 * the `branches` table, and branch 1 for the install that exists, which holds all of its data.
 *   - A branch's own columns are only what nothing else keeps: its `slug` (its pages' address),
 *     its name in Bangla, its place in the lists, and when it was archived. Its place fields
 *     (name, address, phone, time zone, opening hours, closed dates) are read from its settings
 *     row (`restaurant_settings` with the branch's id): for branch 1 that is today's settings, so
 *     nothing is copied and nothing can drift.
 *   - Branch 1's slug is made from the restaurant's name in its settings row ("Saffron Table" →
 *     "saffron-table"); "main" when that leaves nothing (a name in Bangla only) or when there is
 *     no row yet (a fresh database is migrated before the demo's settings are written).
 * The slug rule is frozen here with the migration (it never imports application code); the
 * branches module has no other use for it until branches can be created (phase 2).
 */

/** Lower case, ASCII letters and digits, words joined by one hyphen; accents dropped ("Café Ñ" → "cafe-n"). */
export function slugOf0036(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug === '' ? 'main' : slug;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('branches')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('name_bn', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The lists read the open branches in their order.
  await db.schema.createIndex('branches_position_idx').on('branches').columns(['position', 'id']).execute();

  const row = (await sql<{ body: string }>`select body from restaurant_settings where id = 1`.execute(db)).rows[0];
  let name = '';
  try {
    const stored = row ? (JSON.parse(row.body) as { name?: unknown }).name : undefined;
    if (typeof stored === 'string') name = stored;
  } catch {
    // A settings row that does not parse names nothing: the branch is "main".
  }
  await sql`insert into branches (id, slug, name_bn, position, archived_at, created_at) values (1, ${slugOf0036(name)}, null, 1, null, ${new Date().toISOString()})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('branches').ifExists().execute();
}
