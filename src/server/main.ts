import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig } from './config.ts';
import { createLogOutput, createLogger } from './logging.ts';
import { StartupError, startServer } from './start.ts';

/**
 * How long a shutdown may take: requests in flight get this long to finish, then the process
 * exits whatever is still pending (a stuck client, a database that does not answer).
 */
const SHUTDOWN_DEADLINE_MS = 10_000;

/** `npm start`: validate configuration, prepare the database, listen, and stop within a deadline on a signal. */
async function main(): Promise<void> {
  const config = loadConfig();
  const output = createLogOutput();
  const logger = createLogger(config.logLevel, output);
  const { app, database } = await startServer(config, logger);

  closeWithGrace({ delay: SHUTDOWN_DEADLINE_MS, logger: { error: (message: unknown) => logger.error({ err: message }, 'shutdown') } }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'fatal error: shutting down');
    else logger.info({ signal }, 'shutting down: finishing requests in flight');
    await app.close();
    await database.close();
    logger.info('closed cleanly');
    // The last lines, if whoever reads our output still does; never waited on for long.
    await output.drain(500);
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    console.error(error.message);
  } else {
    console.error('Start failed:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
