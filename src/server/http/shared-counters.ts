import { Redis } from 'ioredis';

/**
 * Rate-limit counters shared by every app server through Redis (REDIS_URL; docs/reference/operations.md
 * "Several app servers"). Settings as @fastify/rate-limit recommends for rate limiting: a
 * short connect timeout and one retry per command, so a slow or missing Redis costs a request
 * milliseconds, not seconds. When Redis cannot answer, limits fail open (each caller says how)
 * rather than take the restaurant offline, and the log says so.
 */
export function createRedis(url: string, log: { warn(object: object, message: string): void }): Redis {
  const redis = new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false });
  let warned = false;
  redis.on('error', (error: unknown) => {
    if (warned) return;
    warned = true;
    log.warn({ err: error }, 'Redis is not answering: rate limits count on this server alone until it is back');
  });
  redis.on('ready', () => {
    warned = false;
  });
  return redis;
}

/** A fixed-window counter: how many times `key` was counted in the current `windowSeconds`. */
export async function countInWindow(redis: Redis, key: string, windowSeconds: number): Promise<number> {
  const [[, count] = [null, 0]] = (await redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec()) ?? [];
  return Number(count);
}
