import { join } from 'node:path';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createCatalogRepository } from './modules/catalog/catalog.repository.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerStaticFiles } from './plugins/static-files.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Request logging; tests turn it off. */
  logger?: boolean;
}

/** Builds the whole server (API, images, SPA) without listening, so tests can `inject` into it. */
export async function buildApp({ config, database, logger = true }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    trustProxy: config.publicUrl.startsWith('https://'),
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https://') });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  await app.register(etag, { weak: true });
  await app.register(rateLimit, { global: false });

  await app.register(healthRoutes, { database });
  await app.register(catalogRoutes, { catalog: createCatalogRepository(database.db, database.engine) });

  await registerStaticFiles(app, { imagesDir: join(config.dataDir, 'images'), clientDir: config.clientDir });
  return app;
}
