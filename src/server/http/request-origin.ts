import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.ts';

/** Which proxies' X-Forwarded-For hops are believed (config.trustProxy), for Fastify and the replay cache alike. */
export function trustedProxies(
  trustProxy: Config['trustProxy'],
): ((address: string, hop: number) => boolean) | undefined {
  if (trustProxy === false) return undefined;
  // A hop count becomes "the nearest N hops", as proxy-addr counts them.
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return proxyAddr.compile(trustProxy);
}

/**
 * Request ids for the log lines: unique across servers (a random prefix per process) and
 * cheap on the hot path (a counter; a UUID per request cost 1 % of a cached read's CPU).
 */
export function requestIds(): () => string {
  const prefix = crypto.randomUUID().slice(0, 8);
  let next = 0;
  return () => `${prefix}-${(next++).toString(36)}`;
}
