import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/schema.ts';

/** All SQL about stored pictures (table `images`, migration 0004). */
export function createImagesRepository(db: Kysely<AppDatabase>, clock: () => number = Date.now) {
  return {
    find(name: string) {
      return db.selectFrom('images').select(['content_type', 'body']).where('name', '=', name).executeTakeFirst();
    },

    async exists(name: string): Promise<boolean> {
      return (await db.selectFrom('images').select('name').where('name', '=', name).executeTakeFirst()) !== undefined;
    },

    /**
     * Stores files; a name already stored keeps its bytes (the same name is the same content).
     * With `touch`, its time becomes now (a photo uploaded again is fresh again for the sweep).
     */
    async insert(files: { name: string; contentType: string; body: Buffer }[], { touch = false } = {}): Promise<void> {
      if (files.length === 0) return;
      const now = new Date(clock()).toISOString();
      await db
        .insertInto('images')
        .values(
          files.map((file) => ({ name: file.name, content_type: file.contentType, body: file.body, created_at: now })),
        )
        .onConflict((oc) =>
          touch ? oc.column('name').doUpdateSet({ created_at: now }) : oc.column('name').doNothing(),
        )
        .execute();
    },

    /** Removes stored pictures by name. */
    async remove(names: string[]): Promise<void> {
      if (names.length > 0) await db.deleteFrom('images').where('name', 'in', names).execute();
    },

    /** Names starting with `prefix` stored before `before` (an ISO instant). */
    async namesOlderThan(prefix: string, before: string): Promise<string[]> {
      const rows = await db
        .selectFrom('images')
        .select('name')
        .where('name', 'like', `${prefix}%`)
        .where('created_at', '<', before)
        .execute();
      return rows.map((r) => r.name);
    },
  };
}
