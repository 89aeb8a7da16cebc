import compress from '@fastify/compress';
import etag from '@fastify/etag';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type AccessFields, AccessLog, replayAccessLog } from './logging.ts';
import { etagHash } from './http/cached-json.ts';
import { requestIds, trustedProxies } from './http/request-origin.ts';
import { createReplayCache } from './http/replay-cache.ts';
import { createRedis } from './http/shared-counters.ts';
import { registerBusyRefusal } from './plugins/busy.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { translateErrorAnswers } from './http/language.ts';
import type { Language } from '../shared/i18n/languages.ts';
import { DEFAULT_HTTP_TIMEOUTS, registerPromptShutdown } from './plugins/prompt-shutdown.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { schemaSerializerCompiler } from './plugins/serializer.ts';
import type { AppOptions } from './app-options.ts';

/**
 * The server's HTTP floor (app.ts builds the rest on it): Fastify with the replay cache of the
 * menu's public answers, the serializer compiled from the contract, errors in the requester's
 * language, security headers, compression, ETags, rate limits (shared through Redis when set) and
 * the OpenAPI document.
 */
export async function createHttp(
  { config, database, logger, timeouts = DEFAULT_HTTP_TIMEOUTS }: AppOptions,
  menuVersion: () => number,
) {
  const nextId = requestIds();
  const trust = trustedProxies(config.trustProxy);
  // The replayed answers' access lines, as Fastify's logger writes them (made on the first).
  let accessLog: ((line: AccessFields) => void) | undefined;
  // The menu's public answers, sent again before routing until the menu or settings change.
  const replay = createReplayCache({
    maxEntries: 5_000,
    ttlMs: 60_000,
    nextId,
    // The menu's and the settings' versions summed (both only grow, app.ts).
    version: menuVersion,
    ...(trust ? { trust } : {}),
    // Through Fastify's logger (made below), so that both kinds of answers log alike.
    ...(logger ? { accessLog: (line) => (accessLog ??= replayAccessLog(app.log))(line) } : {}),
  });
  const app = Fastify({
    ...(logger ? { loggerInstance: logger as FastifyBaseLogger } : { logger: false }),
    // One access line per request instead of Fastify's two (logging.ts).
    logController: new AccessLog(),
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    trustProxy: trust ?? false,
    forceCloseConnections: 'idle',
    // A body or headers that never finish arriving, or a connection gone silent, are cut off.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    return503OnClosing: true,
    genReqId: nextId,
    serverFactory: replay.serverFactory,
  });
  // The replay cache keeps what Fastify answered, and stops with it.
  app.addHook('onResponse', (request, reply, done) => {
    replay.capture(request, reply);
    done();
  });
  app.addHook('preClose', async () => replay.close());
  registerPromptShutdown(app);
  app.setValidatorCompiler(validatorCompiler);
  // Every answer is written by a serializer compiled from its response schema: what is not
  // in the contract never leaves the server (plugins/serializer.ts).
  app.setSerializerCompiler(schemaSerializerCompiler);
  // When the database stops answering, what was cached from it goes: nothing answered during
  // an outage, nor after it (the database may come back restored, with other data), is stale.
  const whenDatabaseDown: (() => void)[] = [];
  const onDatabaseDown = () => {
    for (const forget of whenDatabaseDown) forget();
  };
  registerErrorHandler(app, onDatabaseDown);
  registerBusyRefusal(app, () => database.oldestWaitMs());
  // Error answers in the requester's language (decision 045); the restaurant's default once its service exists.
  let restaurantLanguage: () => Promise<Language | undefined> = async () => undefined;
  translateErrorAnswers(app, () => restaurantLanguage());
  registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https://') });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(etag, { weak: true, hashFn: etagHash });
  // Rate-limit counters: shared by every server through Redis when REDIS_URL is set, else per server.
  const redis = config.redisUrl ? createRedis(config.redisUrl, app.log) : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'storefront-rate-limit-', skipOnError: true } : {}),
  });
  // The contract, generated from the same zod schemas the routes validate with.
  await registerOpenApi(app, config.publicUrl);
  app.decorateRequest('caller', null);
  return {
    app,
    redis,
    onDatabaseDown,
    /** What forgets its cache when the database stops answering. */
    whenDatabaseDown,
    /** The restaurant's language, for error answers of requests that name none. */
    languageFrom: (language: () => Promise<Language | undefined>) => {
      restaurantLanguage = language;
    },
  };
}
