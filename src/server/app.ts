import { type FastifyInstance } from 'fastify';
import { bootstrapAdmin } from './modules/accounts/bootstrap-admin.ts';
import { STARTUP_LOCK, whileHoldingStartupLock } from './db/write-lock.ts';
import { UNATTACHED_PHOTO_GRACE_MS, sweepUnattachedPhotos } from './modules/uploads/uploads.service.ts';
import type { AppOptions } from './app-options.ts';
import { createHttp } from './app-http.ts';
import { createServices } from './app-services.ts';
import { registerRoutes } from './app-routes.ts';

export type { AppOptions } from './app-options.ts';

/** Builds the whole server (API, images, SPA) without listening, so tests can `inject` into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const {
    config,
    database,
    announce = (m) => console.warn(m),
    clock,
    paymentScheduler = true,
    backupSchedule = false,
  } = options;
  // One clock for every module: the app's (tests pin it) or the real one.
  const now = clock ?? Date.now;
  // The replay cache's version: the menu's and the settings' (their services are made below).
  let menuVersion = () => 0;
  const { app, redis, onDatabaseDown, whenDatabaseDown, languageFrom } = await createHttp(options, () => menuVersion());
  const services = createServices(app, options, { now, redis });
  const { db, identity, users, catalog, restaurant, images, publisher, outbox, payments, backups } = services;
  menuVersion = () => catalog.version() + restaurant.version();
  // Error answers in the restaurant's default language when the request names none (decision 045).
  languageFrom(async () => (await restaurant.brand()).language);
  // `npm run backup` reaches a running server through it (main.ts).
  app.decorate('backups', backups);
  // Two servers starting together create the first administrator once.
  await whileHoldingStartupLock(db, database.engine, `${STARTUP_LOCK}:admin`, () =>
    bootstrapAdmin({ config, db, identity, users, announce }),
  );
  whenDatabaseDown.push(
    () => catalog.invalidate(),
    () => restaurant.invalidate(),
    () => services.branches.invalidate(),
  );
  await registerRoutes(app, services, options, { now, redis, onDatabaseDown });
  // Uploaded photos that no profile shows are removed a day after their upload, hourly.
  const sweep = () =>
    sweepUnattachedPhotos(images, (url) => users.photoInUse(url), UNATTACHED_PHOTO_GRACE_MS, now())
      .then((removed) => removed > 0 && app.log.info({ removed }, 'removed unattached uploaded photos'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not sweep unattached photos'));
  const sweeper = setInterval(sweep, 60 * 60 * 1000).unref();
  app.addHook('onReady', async () => {
    await publisher.start();
    void sweep();
    outbox.start();
    void outbox.kick();
    if (paymentScheduler) payments.start();
    if (backupSchedule) backups.start();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await payments.stop();
    await backups.stop();
    await publisher.stop();
    await redis?.quit().catch(() => {});
    await outbox.stop();
    catalog.close();
  });
  return app;
}
