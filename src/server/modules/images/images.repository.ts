import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/schema.ts';

/** All SQL about stored pictures (table `images`, migration 0004). */
export function createImagesRepository(db: Kysely<AppDatabase>) {
  return {
    find(name: string) {
      return db.selectFrom('images').select(['content_type', 'body']).where('name', '=', name).executeTakeFirst();
    },

    async exists(name: string): Promise<boolean> {
      return (await db.selectFrom('images').select('name').where('name', '=', name).executeTakeFirst()) !== undefined;
    },

    /** Stores renditions; a name already stored keeps its bytes (the same name is the same content). */
    async insert(files: { name: string; contentType: string; body: Buffer }[]): Promise<void> {
      if (files.length === 0) return;
      const now = new Date().toISOString();
      await db
        .insertInto('images')
        .values(files.map((file) => ({ name: file.name, content_type: file.contentType, body: file.body, created_at: now })))
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    },
  };
}
