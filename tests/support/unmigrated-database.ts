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

/**
 * A ticket row as a migration test writes it into an older schema (a pick-up, received, due in
 * cash, for nobody's reservation or table): `fields` give the rest and replace any of these.
 */
export function oldTicketRow(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    fulfilment: 'pickup',
    status: 'received',
    arrive_at: null,
    scheduled: 0,
    delivery_fee: 0,
    payment: 'due',
    pay_method: 'cash',
    pay_account: null,
    address: null,
    reservation_id: null,
    table_id: null,
    cancel_reason: null,
    started_at: null,
    ready_marked_at: null,
    completed_at: null,
    cancelled_at: null,
    bill_id: null,
    ...fields,
  };
}
