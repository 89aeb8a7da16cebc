import { existsSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const YEAR = 31_536_000;

/**
 * Serves the images under DATA_DIR/images and the built SPA. Hashed assets are cached
 * for a year; index.html is revalidated every time so a new release shows at once.
 * Any GET for a page (not /api, not a file) answers index.html: the client router
 * takes it from there, including its own 404 screen.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  options: { imagesDir: string; clientDir: string | undefined },
): Promise<void> {
  mkdirSync(options.imagesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: options.imagesDir,
    prefix: '/images/',
    decorateReply: false,
    index: false,
    list: false,
    cacheControl: false,
    setHeaders(res, path) {
      // Uploaded photos get fresh random names, so they never change; menu pictures rarely do.
      const maxAge = path.includes(`${join('images', 'uploads')}`) ? YEAR : 7 * 24 * 3600;
      res.setHeader('cache-control', `public, max-age=${maxAge}${maxAge === YEAR ? ', immutable' : ''}`);
    },
  });

  const clientDir = options.clientDir;
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      preCompressed: false,
      setHeaders(res, path) {
        if (path.includes(`${join('assets')}/`) || path.includes('/assets/')) {
          res.setHeader('cache-control', `public, max-age=${YEAR}, immutable`);
        } else {
          res.setHeader('cache-control', 'public, max-age=0, must-revalidate');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      hasClient &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/images/') &&
      // A file ends in an extension; a per-user dashboard page ends in an e-mail (/dashboard/AllOrders/guest@example.com).
      (!/\.[a-z0-9]{1,8}$/i.test(path) || /@|%40/i.test(path));
    if (wantsPage) {
      // The Google popup passes through Google's pages and must stay connected to its opener.
      if (path.startsWith('/auth/')) reply.header('cross-origin-opener-policy', 'unsafe-none');
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', clientDir);
    }
    return reply.status(404).send({ success: false, message: `Route ${request.method} ${path} not found` });
  });
}
