import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/database.ts';
import { prepareDatabase } from '../../src/server/start.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * The whole server on a real socket of 127.0.0.1 (the replay cache answers before Fastify only
 * there: `inject` goes around it), on a fresh test database.
 */

/** Listens on a free port of 127.0.0.1; the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Headers as a plain object, without the ones that belong to one answer. */
export function headersOf(response: Response): Record<string, string> {
  const headers = Object.fromEntries(response.headers.entries());
  delete headers.date;
  delete headers['keep-alive'];
  delete headers.connection;
  return headers;
}

export interface ListeningServer {
  app: FastifyInstance;
  database: Database;
  base: string;
  close(): Promise<void>;
}

/** The app built as `npm start` builds it, `before` run on it before it listens (hooks), and listening. */
export async function listeningServer(
  options: { logger?: Logger; before?: (app: FastifyInstance) => void } = {},
): Promise<ListeningServer> {
  const handle = await createTestDatabase();
  const database = await prepareDatabase(handle.config, { images: false });
  const app = await buildApp({
    config: handle.config,
    database,
    logger: options.logger ?? false,
    announce: () => {},
  });
  options.before?.(app);
  const base = await listen(app);
  return {
    app,
    database,
    base,
    async close() {
      await app.close();
      await database.close();
      await handle.cleanup();
    },
  };
}
