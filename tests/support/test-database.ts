import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Config, loadConfig } from '../../src/server/config.ts';

/**
 * A fresh, empty database for one test file: a temp SQLite file by default, or a new
 * PostgreSQL database (created on the server of TEST_DATABASE_URL, dropped after)
 * when that variable is set, as CI's PostgreSQL run does.
 */
export interface TestDatabaseHandle {
  config: Config;
  cleanup(): Promise<void>;
}

/** A new database on the PostgreSQL server of `adminUrl`: its URL, and a way to drop it. */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix = 'storefront_test',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * `engine` 'sqlite' keeps a test on SQLite even in the PostgreSQL run (a test holding the two
 * engines' answers to each other); by default the run's engine.
 */
export async function createTestDatabase(
  env: Record<string, string> = {},
  engine?: 'sqlite',
): Promise<TestDatabaseHandle> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-test-'));
  const adminUrl = engine === 'sqlite' ? undefined : process.env.TEST_DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const database = await createPostgresDatabase(adminUrl);
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  return {
    config: { ...config, clientDir: undefined },
    async cleanup() {
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
