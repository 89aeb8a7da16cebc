import Fastify, { type FastifyInstance } from 'fastify';

/* The floor of the Lighthouse run (scripts/lighthouse.ts): what a page that loads nothing scores on this machine. */
/** The floor page: valid, accessible, indexable HTML that loads nothing and runs nothing. */
export const FLOOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor: a bare page</title>
<meta name="description" content="One heading and one paragraph from a bare Fastify route: the least this machine's browser and Lighthouse measure for a page.">
<link rel="icon" href="data:,">
</head>
<body>
<main>
<h1>A bare page</h1>
<p>One heading and one paragraph, served by a bare Fastify route. What Lighthouse measures here is the machine's own share of every page's figures.</p>
</main>
</body>
</html>
`;

/** A bare Fastify (no plugins, no logging) answering the floor page on 127.0.0.1, a free port. */
export async function startFloorServer(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(FLOOR_HTML));
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send('User-agent: *\nAllow: /\n'),
  );
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `${address}/` };
}
