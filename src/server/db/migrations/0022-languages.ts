import { type Kysely, sql } from 'kysely';

/**
 * Bangla and English (SERVICE.md, decision 045): the restaurant's settings gain `language`
 * ('en' until the owner chooses Bangla) and `latinDigits` (false: Bangla writes Bengali
 * digits), written into the settings row so every server reads the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
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
  const rows = await sql<{ id: number; body: string }>`select id, body from restaurant_settings`.execute(db);
  for (const row of rows.rows) {
    const body = JSON.parse(row.body) as Record<string, unknown>;
    delete body.language;
    delete body.latinDigits;
    await sql`update restaurant_settings set body = ${JSON.stringify(body)} where id = ${row.id}`.execute(db);
  }
}
