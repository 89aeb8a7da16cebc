import type { FastifyInstance } from 'fastify';
import { bengaliFontFile, weightOfFontPath } from './bengali-font.ts';
import type { PagesService } from './pages.service.ts';
import { answerMessage } from '../../http/language.ts';

/** /robots.txt, /sitemap.xml and the Bangla pages' font (the page heads themselves are added to the shell by plugins/static-files.ts). */
export async function pagesRoutes(app: FastifyInstance, { pages }: { pages: PagesService }): Promise<void> {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(pages.robots()),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=600')
      .type('application/xml; charset=utf-8')
      .send(await pages.sitemap()),
  );
  app.get<{ Params: { name: string } }>('/fonts/:name', { schema: { hide: true } }, async (request, reply) => {
    const weight = weightOfFontPath(request.params.name);
    const file = weight === undefined ? undefined : bengaliFontFile(weight);
    if (!file) return reply.status(404).send({ success: false, message: answerMessage(request, 'notFound') });
    return reply.header('cache-control', 'public, max-age=31536000, immutable').type('font/woff2').send(file);
  });
}
