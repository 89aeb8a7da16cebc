import { type Kysely, sql } from 'kysely';

/**
 * A bill keeps the currency it was opened in (issue 58, point 6; decision 057): a change of the
 * restaurant's currency relabels the menu and the bills opened after it, never the money already
 * taken. Bills written before this migration take the currency the restaurant has now (its
 * settings row's, else the demo's dollars, as the settings read it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bills add column currency text`.execute(db);
  const row = (await sql<{ body: string }>`select body from restaurant_settings where id = 1`.execute(db)).rows[0];
  let currency = 'USD';
  try {
    const stored = row ? (JSON.parse(row.body) as { currency?: unknown }).currency : undefined;
    if (typeof stored === 'string' && /^[A-Z]{3}$/.test(stored)) currency = stored;
  } catch {
    // A settings row that does not parse is read as the defaults, in dollars.
  }
  await sql`update bills set currency = ${currency}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bills drop column currency`.execute(db);
}
