import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Failed sign-ins (docs/decisions/009). Two limits lock: failures per account and address
 * (a flood of wrong passwords from one address stops that address for that account, not the
 * owner elsewhere nor the other guests behind the same address) and failures per address
 * (one address guessing many accounts). Failures per account, from any address, never lock:
 * past a threshold, each address that has failed for the account must wait a delay after its
 * own last failure before it tries that account again, a delay that doubles with every further
 * failure of the account (up to a cap). An address that has not failed (the owner's phone, a
 * new browser) is never refused, so nobody can lock an owner out by failing on purpose.
 * Only failures count; a success clears its account and address. With Redis the counts are
 * shared by every app server; while Redis cannot answer, each server counts alone in memory
 * (rate-limiter-flexible's insurance limiter).
 */
export interface SignInLimits {
  /** Failures per account from one address, per 15 minutes, before that address is refused for that account. */
  perAccountAndAddress: number;
  /** Failures from one address, whatever the account, per hour, before that address is refused. */
  perAddress: number;
  /** Failures of one account, from any address, per hour, after which failed addresses wait between attempts. */
  accountFailuresBeforeDelay: number;
  /** The longest such wait, in seconds. */
  maxDelaySeconds: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAccountAndAddress: 10,
  perAddress: 100,
  accountFailuresBeforeDelay: 10,
  maxDelaySeconds: 300,
};

/** The wait after the account's `failures`-th failure in the hour: 1 s at the threshold, doubling, capped. */
export function signInDelaySeconds(
  failures: number,
  limits: Pick<SignInLimits, 'accountFailuresBeforeDelay' | 'maxDelaySeconds'>,
): number {
  if (failures < limits.accountFailuresBeforeDelay) return 0;
  return Math.min(limits.maxDelaySeconds, 2 ** Math.min(30, failures - limits.accountFailuresBeforeDelay));
}

export interface SignInLimiter {
  /** Seconds to wait before trying again, or 0 when an attempt may go ahead. */
  retryAfter(email: string, address: string): Promise<number>;
  failed(email: string, address: string): Promise<void>;
  succeeded(email: string, address: string): Promise<void>;
}

export function createSignInLimiter(limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS, redis?: Redis): SignInLimiter {
  const limiter = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract => {
    const inMemory = new RateLimiterMemory({ keyPrefix, points, duration });
    return redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration, insuranceLimiter: inMemory })
      : inMemory;
  };
  const pair = limiter('sign-in-pair', limits.perAccountAndAddress, 15 * 60);
  const address = limiter('sign-in-address', limits.perAddress, 60 * 60);
  // A counter, never a lock: its points are only read to size the delay.
  const account = limiter('sign-in-account-failures', Number.MAX_SAFE_INTEGER, 60 * 60);
  // One key per account and address, blocked for the delay after that address's failure.
  const delay = limiter('sign-in-pair-delay', 1, limits.maxDelaySeconds);
  const pairKey = (email: string, ip: string) => `${email.toLowerCase()}|${ip}`;
  const consume = (limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes> =>
    // A rejected consume only means the limit is reached; the next retryAfter says so.
    limiter.consume(key).catch((error: unknown) => {
      if (error instanceof RateLimiterRes) return error;
      throw error;
    });

  return {
    async retryAfter(email, ip) {
      let wait = 0;
      for (const [limiter, key] of [
        [pair, pairKey(email, ip)],
        [address, ip],
        [delay, pairKey(email, ip)],
      ] as const) {
        const state = await limiter.get(key);
        if (state && state.remainingPoints <= 0 && state.msBeforeNext > 0)
          wait = Math.max(wait, Math.ceil(state.msBeforeNext / 1000));
      }
      return wait;
    },
    async failed(email, ip) {
      const [, , counted] = await Promise.all([
        consume(pair, pairKey(email, ip)),
        consume(address, ip),
        consume(account, email.toLowerCase()),
      ]);
      const seconds = signInDelaySeconds(counted.consumedPoints, limits);
      if (seconds > 0) await delay.block(pairKey(email, ip), seconds);
    },
    async succeeded(email, ip) {
      await Promise.all([pair.delete(pairKey(email, ip)), delay.delete(pairKey(email, ip))]);
    },
  };
}
