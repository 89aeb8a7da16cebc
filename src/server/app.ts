import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { createAccessTokens } from './modules/auth/access-token.ts';
import { createAccess, toRole } from './modules/auth/access.ts';
import { identitySessionIds } from './modules/auth/identity-accounts.ts';
import { loadAuthSecret } from './modules/auth/auth-secret.ts';
import { bootstrapAdmin } from './modules/accounts/bootstrap-admin.ts';
import { STARTUP_LOCK, whileHoldingStartupLock } from './db/write-lock.ts';
import { DEFAULT_IDENTITY_LIMITS, createIdentity } from './modules/auth/identity.ts';
import { DEFAULT_SIGN_IN_LIMITS, createSignInLimiter } from './modules/auth/sign-in-limits.ts';
import { identityRoutes } from './modules/auth/identity.routes.ts';
import { adminRoutes } from './modules/accounts/admin.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { favoritesRoutes } from './modules/favorites/favorites.routes.ts';
import { createFavoritesService } from './modules/favorites/favorites.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { reservationsRoutes } from './modules/reservations/reservations.routes.ts';
import { createReservationsService } from './modules/reservations/reservations.service.ts';
import { restaurantRoutes } from './modules/restaurant/restaurant.routes.ts';
import { branchesRoutes } from './modules/branches/branches.routes.ts';
import { createBranchesService } from './modules/branches/branches.service.ts';
import { createRestaurantService } from './modules/restaurant/restaurant.service.ts';
import { tablesRoutes } from './modules/tables/tables.routes.ts';
import { createTablesService } from './modules/tables/tables.service.ts';
import { DEMO_SETTINGS } from './db/seed/demo-restaurant.ts';
import { createOutbox, enqueueMail } from './modules/mail/outbox.ts';
import { reservationMail } from './modules/mail/reservation-mail.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { createImagesService } from './modules/images/images.service.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';
import { kitchenRoutes } from './modules/kitchen/kitchen.routes.ts';
import { createKitchenService } from './modules/kitchen/kitchen.service.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { createBackupsService } from './modules/backups/backups.service.ts';
import { backupsRoutes } from './modules/backups/backups.routes.ts';
import { createDomainEvents } from './events/event-bus.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { createLocalPublisher } from './modules/events/publisher.ts';
import { createPgPublisher } from './modules/events/pg-publisher.ts';
import { createTicketsService } from './modules/tickets/tickets.service.ts';
import { toMinorUnits } from '../shared/contract/common.ts';
import { createTicketsPublished } from './modules/tickets/tickets.published.ts';
import { createBillsService } from './modules/bills/bills.service.ts';
import { billsRoutes } from './modules/bills/bills.routes.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { dishReportsRoutes } from './modules/dish-reports/dish-reports.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createPaymentProviders } from './modules/payments/providers/index.ts';
import { createDishReportsService } from './modules/dish-reports/dish-reports.service.ts';
import { AccessLog } from './logging.ts';
import { fnv1a } from './http/cached-json.ts';
import { requestIds, trustedProxies } from './http/request-origin.ts';
import { createReplayCache } from './http/replay-cache.ts';
import { countInWindow, createRedis } from './http/shared-counters.ts';
import { registerBusyRefusal } from './plugins/busy.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { languageOfRequest, translateErrorAnswers } from './http/language.ts';
import type { Language } from '../shared/i18n/languages.ts';
import { DEFAULT_HTTP_TIMEOUTS, registerPromptShutdown } from './plugins/prompt-shutdown.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { subscribeLiveEvents } from './events/live-events.ts';
import { pageScripts, registerStaticFiles } from './plugins/static-files.ts';
import { createPagesService } from './modules/pages/pages.service.ts';
import { pagesRoutes } from './modules/pages/pages.routes.ts';
import { loadPageRenderer } from './modules/pages/page-renderer.ts';
import { UNATTACHED_PHOTO_GRACE_MS, sweepUnattachedPhotos } from './modules/uploads/uploads.service.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { usersRoutes } from './modules/accounts/users.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { schemaSerializerCompiler } from './plugins/serializer.ts';
import { printersRoutes } from './modules/printers/printers.routes.ts';
import { printOnEvents } from './modules/printers/printers.events.ts';
import { createPrintersService } from './modules/printers/printers.service.ts';
import type { AppOptions } from './app-options.ts';
import { ZERO } from '../shared/domain/money.ts';

export type { AppOptions } from './app-options.ts';

/** Builds the whole server (API, images, SPA) without listening, so tests can `inject` into it. */
export async function buildApp({
  config,
  database,
  logger,
  identityLimits,
  announce = (m) => console.warn(m),
  clock,
  publisher: givenPublisher,
  heartbeatMs,
  timeouts = DEFAULT_HTTP_TIMEOUTS,
  streamLimits,
  eventJournal,
  paymentTiming,
  paymentScheduler = true,
  backupSchedule = false,
}: AppOptions): Promise<FastifyInstance> {
  const nextId = requestIds();
  // One clock for every module: the app's (tests pin it) or the real one.
  const now = clock ?? Date.now;
  const trust = trustedProxies(config.trustProxy);
  // The menu's public answers, sent again before routing until the menu or settings change.
  const replay = createReplayCache({
    maxEntries: 5_000,
    ttlMs: 60_000,
    nextId,
    // Both only grow: their sum changes with either (the services are made below).
    version: () => catalog.version() + restaurant.version(),
    ...(trust ? { trust } : {}),
    // Through Fastify's logger (made below), so that both kinds of answers log alike.
    ...(logger ? { accessLog: (line) => app.log.info(line, 'request completed') } : {}),
  });
  const app = Fastify({
    ...(logger ? { loggerInstance: logger as FastifyBaseLogger } : { logger: false }),
    // One access line per request instead of Fastify's two (logging.ts).
    logController: new AccessLog(),
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    trustProxy: trust ?? false,
    forceCloseConnections: 'idle',
    // A body or headers that never finish arriving, or a connection gone silent, are cut off.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    return503OnClosing: true,
    genReqId: nextId,
    serverFactory: replay.serverFactory,
  });
  // The replay cache keeps what Fastify answered, and stops with it.
  app.addHook('onResponse', (request, reply, done) => {
    replay.capture(request, reply);
    done();
  });
  app.addHook('preClose', async () => replay.close());
  registerPromptShutdown(app);
  app.setValidatorCompiler(validatorCompiler);
  // Every answer is written by a serializer compiled from its response schema: what is not
  // in the contract never leaves the server (plugins/serializer.ts).
  app.setSerializerCompiler(schemaSerializerCompiler);
  // When the database stops answering, what was cached from it goes: nothing answered during
  // an outage, nor after it (the database may come back restored, with other data), is stale.
  const whenDatabaseDown: (() => void)[] = [];
  const onDatabaseDown = () => {
    for (const forget of whenDatabaseDown) forget();
  };
  registerErrorHandler(app, onDatabaseDown);
  registerBusyRefusal(app, () => database.oldestWaitMs());
  // Error answers in the requester's language (decision 045); the restaurant's default once its service exists.
  let restaurantLanguage: () => Promise<Language | undefined> = async () => undefined;
  translateErrorAnswers(app, () => restaurantLanguage());
  registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https://') });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(etag, { weak: true, hashFn: fnv1a });
  // Rate-limit counters: shared by every server through Redis when REDIS_URL is set, else per server.
  const redis = config.redisUrl ? createRedis(config.redisUrl, app.log) : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'storefront-rate-limit-', skipOnError: true } : {}),
  });
  // The contract, generated from the same zod schemas the routes validate with.
  await registerOpenApi(app, config.publicUrl);
  const secret = loadAuthSecret(config.dataDir, config.authSecret);
  const identity = createIdentity(
    config,
    secret,
    database.native,
    identityLimits,
    (level, message) => app.log[level]({ component: 'identity' }, message),
    redis ? (key, seconds) => countInWindow(redis, key, seconds) : undefined,
  );
  const tokens = createAccessTokens(secret);
  const access = createAccess(database.db, tokens);
  app.decorateRequest('caller', null);
  // One service per capability; a module reaches another only through its service.
  const { db } = database;
  // Live events and cache invalidation: across servers through PostgreSQL, else in this process.
  const publisher =
    givenPublisher ??
    (database.engine === 'postgres' && config.databaseUrl
      ? createPgPublisher({
          connectionString: config.databaseUrl,
          query: (text, values) => database.native.query(text, values),
          log: app.log,
        })
      : createLocalPublisher((error) => app.log.warn({ err: error }, 'an event stream failed')));
  // Post-commit domain events (decision 041): modules tell what they committed; the screens' live events and the mail listen.
  const events = createDomainEvents((error, event) =>
    app.log.warn({ err: error, event: event.type }, 'a domain event handler failed'),
  );
  const images = createImagesService(db, now);
  const catalog = createCatalogService(database, {
    imageExists: (url) => images.exists(url),
    onChanged: () => publisher.invalidate('catalog'),
    now,
  });
  // The tickets' tables as published to the modules below tickets (orders, bills), which its service calls.
  const ticketsPublished = createTicketsPublished(db);
  // A booking order's ticket with what its own bill charged and gave back, as My Orders says it
  // (bills is made below, from modules made after this one; asked only once the app serves).
  const orders = createOrdersService(db, catalog, {
    async summaries(ids) {
      const held = await ticketsPublished.summaries(ids);
      const money = await bills.ownBillMoney(
        db,
        [...held.values()].flatMap((t) => (t.billId === null ? [] : [t.billId])),
      );
      return new Map(
        [...held].map(([id, ticket]) => {
          const bill = ticket.billId === null ? undefined : money.get(ticket.billId);
          // A cancelled ticket's lines are off its bill: it charged what it was placed for.
          const charged = bill && ticket.status !== 'cancelled' ? toMinorUnits(bill.total) : ticket.total;
          return [id, { ...ticket, charged, refunded: bill ? toMinorUnits(bill.refunded) : ZERO }];
        }),
      );
    },
  });
  const favorites = createFavoritesService(db, catalog);
  const dishReports = createDishReportsService(db, catalog);
  const users = createAccountsService(
    db,
    database.engine,
    { orders, favorites, reports: dishReports },
    (userId) => publisher.revoke({ userId }),
    now,
  );
  const restaurant = createRestaurantService(db, DEMO_SETTINGS, {
    onChanged: () => publisher.invalidate('restaurant'),
    now,
  });
  restaurantLanguage = async () => (await restaurant.get()).language;
  const branches = createBranchesService(db, { restaurant, defaults: DEMO_SETTINGS, now });
  publisher.onInvalidate((name) => (name === 'catalog' ? catalog.invalidate() : restaurant.invalidate()));
  const tables = createTablesService(db, { now });
  const outbox = createOutbox(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const mailHost = new URL(config.publicUrl).hostname;
  const log = (component: string) => ({
    info: (details: object, message: string) => app.log.info({ component, ...details }, message),
    warn: (details: object, message: string) => app.log.warn({ component, ...details }, message),
  });
  // Built in one direction: each module is given those below it (payments knows none of what it pays for).
  const providers = createPaymentProviders(config, now);
  const payments = createPaymentsService(db, {
    restaurant,
    providers: providers.byName,
    ...(providers.stripeEvent ? { stripeEvent: providers.stripeEvent } : {}),
    publicUrl: config.publicUrl,
    engine: database.engine,
    log: log('payments'),
    now,
    ...(paymentTiming ? { timing: paymentTiming } : {}),
  });
  const bills = createBillsService(db, database.engine, {
    restaurant,
    tickets: ticketsPublished,
    catalog,
    payments,
    events,
    now,
    log: log('payments'),
  });
  const reservations = createReservationsService(db, database.engine, {
    restaurant,
    tables,
    payments,
    bills,
    events,
    now,
    log: log('payments'),
    notify: async (trx, reservation, change, language) => {
      const mail = await reservationMail(reservation, change, await restaurant.get(), language, {
        from: config.mailFrom,
        host: mailHost,
        now: now(),
      });
      if (mail) await enqueueMail(trx, mail);
    },
  });
  const tickets = createTicketsService(db, database.engine, {
    restaurant,
    catalog,
    orders,
    reservations,
    tables,
    bills,
    payments,
    events,
    now,
    log: log('payments'),
  });
  const kitchen = createKitchenService(db, {
    tickets,
    catalog,
    restaurant,
    orders,
    reservations,
    tables,
    bills,
    events,
    now,
  });
  const reports = createReportsService(db, { restaurant, bills, payments, reservations, tickets, now });
  // The audit trail (decision 056): the routes where money or power changes tell it who did what.
  const audit = createAuditService(db, {
    restaurant,
    now,
    log: { error: (details, message) => app.log.error({ component: 'audit', ...details }, message) },
  });
  const backups = createBackupsService(database, config, {
    restaurant,
    now,
    log: {
      info: (details, message) => app.log.info({ component: 'backups', ...details }, message),
      error: (details, message) => app.log.error({ component: 'backups', ...details }, message),
    },
  });
  // `npm run backup` reaches a running server through it (main.ts).
  app.decorate('backups', backups);
  // Printers (decision 043): their jobs are made from the domain events that print (printers.events.ts).
  const printers = createPrintersService(db, { kitchen, bills, restaurant, publicUrl: config.publicUrl, now });
  // The screens' live events and the guests' mail, from the domain events.
  subscribeLiveEvents(events, publisher, { tickets, outbox });
  printOnEvents(events, printers, (details, message) => app.log.warn(details, message));
  // Two servers starting together create the first administrator once.
  await whileHoldingStartupLock(db, database.engine, `${STARTUP_LOCK}:admin`, () =>
    bootstrapAdmin({ config, db, identity, users, announce }),
  );
  whenDatabaseDown.push(
    () => catalog.invalidate(),
    () => restaurant.invalidate(),
  );
  await app.register(healthRoutes, { database, onDatabaseDown });
  // The menu's answers in the request's language (decision 047), at once while the settings are held.
  const languageOf = (request: FastifyRequest): Language | Promise<Language> => {
    const held = restaurant.held();
    return held
      ? languageOfRequest(request, held.language)
      : restaurant.get().then((settings) => languageOfRequest(request, settings.language));
  };
  await app.register(catalogRoutes, { catalog, access, language: languageOf, audit });
  await app.register(imagesRoutes, { images, access });
  await app.register(restaurantRoutes, { restaurant, access, audit });
  await app.register(branchesRoutes, { branches, language: languageOf });
  await app.register(tablesRoutes, { tables, access });
  await app.register(reservationsRoutes, { reservations, access });
  const failures = (identityLimits ?? DEFAULT_IDENTITY_LIMITS).signInFailures;
  const signInLimiter = createSignInLimiter(
    {
      ...DEFAULT_SIGN_IN_LIMITS,
      perAccountAndAddress: failures,
      perAddress: failures * 10,
      accountFailuresBeforeDelay: failures,
    },
    redis,
  );
  await app.register(identityRoutes, {
    identity,
    publicUrl: config.publicUrl,
    googleEnabled: config.google !== undefined,
    signInLimiter,
    sessionIds: (authUserId) => identitySessionIds(db, authUserId),
    onSessionsEnded: (sessionIds) => publisher.revoke({ sessionIds }),
  });
  await app.register(uploadsRoutes, { identity, images });
  await app.register(usersRoutes, { users, identity, tokens, access, language: languageOf });
  await app.register(ordersRoutes, { orders, access, language: languageOf });
  await app.register(ticketsRoutes, { tickets, orders, access, language: languageOf });
  await app.register(billsRoutes, { bills, access, audit });
  await app.register(paymentsRoutes, { payments, access });
  await app.register(kitchenRoutes, { kitchen, access, audit });
  await app.register(reportsRoutes, { reports, access });
  await app.register(auditRoutes, { audit, access });
  await app.register(backupsRoutes, { backups, access });
  await app.register(printersRoutes, { printers, access, audit });
  await app.register(eventsRoutes, {
    publisher,
    access,
    roleOf: async (userId) => {
      const user = await users.findById(userId);
      return user ? toRole(user.role) : null;
    },
    ...(heartbeatMs ? { heartbeatMs } : {}),
    ...(streamLimits ? { limits: streamLimits } : {}),
    ...(eventJournal ? { journal: eventJournal } : {}),
  });
  await app.register(favoritesRoutes, { favorites, access, language: languageOf });
  await app.register(dishReportsRoutes, { reports: dishReports, access, language: languageOf });
  await app.register(adminRoutes, {
    access,
    users,
    orders,
    favorites,
    reports: dishReports,
    images,
    language: languageOf,
    audit,
  });
  const shellFile = config.clientDir === undefined ? undefined : join(config.clientDir, 'index.html');
  const pages = createPagesService(
    {
      products: (language) => catalog.products(undefined, language),
      product: (id, language) => catalog.product(id, language),
      settings: () => restaurant.get(),
      branches: (language) => branches.list(language),
      branch: (slug, language) => branches.find(slug, language),
      version: () => `${catalog.version()}.${restaurant.version()}`,
      render: await loadPageRenderer(app, config.clientDir),
      onRenderError: (error, url) =>
        app.log.warn({ err: error, url }, 'could not render a page on the server; sent the shell'),
    },
    config.publicUrl,
    shellFile && existsSync(shellFile) ? readFileSync(shellFile, 'utf8') : undefined,
    pageScripts(config.clientDir),
    now,
  );
  await app.register(pagesRoutes, { pages });
  await registerStaticFiles(app, {
    clientDir: config.clientDir,
    publicPages: (path, search, language) => pages.page(path, search, language),
    language: async (request) => languageOfRequest(request, (await restaurant.get()).language),
  });
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
