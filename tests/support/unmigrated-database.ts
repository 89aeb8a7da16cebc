import { afterAll, beforeAll } from 'vitest';
import { type Database, createDatabase } from '../../src/server/db/database.ts';
import { type TestDatabaseHandle, createTestDatabase } from './test-database.ts';

/**
 * For a migration test: an unmigrated database of its own, opened before the file's tests and
 * closed and removed after them. Call at the top of a `describe`; the getter answers it.
 */
export function useUnmigratedDatabase(): () => Database {
  let handle: TestDatabaseHandle | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
    database = createDatabase({ dataDir: handle.config.dataDir, databaseUrl: handle.config.databaseUrl });
  });
  afterAll(async () => {
    await database?.close();
    await handle?.cleanup();
  });
  return () => {
    if (!database) throw new Error('the database is opened in beforeAll');
    return database;
  };
}
