import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Failed sign-ins, counted per account and address, per address and per account
 * (rate-limiter-flexible's login-protection pattern). A flood of wrong passwords from one
 * address locks that address out of that account first, not the account's owner elsewhere
 * nor the other guests behind the same address; a slow guess spread over many addresses
 * is stopped per account. Only failures count, and a success clears its account+address.
 * With Redis the counts are shared by every app server; while Redis cannot answer, each
 * server counts alone in memory (rate-limiter-flexible's insurance limiter).
 */
export interface SignInLimits {
  /** Failures per account from one address, per 15 minutes. */
  perAccountAndAddress: number;
  /** Failures from one address, whatever the account, per hour. */
  perAddress: number;
  /** Failures for one account, from any address, per hour. */
  perAccount: number;
}

const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perAccountAndAddress: 10, perAddress: 100, perAccount: 50 };

export interface SignInLimiter {
  /** Seconds to wait before trying again, or 0 when an attempt may go ahead. */
  retryAfter(email: string, address: string): Promise<number>;
  failed(email: string, address: string): Promise<void>;
  succeeded(email: string, address: string): Promise<void>;
}

export function createSignInLimiter(limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS, redis?: Redis): SignInLimiter {
  const limiter = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => {
    const inMemory = new RateLimiterMemory({ keyPrefix, points, duration });
    return redis ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration, insuranceLimiter: inMemory }) : inMemory;
  };
  const pair = limiter('sign-in-pair', limits.perAccountAndAddress, 15 * 60);
  const address = limiter('sign-in-address', limits.perAddress, 60 * 60);
  const account = limiter('sign-in-account', limits.perAccount, 60 * 60);
  const keys = (email: string, ip: string): [RateLimiterAbstract, string][] => [
    [pair, `${email.toLowerCase()}|${ip}`],
    [address, ip],
    [account, email.toLowerCase()],
  ];

  return {
    async retryAfter(email, ip) {
      let wait = 0;
      for (const [limiter, key] of keys(email, ip)) {
        const state = await limiter.get(key);
        if (state && state.remainingPoints <= 0) wait = Math.max(wait, Math.ceil(state.msBeforeNext / 1000));
      }
      return wait;
    },
    async failed(email, ip) {
      // A rejected consume only means the limit is reached; the next retryAfter says so.
      await Promise.all(keys(email, ip).map(([limiter, key]) => limiter.consume(key).catch((error: unknown) => {
        if (!(error instanceof RateLimiterRes)) throw error;
      })));
    },
    async succeeded(email, ip) {
      await pair.delete(`${email.toLowerCase()}|${ip}`);
    },
  };
}
