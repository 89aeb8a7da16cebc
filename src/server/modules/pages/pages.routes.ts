import type { FastifyInstance } from 'fastify';
import type { PagesService } from './pages.service.ts';

/** /robots.txt and /sitemap.xml (the page heads themselves are added to the shell by plugins/static-files.ts). */
export async function pagesRoutes(app: FastifyInstance, { pages }: { pages: PagesService }): Promise<void> {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(pages.robots()));
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'public, max-age=600').type('application/xml; charset=utf-8').send(await pages.sitemap()));
}
