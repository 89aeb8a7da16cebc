import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as catalog from './migrations/0001-catalog.ts';
import * as usersAndRecords from './migrations/0002-users-and-records.ts';
import * as identity from './migrations/0003-identity.ts';

/** Listed by hand, not read from the folder, so that the order is explicit and bundlers see them. */
const migrations: Record<string, Migration> = {
  '0001-catalog': catalog,
  '0002-users-and-records': usersAndRecords,
  '0003-identity': identity,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`.replace('  ', ' '));
  }
}
