import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * The environment, parsed once at start. A bad value stops the start with one clear
 * line (see main.ts), never a stack trace half-way through booting.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT must be a whole number from 0 to 65535' })
    .int('PORT must be a whole number from 0 to 65535')
    .min(0, 'PORT must be a whole number from 0 to 65535')
    .max(65535, 'PORT must be a whole number from 0 to 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  PUBLIC_URL: optionalText.pipe(z.url('PUBLIC_URL must be an absolute URL').optional()),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER: optionalText.pipe(z.url('GOOGLE_ISSUER must be an absolute URL').optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email('ADMIN_EMAIL must be an e-mail address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional()),
  // Backups of the SQLite file (decision 056): how often, where, how many kept, pages a step.
  BACKUP_EVERY: z
    .string()
    .trim()
    .regex(/^(off|\d{1,6}[smh])$/, 'BACKUP_EVERY must be a duration such as 30m, 1h or 90s, or off')
    .default('1h'),
  BACKUP_DIR: optionalText,
  BACKUP_KEEP: z.coerce
    .number({ error: 'BACKUP_KEEP must be a whole number from 1' })
    .int('BACKUP_KEEP must be a whole number from 1')
    .min(1, 'BACKUP_KEEP must be a whole number from 1')
    .default(48),
  BACKUP_STEP_PAGES: z.coerce
    .number({ error: 'BACKUP_STEP_PAGES must be a whole number from 1' })
    .int('BACKUP_STEP_PAGES must be a whole number from 1')
    .min(1, 'BACKUP_STEP_PAGES must be a whole number from 1')
    .default(256),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .refine(
        (value) => /^\d{1,2}$/.test(value) || value.split(',').every((part) => isAddressOrRange(part.trim())),
        'TRUST_PROXY must be the number of proxies in front of this server (e.g. 1) or their addresses (e.g. 10.0.0.5,10.0.1.0/24); never every hop',
      )
      .optional(),
  ),
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalText.pipe(z.string().max(200).optional()),
  NODE_ENV: optionalText,
  // Payments (docs/reference/ordering.md "Payments"): each provider is on when its settings are all there.
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(
        /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/,
        'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)',
      )
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9]{8,}$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)')
      .optional(),
  ),
  STRIPE_API_BASE: optionalText.pipe(
    z
      .string()
      .regex(/^https?:\/\/[^/?#]+\/?$/, 'STRIPE_API_BASE must be a scheme and host, e.g. http://127.0.0.1:12111')
      .optional(),
  ),
  BKASH_APP_KEY: optionalText,
  BKASH_APP_SECRET: optionalText,
  BKASH_USERNAME: optionalText,
  BKASH_PASSWORD: optionalText,
  BKASH_BASE_URL: optionalText.pipe(
    z
      .string()
      .regex(
        /^https?:\/\/[^?#]+$/,
        'BKASH_BASE_URL must be an absolute http(s) URL, e.g. https://tokenized.sandbox.bka.sh/v1.2.0-beta/tokenized/checkout',
      )
      .optional(),
  ),
});

/** "90s", "30m", "1h" in milliseconds; "off" null. */
function durationMs(text: string): number | null {
  if (text === 'off') return null;
  const unit = { s: 1_000, m: 60_000, h: 3_600_000 }[text.slice(-1) as 's' | 'm' | 'h'];
  return Math.max(1, Number(text.slice(0, -1))) * unit;
}

/** An IPv4 or IPv6 address, optionally with a /prefix (a proxy's address or subnet). */
function isAddressOrRange(text: string): boolean {
  const [address = '', prefix, ...rest] = text.split('/');
  if (rest.length > 0) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Origins allowed to post to the identity layer: PUBLIC_URL, or both loopback names when it is unset. */
  trustedOrigins: string[];
  authSecret: string | undefined;
  google: { clientId: string; clientSecret: string; issuer: string | undefined } | undefined;
  admin: { email: string; password: string } | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /**
   * Which X-Forwarded-For hops to believe: none (false, the default: the socket's address is the
   * client's), the last N (a hop count), or those added by the listed proxies. Never every hop,
   * or any client could name its own address and escape every per-address limit.
   */
  trustProxy: false | number | string[];
  /** Where booking e-mails go out (nodemailer); without it they are written to the log. */
  /** Shared rate-limit counters for several app servers; without it each server counts alone. */
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Card payments through Stripe Checkout (both keys set); `apiBase` points the library elsewhere (tests). */
  stripe: { secretKey: string; webhookSecret: string; apiBase: URL | undefined } | undefined;
  /** bKash tokenized checkout (all five set). */
  bkash: { appKey: string; appSecret: string; username: string; password: string; baseUrl: string } | undefined;
  /**
   * Backups of the SQLite file (decision 056): every `everyMs` (null: off) and at each day's
   * close, into `dir`, the last `keep` kept, `stepPages` pages copied between two turns of serving.
   */
  backup: { everyMs: number | null; dir: string; keep: number; stepPages: number };
  /** Where the built SPA lives; absent in API-only tests. */
  clientDir: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid configuration: ${key}: ${issue?.message ?? 'bad value'}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  if ((e.GOOGLE_CLIENT_ID === undefined) !== (e.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new ConfigError('Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
  }
  if ((e.STRIPE_SECRET_KEY === undefined) !== (e.STRIPE_WEBHOOK_SECRET === undefined)) {
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together');
  }
  const bkashParts = {
    BKASH_APP_KEY: e.BKASH_APP_KEY,
    BKASH_APP_SECRET: e.BKASH_APP_SECRET,
    BKASH_USERNAME: e.BKASH_USERNAME,
    BKASH_PASSWORD: e.BKASH_PASSWORD,
    BKASH_BASE_URL: e.BKASH_BASE_URL,
  };
  const bkashMissing = Object.entries(bkashParts)
    .filter(([, value]) => value === undefined)
    .map(([key]) => key);
  if (bkashMissing.length > 0 && bkashMissing.length < 5) {
    throw new ConfigError(
      `Invalid configuration: BKASH_APP_KEY, BKASH_APP_SECRET, BKASH_USERNAME, BKASH_PASSWORD and BKASH_BASE_URL go together (missing ${bkashMissing.join(', ')})`,
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? 'localhost' : e.HOST}:${e.PORT}`).replace(
    /\/$/,
    '',
  );
  const loopback = e.PUBLIC_URL === undefined && ['127.0.0.1', 'localhost', '0.0.0.0', '::1'].includes(e.HOST);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    trustedOrigins: loopback
      ? [...new Set([publicUrl, `http://localhost:${e.PORT}`, `http://127.0.0.1:${e.PORT}`])]
      : [publicUrl],
    authSecret: e.AUTH_SECRET,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : undefined,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Saffron Table <bookings@restaurant.example>',
    trustProxy:
      e.TRUST_PROXY === undefined
        ? false
        : /^\d+$/.test(e.TRUST_PROXY)
          ? Number(e.TRUST_PROXY)
          : e.TRUST_PROXY.split(',').map((part) => part.trim()),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined,
          }
        : undefined,
    bkash:
      e.BKASH_APP_KEY && e.BKASH_APP_SECRET && e.BKASH_USERNAME && e.BKASH_PASSWORD && e.BKASH_BASE_URL
        ? {
            appKey: e.BKASH_APP_KEY,
            appSecret: e.BKASH_APP_SECRET,
            username: e.BKASH_USERNAME,
            password: e.BKASH_PASSWORD,
            baseUrl: e.BKASH_BASE_URL.replace(/\/$/, ''),
          }
        : undefined,
    backup: {
      everyMs: durationMs(e.BACKUP_EVERY),
      dir: resolve(e.BACKUP_DIR ?? join(e.DATA_DIR, 'backups')),
      keep: e.BACKUP_KEEP,
      stepPages: e.BACKUP_STEP_PAGES,
    },
    clientDir: resolve('dist/client'),
  };
}
