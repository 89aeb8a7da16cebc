import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';
import { MIN_PASSWORD_LENGTH } from '../../../shared/constants.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';

/**
 * The identity layer (Better Auth) on the app's own database: e-mail + password,
 * and Google through OpenID Connect discovery, so that tests can point the same code
 * at a throwaway provider (GOOGLE_ISSUER). Its tables are prefixed auth_ to keep them
 * apart from the product's own `users` records.
 */
export const AUTH_BASE_PATH = '/api/auth';
export const GOOGLE_PROVIDER_ID = 'google';
const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface IdentityLimits {
  /**
   * Failed e-mail sign-ins per account from one address per 15 minutes (sign-in-limits.ts;
   * ten times as many per address per hour; as many per account per hour before the addresses
   * that failed for it wait a growing delay). Also the Google sign-ins started per minute per address.
   */
  signInFailures: number;
  /** Sign-ups per minute per client address. */
  signUpPerMinute: number;
}

export const DEFAULT_IDENTITY_LIMITS: IdentityLimits = { signInFailures: 10, signUpPerMinute: 10 };

/** Where the identity layer's own messages go: the server's structured log. */
export type IdentityLog = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

export function identityOptions(
  config: Pick<Config, 'publicUrl' | 'google'> & Partial<Pick<Config, 'trustedOrigins'>>,
  secret: string,
  database: Database['native'],
  limits: IdentityLimits = DEFAULT_IDENTITY_LIMITS,
  log?: IdentityLog,
  /** Shared counters (Redis) for the identity layer's own limits; in memory without. */
  counters?: (key: string, windowSeconds: number) => Promise<number>,
) {
  const google = config.google;
  return {
    ...(log
      ? {
          logger: {
            level: 'warn' as const,
            log: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => log(level, message),
          },
        }
      : {}),
    appName: 'Restaurant Storefront',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    database,
    trustedOrigins: config.trustedOrigins ?? [config.publicUrl],
    user: { modelName: 'auth_user' },
    session: { modelName: 'auth_session', expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    account: { modelName: 'auth_account', accountLinking: { enabled: true, trustedProviders: [GOOGLE_PROVIDER_ID] } },
    verification: { modelName: 'auth_verification' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
    },
    rateLimit: {
      enabled: true,
      storage: 'memory',
      ...(counters
        ? {
            customStorage: {
              async consume(key: string, rule: { window: number; max: number }) {
                try {
                  return (await counters(`identity:${key}`, rule.window)) <= rule.max
                    ? { allowed: true, retryAfter: null }
                    : { allowed: false, retryAfter: rule.window };
                } catch {
                  // Redis is away: let the request through rather than refuse everyone (the log says so).
                  return { allowed: true, retryAfter: null };
                }
              },
            },
          }
        : {}),
      window: 60,
      max: 200,
      customRules: {
        // Counted by failures per account and address instead (sign-in-limits.ts, identity.routes.ts).
        '/sign-in/email': false,
        '/sign-up/email': { window: 60, max: limits.signUpPerMinute },
        '/sign-in/oauth2': { window: 60, max: limits.signInFailures },
      },
    },
    advanced: {
      // Better Auth skips its origin (CSRF) check when NODE_ENV=test; we want tests to run the real thing.
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // The Fastify route sets this header from the socket (or trusted proxy), never from the client.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    telemetry: { enabled: false },
    plugins: google
      ? [
          genericOAuth({
            config: [
              {
                providerId: GOOGLE_PROVIDER_ID,
                clientId: google.clientId,
                clientSecret: google.clientSecret,
                discoveryUrl: `${(google.issuer ?? GOOGLE_ISSUER).replace(/\/$/, '')}/.well-known/openid-configuration`,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
  } satisfies BetterAuthOptions;
}

export function createIdentity(...args: Parameters<typeof identityOptions>) {
  return quietWhenIdle(betterAuth(identityOptions(...args)));
}

/**
 * Better Auth keeps each call's context in AsyncLocalStorage. On Node 20 and 22 an enabled
 * AsyncLocalStorage hooks every asynchronous step of the whole process (each promise, tick
 * and socket write): once anyone had signed in, every request paid for it, about 7 µs of CPU
 * for a cached dish, although only identity calls read that context. So its storages are
 * switched off whenever no identity call is running; Better Auth's own `run` switches them on
 * again for the next call. The calls are the handler of /api/auth and the `api` methods.
 */
function quietWhenIdle<Auth extends { handler: (request: Request) => Promise<Response>; api: object }>(
  auth: Auth,
): Auth {
  const storages = Promise.all([
    getRequestStateAsyncLocalStorage(),
    getCurrentAuthContextAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]);
  let running = 0;
  const tracked = async <T>(call: () => Promise<T>): Promise<T> => {
    running += 1;
    try {
      return await call();
    } finally {
      running -= 1;
      if (running === 0) {
        void storages.then((list) => {
          if (running === 0) for (const storage of list) storage.disable();
        });
      }
    }
  };
  const api = new Proxy(auth.api, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function'
        ? (...callArgs: unknown[]) => tracked(() => Promise.resolve(value.apply(target, callArgs)))
        : value;
    },
  });
  const handler = (request: Request) => tracked(() => auth.handler(request));
  return new Proxy(auth, {
    get(target, property, receiver) {
      if (property === 'handler') return handler;
      if (property === 'api') return api;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

export type Identity = ReturnType<typeof createIdentity>;
