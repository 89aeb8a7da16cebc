import { ConfigError, loadConfig } from './config.ts';
import { StartupError, startServer } from './start.ts';

/** `npm start`: validate configuration, prepare the database, listen, and shut down cleanly on a signal. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { app, database } = await startServer(config);

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close();
      await database.close();
      app.log.info('closed cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    console.error(error.message);
  } else {
    console.error('Start failed:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
