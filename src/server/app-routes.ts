import { MAIN_BRANCH_ID } from './db/branch.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { toRole } from './modules/auth/access.ts';
import { identitySessionIds } from './modules/auth/identity-accounts.ts';
import { DEFAULT_IDENTITY_LIMITS } from './modules/auth/identity.ts';
import { DEFAULT_SIGN_IN_LIMITS, createSignInLimiter } from './modules/auth/sign-in-limits.ts';
import { identityRoutes } from './modules/auth/identity.routes.ts';
import { adminRoutes } from './modules/accounts/admin.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { pathBranchWith } from './modules/catalog/branch-menu-routes.ts';
import { favoritesRoutes } from './modules/favorites/favorites.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { reservationsRoutes } from './modules/reservations/reservations.routes.ts';
import { restaurantRoutes } from './modules/restaurant/restaurant.routes.ts';
import { branchesRoutes } from './modules/branches/branches.routes.ts';
import { tablesRoutes } from './modules/tables/tables.routes.ts';
import { imagesRoutes } from './modules/images/images.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';
import { kitchenRoutes } from './modules/kitchen/kitchen.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { backupsRoutes } from './modules/backups/backups.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { billsRoutes } from './modules/bills/bills.routes.ts';
import { dishReportsRoutes } from './modules/dish-reports/dish-reports.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import type { createRedis } from './http/shared-counters.ts';
import { languageOfRequest } from './http/language.ts';
import { createBranchOf } from './http/request-branch.ts';
import type { Language } from '../shared/i18n/languages.ts';
import { pageScripts, registerStaticFiles } from './plugins/static-files.ts';
import { createPagesService } from './modules/pages/pages.service.ts';
import { pagesRoutes } from './modules/pages/pages.routes.ts';
import { loadPageRenderer } from './modules/pages/page-renderer.ts';
import { type PagePrimer, startPagePrimer } from './modules/pages/page-primer.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { usersRoutes } from './modules/accounts/users.routes.ts';
import { printersRoutes } from './modules/printers/printers.routes.ts';
import type { AppOptions } from './app-options.ts';
import type { Services } from './app-services.ts';

/** Every module's routes, the server-rendered pages and the client's files, on the services of app-services.ts. */
export async function registerRoutes(
  app: FastifyInstance,
  services: Services,
  { config, database, identityLimits, heartbeatMs, streamLimits, eventJournal }: AppOptions,
  {
    now,
    redis,
    onDatabaseDown,
  }: { now: () => number; redis: ReturnType<typeof createRedis> | undefined; onDatabaseDown: () => void },
) {
  const {
    db,
    identity,
    tokens,
    access,
    publisher,
    images,
    catalog,
    orders,
    favorites,
    dishReports,
    users,
    restaurant,
    branches,
    tables,
    payments,
    bills,
    reservations,
    tickets,
    kitchen,
    reports,
    audit,
    backups,
    printers,
  } = services;
  await app.register(healthRoutes, { database, onDatabaseDown });
  // The menu's answers in the request's language (decision 047), at once while the settings are held.
  const languageOf = (request: FastifyRequest): Language | Promise<Language> => {
    const held = restaurant.heldBrand();
    return held
      ? languageOfRequest(request, held.language)
      : restaurant.brand().then((brand) => languageOfRequest(request, brand.language));
  };
  // The branch of a request, for the routes of branch-scoped data (decision 062).
  const branchOf = createBranchOf((fresh) => branches.directory(fresh));
  access.resolveBranchesWith(branchOf);
  await app.register(catalogRoutes, {
    catalog,
    access,
    language: languageOf,
    audit,
    branchOf,
    pathBranch: pathBranchWith((fresh) => branches.directory(fresh)),
  });
  await app.register(imagesRoutes, { images, access });
  await app.register(restaurantRoutes, { restaurant, access, audit, branchOf });
  await app.register(branchesRoutes, { branches, language: languageOf, access });
  await app.register(tablesRoutes, { tables, access, branchOf });
  await app.register(reservationsRoutes, { reservations, access, branchOf });
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
  await app.register(ordersRoutes, { orders, access, language: languageOf, branchOf });
  await app.register(ticketsRoutes, { tickets, orders, access, language: languageOf, branchOf });
  await app.register(billsRoutes, { bills, access, audit, branchOf });
  await app.register(paymentsRoutes, { payments, access });
  await app.register(kitchenRoutes, { kitchen, access, audit, branchOf });
  await app.register(reportsRoutes, { reports, access, branchOf, language: languageOf });
  await app.register(auditRoutes, { audit, access, branchOf });
  await app.register(backupsRoutes, { backups, access });
  await app.register(printersRoutes, { printers, access, audit, branchOf });
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
    branchOf,
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
    branchExists: async (id) => (await branches.directory(true)).find(String(id)) !== undefined,
  });
  const shellFile = config.clientDir === undefined ? undefined : join(config.clientDir, 'index.html');
  const shellHtml = shellFile && existsSync(shellFile) ? readFileSync(shellFile, 'utf8') : undefined;
  const render = await loadPageRenderer(app, config.clientDir);
  const pagesVersion = () => `${catalog.version()}.${restaurant.version()}`;
  const pages = createPagesService(
    {
      products: (language) => catalog.products(undefined, language),
      product: (id, language) => catalog.product(id, language),
      // The brand's pages (home, menu) are made with its name and the first branch's place; a branch's page with its own.
      settings: () => restaurant.at(MAIN_BRANCH_ID).shown(),
      branches: (language) => branches.list(language),
      branch: (slug, language) => branches.find(slug, language),
      version: pagesVersion,
      render,
      onRenderError: (error, url) =>
        app.log.warn({ err: error, url }, 'could not render a page on the server; sent the shell'),
    },
    config.publicUrl,
    shellHtml,
    pageScripts(config.clientDir),
    now,
  );
  await app.register(pagesRoutes, { pages });
  // Pages rendered with their data are made ahead of the guests once the server listens (decision 078).
  if (render && shellHtml !== undefined) {
    let primer: PagePrimer | undefined;
    app.addHook('onListen', async () => {
      primer = startPagePrimer({
        page: (path, search, language, branch) => pages.page(path, search, language, branch),
        inUse: () => pages.inUse(),
        version: pagesVersion,
        openBranches: async () => (await branches.directory()).open.map((row) => row.slug),
        isKept: (address) => pages.isKept(address),
        onError: (error) => app.log.warn({ err: error }, 'could not make pages ahead'),
        onPrimed: (count, ms) => app.log.info({ pages: count, ms: Math.round(ms) }, 'made pages ahead'),
      });
    });
    app.addHook('onClose', async () => primer?.stop());
  }
  await registerStaticFiles(app, {
    clientDir: config.clientDir,
    publicPages: (path, search, language, branch) => pages.page(path, search, language, branch),
    language: async (request) => languageOfRequest(request, (await restaurant.brand()).language),
    openBranch: async (asked) => {
      const row = (await branches.directory()).find(asked);
      return row && row.archived_at === null ? row.slug : undefined;
    },
  });
}
