import type { FastifyInstance } from 'fastify';
import { type Database, pingDatabase } from '../../db/database.ts';

/** /healthz answers 200 when the database answers, 503 otherwise (for load balancers). */
export async function healthRoutes(
  app: FastifyInstance,
  options: { database: Database; onDatabaseDown: () => void },
): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await pingDatabase(options.database);
      return { status: 'ok', database: 'up' };
    } catch (error) {
      options.onDatabaseDown();
      request.log.warn({ err: error }, 'health check: database unavailable');
      return reply.status(503).send({ status: 'unavailable', database: 'down' });
    }
  });
}
