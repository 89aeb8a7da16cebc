import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { IdentityLimits } from './modules/auth/identity.ts';
import type { StreamLimits } from './modules/events/events.routes.ts';
import type { EventPublisher } from './modules/events/publisher.ts';
import type { JournalOptions } from './modules/events/journal.ts';
import type { PaymentTiming } from './modules/payments/payments.service.ts';
import type { HttpTimeouts } from './plugins/prompt-shutdown.ts';

/** What builds the server (app.ts): its configuration and database, and what tests change. */
export interface AppOptions {
  config: Config;
  database: Database;
  /** Where the server logs (logging.ts); tests pass false. */
  logger: Logger | false;
  /** Sign-in and sign-up rate limits; tests that sign up many users raise them. */
  identityLimits?: IdentityLimits;
  /** Where the one-time message about a generated admin password goes. */
  announce?: (message: string) => void;
  /** The clock of the restaurant's rules (epoch ms); tests pin it. */
  clock?: () => number;
  /** Live events; one in-process publisher by default. */
  publisher?: EventPublisher;
  /** How often an event stream's heartbeat comment goes out (tests shorten it). */
  heartbeatMs?: number;
  /** Request and idle timeouts (plugins/prompt-shutdown.ts; tests shorten them). */
  timeouts?: HttpTimeouts;
  /** Open event streams per account and per address (tests lower them). */
  streamLimits?: StreamLimits;
  /** How many recent events, and how old, the event streams keep for reconnecting clients (tests shorten it). */
  eventJournal?: JournalOptions;
  /** When pending payments are asked about again (tests shorten it); the scheduler runs unless `paymentScheduler` is false. */
  paymentTiming?: Partial<PaymentTiming>;
  paymentScheduler?: boolean;
  /** Take the SQLite backups on their schedule (decision 056): the real server does (start.ts), tests leave it off. */
  backupSchedule?: boolean;
}
