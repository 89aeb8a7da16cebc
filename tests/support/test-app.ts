import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import type { Database } from '../../src/server/db/database.ts';
import { prepareDatabase } from '../../src/server/start.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * The real server on a real, fresh database (migrated and seeded with the demo menu),
 * without listening: tests call it with app.inject. Menu pictures are not drawn here
 * (the browser tests start the real thing, which draws them).
 */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** One-time start-up messages (the generated admin password). */
  announcements: string[];
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<
    AppOptions,
    | 'identityLimits'
    | 'clock'
    | 'heartbeatMs'
    | 'timeouts'
    | 'streamLimits'
    | 'publisher'
    | 'eventJournal'
    | 'paymentTiming'
    | 'paymentScheduler'
  > & {
    /** Runs before the start, on the fresh config (e.g. to leave files in DATA_DIR as an older version did). */
    beforeStart?: (config: Config) => void | Promise<void>;
    /** 'sqlite': on SQLite even in the PostgreSQL run (test-database.ts). */
    engine?: 'sqlite';
  } = {},
): Promise<TestApp> {
  const { beforeStart, engine, ...appOptions } = options;
  const handle = await createTestDatabase(env, engine);
  await beforeStart?.(handle.config);
  const database = await prepareDatabase(handle.config, { images: false });
  const announcements: string[] = [];
  const app = await buildApp({
    config: handle.config,
    database,
    logger: false,
    announce: (m) => announcements.push(m),
    ...appOptions,
  });
  await app.ready();
  return {
    app,
    database,
    config: handle.config,
    announcements,
    async close() {
      await app.close();
      await database.close();
      await handle.cleanup();
    },
  };
}
