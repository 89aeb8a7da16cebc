import { RateLimiterMemory, type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Failed sign-ins, counted per account and address, per address and per account
 * (rate-limiter-flexible's login-protection pattern). A flood of wrong passwords from one
 * address locks that address out of that account first, not the account's owner elsewhere
 * nor the other guests behind the same address; a slow guess spread over many addresses
 * is stopped per account. Only failures count, and a success clears its account+address.
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

export function createSignInLimiter(limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS): SignInLimiter {
  const pair = new RateLimiterMemory({ keyPrefix: 'sign-in-pair', points: limits.perAccountAndAddress, duration: 15 * 60 });
  const address = new RateLimiterMemory({ keyPrefix: 'sign-in-address', points: limits.perAddress, duration: 60 * 60 });
  const account = new RateLimiterMemory({ keyPrefix: 'sign-in-account', points: limits.perAccount, duration: 60 * 60 });
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
