import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import { PID_FILE } from './db/backups.ts';
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
  // On SQLite, `npm run backup` asks this process for a copy (decision 056): it finds it by the
  // pid file (the server holds the file locked, so no other process can read the database).
  const pidFile = join(config.dataDir, PID_FILE);
  if (database.engine === 'sqlite') {
    writeFileSync(pidFile, `${process.pid}\n`);
    process.on('SIGUSR2', () => void app.backups.run('asked'));
  }

  // SIGUSR2 asks for a backup (above), which close-with-grace would otherwise take as a stop.
  closeWithGrace(
    {
      delay: SHUTDOWN_DEADLINE_MS,
      skip: ['SIGUSR2'],
      logger: { error: (message: unknown) => logger.error({ err: message }, 'shutdown') },
    },
    async ({ signal, err }) => {
      if (err) logger.error({ err }, 'fatal error: shutting down');
      else logger.info({ signal }, 'shutting down: finishing requests in flight');
      await app.close();
      await database.close();
      if (database.engine === 'sqlite') rmSync(pidFile, { force: true });
      logger.info('closed cleanly');
      // The last lines, if whoever reads our output still does; never waited on for long.
      await output.drain(500);
    },
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    console.error(error.message);
  } else {
    console.error('Start failed:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
