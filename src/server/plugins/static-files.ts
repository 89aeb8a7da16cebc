import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ALL_CATEGORY } from '../../shared/constants.ts';
import { ABOUT_STORY_PICTURE, HOME_BANNER_PICTURE } from '../../shared/page-pictures.ts';
import { type PagePattern, PATHS, matchPage } from '../../shared/paths.ts';

const YEAR = 31_536_000;

/**
 * The public pages whose code, first picture (when it is always the same) and first data read
 * the answer names in a Link header, so the browser fetches them alongside the entry chunk
 * rather than after it has run and asked for them. `module` is the page's file under src/client
 * as the build lists it in dist/route-preloads.json (vite.config.ts, routePreloads); both
 * read the page paths from shared/paths.ts; keep `data` with the URL the page's query reads
 * (features/catalog/api). A page missing from the build's list gets no script hints.
 */
const PAGE_PRELOADS: { page: PagePattern; module: string; picture?: string; data?: (params: Record<string, string>) => string | undefined }[] = [
  { page: PATHS.home, module: 'app/routes/home.tsx', picture: HOME_BANNER_PICTURE },
  {
    page: PATHS.products,
    module: 'app/routes/products.tsx',
    data: () => `/api/v1/allProductsData?${new URLSearchParams({ category: ALL_CATEGORY }).toString()}`,
  },
  {
    page: PATHS.product,
    module: 'app/routes/product-detail.tsx',
    // Only an id the API can answer (a positive whole number): anything else is the 404 screen.
    data: ({ id = '' }) => (/^[1-9]\d{0,9}$/.test(id) ? `/api/v1/allProductsData/${id}` : undefined),
  },
  { page: PATHS.about, module: 'app/routes/about.tsx', picture: ABOUT_STORY_PICTURE },
];

interface PagePreload {
  page: PagePattern;
  /** The hints that do not depend on the URL: picture and scripts. */
  link: string;
  data?: (params: Record<string, string>) => string | undefined;
}

/** The fixed part of each page's Link header, from the build's list of page chunks. */
function pagePreloads(clientDir: string): PagePreload[] {
  const listFile = join(clientDir, '..', 'route-preloads.json');
  let chunks: Record<string, unknown> = {};
  try {
    if (existsSync(listFile)) chunks = JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, unknown>;
  } catch {
    // An unreadable list only costs the script hints.
  }
  const safe = (url: unknown): url is string => typeof url === 'string' && /^\/[\w./-]+$/.test(url);
  return PAGE_PRELOADS.map(({ page, module, picture, data }) => {
    const files = chunks[module];
    const scripts = Array.isArray(files) ? files.filter(safe) : [];
    const links = [
      ...(picture ? [`<${picture}>; rel=preload; as=image; fetchpriority=high`] : []),
      ...scripts.map((url) => `<${url}>; rel=modulepreload; crossorigin`),
    ];
    return { page, link: links.join(', '), data };
  });
}

/** The Link header for a page, or undefined when there is nothing to announce. */
function pageLinkHeader(preloads: PagePreload[], path: string): string | undefined {
  for (const page of preloads) {
    const params = matchPage(page.page, path);
    if (!params) continue;
    const dataUrl = page.data?.(params);
    // as=fetch with crossorigin: the same mode and credentials as the client's fetch(), so it takes this answer.
    const links = [...(dataUrl ? [`<${dataUrl}>; rel=preload; as=fetch; crossorigin`] : []), ...(page.link ? [page.link] : [])];
    return links.length > 0 ? links.join(', ') : undefined;
  }
  return undefined;
}

/** A public page's own head (title, description, canonical, previews, JSON-LD) and status (modules/pages). */
export type PageHeads = (path: string, query: string | undefined) => Promise<{ status: number; head: string } | undefined>;

/** The shell's head without the tags a page replaces (its generic title and description). */
function shellParts(clientDir: string): { before: string; after: string } {
  const html = readFileSync(join(clientDir, 'index.html'), 'utf8')
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '');
  // Before </head>; a shell without a head element (a bare test page) takes the tags before its content.
  const end = html.indexOf('</head>');
  const at = end >= 0 ? end : Math.max(0, html.search(/<(body|div)\b/i));
  return { before: html.slice(0, at), after: html.slice(at) };
}

export async function registerStaticFiles(
  app: FastifyInstance,
  options: { clientDir: string | undefined; pageHeads?: PageHeads },
): Promise<void> {
  const clientDir = options.clientDir;
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
  const shell = hasClient && clientDir !== undefined && options.pageHeads ? shellParts(clientDir) : undefined;
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: true,
      // "/" is a page like the others: answered below, with its preload hints.
      index: false,
      cacheControl: false,
      // The build writes .br and .gz copies (vite.config.ts, precompress): sent as they are, at
      // the best ratio, without compressing on every request; files without copies fall back
      // to the plain file, which @fastify/compress compresses as before.
      preCompressed: true,
      setHeaders(res, path) {
        res.setHeader('vary', 'accept-encoding');
        if (path.includes(`${join('assets')}/`) || path.includes('/assets/')) {
          res.setHeader('cache-control', `public, max-age=${YEAR}, immutable`);
        } else {
          res.setHeader('cache-control', 'public, max-age=0, must-revalidate');
        }
      },
    });
  }

  const preloads = hasClient && clientDir !== undefined ? pagePreloads(clientDir) : [];

  /** index.html for a page of the client router, with that page's preload hints and, for a public page, its own head. */
  async function sendPage(reply: FastifyReply, path: string, query: string | undefined) {
    // The Google popup passes through Google's pages and must stay connected to its opener.
    if (path.startsWith('/auth/')) reply.header('cross-origin-opener-policy', 'unsafe-none');
    const described = shell ? await options.pageHeads?.(path, query) : undefined;
    if (described?.status !== 404) {
      const link = pageLinkHeader(preloads, path);
      if (link) reply.header('link', link);
    }
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (shell && described) return reply.status(described.status).send(`${shell.before}    ${described.head}\n  ${shell.after}`);
    return reply.sendFile('index.html', clientDir);
  }

  const queryText = (url: string) => new URLSearchParams(url.split('?')[1] ?? '').get('q') ?? undefined;

  // "/" is a page like the others (the static files above have no index): same answer, its own hints.
  if (hasClient) app.get('/', (request, reply) => sendPage(reply, '/', queryText(request.url)));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      hasClient &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      !path.startsWith('/images/') &&
      // A file ends in an extension; a per-user dashboard page ends in an e-mail (/dashboard/AllOrders/guest@example.com).
      (!/\.[a-z0-9]{1,8}$/i.test(path) || /@|%40/i.test(path));
    if (wantsPage) return sendPage(reply, path, queryText(request.url));
    return reply.status(404).send({ success: false, message: `Route ${request.method} ${path} not found` });
  });
}
