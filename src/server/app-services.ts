import { type FastifyInstance } from 'fastify';
import { createAccessTokens } from './modules/auth/access-token.ts';
import { createAccess } from './modules/auth/access.ts';
import { loadAuthSecret } from './modules/auth/auth-secret.ts';
import { createIdentity } from './modules/auth/identity.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createFavoritesService } from './modules/favorites/favorites.service.ts';
import { createReservationsService } from './modules/reservations/reservations.service.ts';
import { createBranchesService } from './modules/branches/branches.service.ts';
import { asBranchId } from './db/branch.ts';
import { createRestaurantService } from './modules/restaurant/restaurant.service.ts';
import { createTablesService } from './modules/tables/tables.service.ts';
import { DEMO_SETTINGS } from './db/seed/demo-restaurant.ts';
import { createOutbox, enqueueMail } from './modules/mail/outbox.ts';
import { reservationMail } from './modules/mail/reservation-mail.ts';
import { createImagesService } from './modules/images/images.service.ts';
import { createKitchenService } from './modules/kitchen/kitchen.service.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createBackupsService } from './modules/backups/backups.service.ts';
import { createDomainEvents } from './events/event-bus.ts';
import { createLocalPublisher } from './modules/events/publisher.ts';
import { createPgPublisher } from './modules/events/pg-publisher.ts';
import { createTicketsService } from './modules/tickets/tickets.service.ts';
import { createTicketsPublished } from './modules/tickets/tickets.published.ts';
import { createBillsService } from './modules/bills/bills.service.ts';
import { createOrdersService } from './modules/orders/orders.service.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createPaymentProviders } from './modules/payments/providers/index.ts';
import { createDishReportsService } from './modules/dish-reports/dish-reports.service.ts';
import type { createRedis } from './http/shared-counters.ts';
import { countInWindow } from './http/shared-counters.ts';
import { subscribeLiveEvents } from './events/live-events.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { printOnEvents } from './modules/printers/printers.events.ts';
import { createPrintersService } from './modules/printers/printers.service.ts';
import type { AppOptions } from './app-options.ts';
import { ZERO } from '../shared/domain/money.ts';

/**
 * The composition root: one service per capability, each given those below it (a module reaches
 * another only through its service), with the post-commit domain events wired to the screens'
 * live events, the mail and the printers.
 */
export function createServices(
  app: FastifyInstance,
  { config, database, identityLimits, publisher: givenPublisher, paymentTiming }: AppOptions,
  { now, redis }: { now: () => number; redis: ReturnType<typeof createRedis> | undefined },
) {
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
  const orders = createOrdersService(
    db,
    database.engine,
    catalog,
    {
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
            const charged = bill && ticket.status !== 'cancelled' ? bill.total : ticket.total;
            return [id, { ...ticket, charged, refunded: bill ? bill.refunded : ZERO }];
          }),
        );
      },
    },
    // The branches a bag's lines belong to (made below, asked only once the app serves).
    {
      named: (id) => branches.namesOf(id),
      several: () => branches.several(),
    },
  );
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
  const branches = createBranchesService(db, {
    restaurant,
    onChanged: async () => {
      await publisher.invalidate('branches');
      await publisher.invalidate('restaurant');
    },
    now,
  });
  publisher.onInvalidate((name) => {
    if (name === 'catalog') catalog.invalidate();
    else if (name === 'branches') branches.invalidate();
    else restaurant.invalidate();
  });
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
    places: (branch) => branches.placeOf(branch),
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
      // The booking's branch's mail: its name, address, phone and time zone.
      const place = await branches.placeOf(asBranchId(Number(reservation.branchId)));
      const mail = await reservationMail(reservation, change, place, language, {
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
    reservations,
    tables,
    bills,
    events,
    now,
  });
  const reports = createReportsService(db, { restaurant, branches, bills, payments, reservations, tickets, now });
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
  // Printers (decision 043): their jobs are made from the domain events that print (printers.events.ts).
  const printers = createPrintersService(db, { kitchen, bills, restaurant, publicUrl: config.publicUrl, now });
  // The screens' live events and the guests' mail, from the domain events.
  subscribeLiveEvents(events, publisher, { tickets, outbox });
  printOnEvents(events, printers, (details, message) => app.log.warn(details, message));
  return {
    db,
    identity,
    tokens,
    access,
    publisher,
    events,
    images,
    catalog,
    orders,
    favorites,
    dishReports,
    users,
    restaurant,
    branches,
    tables,
    outbox,
    payments,
    bills,
    reservations,
    tickets,
    kitchen,
    reports,
    audit,
    backups,
    printers,
  };
}

export type Services = ReturnType<typeof createServices>;
