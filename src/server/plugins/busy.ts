import type { FastifyInstance } from 'fastify';
import { DatabaseBusy, POOL_WAIT_LIMIT_MS } from '../db/database.ts';

/** The methods that read: never refused here (most are answered from memory, and a guest browsing is what a busy night keeps). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Load shedding (decision 052): while the oldest wait for one of the server's pooled database
 * connections is past POOL_WAIT_LIMIT_MS, a new write is refused at once (503, Retry-After: 1,
 * "We are very busy right now…", by the error handler) instead of joining a line that is not
 * draining. Requests already under way go on; reads are not refused.
 */
export function registerBusyRefusal(app: FastifyInstance, oldestWaitMs: () => number): void {
  app.addHook('onRequest', async (request) => {
    if (!READS.has(request.method) && oldestWaitMs() > POOL_WAIT_LIMIT_MS) throw new DatabaseBusy();
  });
}
