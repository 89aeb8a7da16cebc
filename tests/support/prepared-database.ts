import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../src/server/db/database.ts';
import { prepareDatabase } from '../../src/server/start.ts';
import { type TestDatabaseHandle, createTestDatabase } from './test-database.ts';

/**
 * A database of the file's own, prepared as a starting server prepares it (migrated, seeded),
 * opened before the file's tests and closed and removed after them. Call at the top of a
 * `describe`; the getter answers it.
 */
export function usePreparedDatabase(): () => Database {
  let handle: TestDatabaseHandle | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
    database = await prepareDatabase(handle.config, { images: false });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await handle?.cleanup();
  });
  return () => {
    if (!database) throw new Error('the database is prepared in beforeAll');
    return database;
  };
}
