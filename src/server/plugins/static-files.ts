import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ALL_CATEGORY } from '../../shared/constants.ts';
import { ABOUT_STORY_PICTURE, HOME_BANNER_PICTURE } from '../../shared/page-pictures.ts';
import { parseRecordId } from '../../shared/contract/common.ts';
import { type PagePattern, PATHS, PUBLIC_PAGES, matchPage } from '../../shared/paths.ts';
import { sendCachedJson } from '../http/cached-json.ts';
import { type PublicPage, shellInLanguage } from '../modules/pages/page-shell.ts';
import { LANGUAGE_COOKIE, type Language, languageFromCookie, languageFromQuery } from '../../shared/i18n/languages.ts';
import { isPseudoLocale, loadLanguage } from '../../shared/i18n/i18n.ts';
import { answerMessage } from '../http/language.ts';
import { askedBranch, cookieBranch } from '../http/request-branch.ts';

const YEAR = 31_536_000;

/**
 * The public pages whose code, first picture (when it is always the same) and first data read
 * the answer names in a Link header, so the browser fetches them alongside the entry chunk
 * rather than after it has run and asked for them. `module` is the page's file under src/client
 * as the build lists it in dist/route-preloads.json (vite.config.ts, routePreloads); both
 * read the page paths from shared/paths.ts; keep `data` with the URL the page's query reads
 * (features/catalog/api). A page missing from the build's list gets no script hints.
 */
const PAGE_PRELOADS: {
  page: PagePattern;
  module: string;
  picture?: string;
  data?: (params: Record<string, string>) => string | undefined;
}[] = [
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
    data: ({ id }) => {
      const dish = parseRecordId(id);
      return dish === null ? undefined : `/api/v1/allProductsData/${dish}`;
    },
  },
  { page: PATHS.about, module: 'app/routes/about.tsx', picture: ABOUT_STORY_PICTURE },
  { page: PATHS.branches, module: 'app/routes/branches.tsx', data: () => '/api/v1/branches' },
  {
    page: PATHS.branch,
    module: 'app/routes/branches.tsx',
    data: ({ slug }) => (slug ? `/api/v1/branches/${encodeURIComponent(slug)}` : undefined),
  },
  { page: PATHS.reserve, module: 'app/routes/reserve.tsx' },
  { page: PATHS.search, module: 'app/routes/search.tsx' },
  { page: PATHS.signIn, module: 'app/routes/sign-in.tsx' },
  { page: PATHS.signUp, module: 'app/routes/sign-up.tsx' },
];

interface PagePreload {
  page: PagePattern;
  /** The hints that do not depend on the URL: the picture and the scripts. */
  picture?: string;
  scripts: string[];
  data?: (params: Record<string, string>) => string | undefined;
}

/** Each public page's own chunks (beyond the entry's), from the build's list of page chunks (dist/route-preloads.json). */
function pageChunkFiles(clientDir: string): { page: PagePattern; scripts: string[] }[] {
  const listFile = join(clientDir, '..', 'route-preloads.json');
  let chunks: Record<string, unknown> = {};
  try {
    if (existsSync(listFile)) chunks = JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, unknown>;
  } catch {
    // An unreadable list only costs the script hints.
  }
  const safe = (url: unknown): url is string => typeof url === 'string' && /^\/[\w./-]+$/.test(url);
  return PAGE_PRELOADS.map(({ page, module }) => {
    const files = chunks[module];
    return { page, scripts: Array.isArray(files) ? files.filter(safe) : [] };
  });
}

/**
 * The scripts a public page loads beyond the entry (its chunks), for the page starter of a page
 * the server rendered (modules/pages): they load alongside the entry, not after it has run.
 */
export function pageScripts(clientDir: string | undefined): (path: string) => string[] {
  const pages = clientDir === undefined ? [] : pageChunkFiles(clientDir);
  return (path) => pages.find(({ page }) => matchPage(page, path))?.scripts ?? [];
}

/** The fixed part of each page's Link header, from the build's list of page chunks. */
function pagePreloads(clientDir: string): PagePreload[] {
  const files = pageChunkFiles(clientDir);
  return PAGE_PRELOADS.map(({ page, picture, data }, index) => {
    const scripts = files[index]?.scripts ?? [];
    return {
      page,
      ...(picture ? { picture: `<${picture}>; rel=preload; as=image; fetchpriority=high` } : {}),
      scripts: scripts.map((url) => `<${url}>; rel=modulepreload; crossorigin`),
      data,
    };
  });
}

/**
 * The Link header for a page, or undefined when there is nothing to announce. A page the
 * server rendered names only its picture: its data came with it, and its code comes after it
 * has painted (pages.service.ts).
 */
function pageLinkHeader(preloads: PagePreload[], path: string, rendered: boolean): string | undefined {
  for (const page of preloads) {
    const params = matchPage(page.page, path);
    if (!params) continue;
    const dataUrl = rendered ? undefined : page.data?.(params);
    // as=fetch with crossorigin: the same mode and credentials as the client's fetch(), so it takes this answer.
    const links = [
      ...(dataUrl ? [`<${dataUrl}>; rel=preload; as=fetch; crossorigin`] : []),
      ...(page.picture ? [page.picture] : []),
      ...(rendered ? [] : page.scripts),
    ];
    return links.length > 0 ? links.join(', ') : undefined;
  }
  return undefined;
}

/** A public page as a whole HTML document (modules/pages), or undefined for a page the browser renders from the shell. */
export type PublicPages = (
  path: string,
  search: string,
  language: Language,
  branch: string,
) => Promise<PublicPage | undefined>;

export async function registerStaticFiles(
  app: FastifyInstance,
  options: {
    clientDir: string | undefined;
    publicPages?: PublicPages;
    language?: (request: FastifyRequest) => Promise<Language>;
    /** The slug of the open branch a page's `?branch=` names (its slug or id), if any: a shared link chooses it. */
    openBranch?: (asked: string) => Promise<string | undefined>;
  },
): Promise<void> {
  const clientDir = options.clientDir;
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
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

  // The Link header of each rendered public page, worked out once per path (these are the
  // pages asked for most; matching the path against every page cost 4 % of an answer).
  const renderedLinks = new Map<string, string | undefined>();
  const renderedPageLink = (path: string) => {
    if (renderedLinks.has(path)) return renderedLinks.get(path);
    if (renderedLinks.size >= 5000) renderedLinks.clear();
    const link = pageLinkHeader(preloads, path, true);
    renderedLinks.set(path, link);
    return link;
  };

  /** A page of the client router: a public page as the server made it, any other as index.html; with the page's preload hints. */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, path: string) {
    // The Google popup passes through Google's pages and must stay connected to its opener.
    if (path.startsWith('/auth/')) reply.header('cross-origin-opener-policy', 'unsafe-none');
    // The page's language (decision 045); a `?lang=` is a choice, kept as the cookie so the
    // page's own reads and the next pages speak it too.
    const search = request.url.split('?')[1] ?? '';
    const language = options.language ? await options.language(request) : 'en';
    if (languageFromQuery(search) && languageFromCookie(request.headers.cookie) !== language)
      reply.header('set-cookie', `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`);
    // A link shared from a branch's pages carries `?branch={slug}` (docs/reference/branches.md
    // "Guests"): opening it chooses that branch, kept as the cookie the page's own reads go by.
    // Set whatever the cookie was: an answer that sets a cookie is never replayed to another guest.
    const asked = askedBranch(request.url);
    const opened = asked !== undefined ? await options.openBranch?.(asked) : undefined;
    if (opened !== undefined)
      reply.header('set-cookie', `branch=${encodeURIComponent(opened)}; Path=/; Max-Age=31536000; SameSite=Lax`);
    // The page is made at that branch, else the cookie's: its menu and settings (decision 068).
    const branch = opened ?? cookieBranch(request.headers.cookie) ?? '';
    const page = hasClient ? await options.publicPages?.(path, search, language, branch) : undefined;
    if (page?.status !== 404 && page?.status !== 410) {
      const link = page?.rendered ? renderedPageLink(path) : pageLinkHeader(preloads, path, false);
      if (link) reply.header('link', link);
    }
    // A page whose body could not be rendered is sent this once, never kept nor sent again.
    if (page)
      return sendCachedJson(request, reply.status(page.status), page.document, 'no-cache', {
        contentType: 'text/html; charset=utf-8',
        replay: page.rendered,
      });
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if ((language !== 'en' || isPseudoLocale()) && clientDir !== undefined) {
      await loadLanguage(language);
      return reply.send(shellInLanguage(readFileSync(join(clientDir, 'index.html'), 'utf8'), language));
    }
    return reply.sendFile('index.html', clientDir);
  }

  // "/" is a page like the others (the static files above have no index): same answer, its own hints.
  // The public pages have routes of their own too, the shortest way to their kept documents
  // (the other pages of the client router reach the not-found handler below).
  if (hasClient) {
    for (const page of PUBLIC_PAGES) {
      // Compressed by sendCachedJson once per page version (or sent from the build's compressed
      // copies), so @fastify/compress's per-request hooks are skipped.
      app.get(page, { schema: { hide: true }, compress: false, decompress: false }, (request, reply) =>
        sendPage(request, reply, request.url.split('?')[0] ?? page),
      );
    }
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
    if (wantsPage) return sendPage(request, reply, path);
    return reply
      .status(404)
      .send({ success: false, message: answerMessage(request, 'routeNotFound', { v0: request.method, v1: path }) });
  });
}
