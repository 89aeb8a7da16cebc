import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { type Database, createDatabase, openPool, pingDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DEMO_MENU } from './db/seed/demo-menu.ts';
import { ensureMenuImages } from './db/seed/menu-images.ts';
import { seedDemoMenu, seedDemoRestaurant } from './db/seed/seed.ts';
import { createImagesService } from './modules/images/images.service.ts';
import { importPhotoFiles } from './modules/uploads/uploads.service.ts';
import { STARTUP_LOCK, whileHoldingStartupLock } from './db/write-lock.ts';

export class StartupError extends Error {
  override name = 'StartupError';
}

/**
 * Prepares the database (connect, migrate, seed the demo menu once, draw its pictures)
 * and builds the app. Shared by `npm start` and the tests, so both boot the same way.
 */
export async function prepareDatabase(config: Config, options: { images?: boolean } = {}): Promise<Database> {
  const database = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await pingDatabase(database);
  } catch (error) {
    await database.close().catch(() => {});
    const where =
      database.engine === 'postgres' ? 'the PostgreSQL server in DATABASE_URL' : `the SQLite file in ${config.dataDir}`;
    throw new StartupError(`Cannot reach ${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Several servers starting together on one PostgreSQL do this one after the other.
  await whileHoldingStartupLock(database.db, database.engine, STARTUP_LOCK, async () => {
    await migrateToLatest(database.db);
    await seedDemoMenu(database.db);
    await seedDemoRestaurant(database.db);
    const images = createImagesService(database.db);
    await importPhotoFiles(images, join(config.dataDir, 'images'));
    if (options.images !== false) await ensureMenuImages((key, draw) => images.ensurePicture(key, draw), DEMO_MENU);
  });
  return database;
}

export async function startServer(
  config: Config,
  logger: Logger,
): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await prepareDatabase(config);
  const app = await buildApp({ config, database, logger, backupSchedule: true });
  await openPool(database);
  await app.listen({ port: config.port, host: config.host });
  // Fastify's "Server listening at" names every interface bound; a newcomer needs the one address
  // to open (issue 58, point 11): PUBLIC_URL, or the local address with the port bound (PORT=0 too).
  const open = new URL(config.publicUrl);
  const bound = app.server.address();
  if (open.port === '0' && bound && typeof bound === 'object') open.port = String(bound.port);
  logger.info({ url: open.origin }, `Open ${open.origin} in a browser`);
  return { app, database };
}
