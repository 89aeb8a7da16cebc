import { PATHS, PUBLIC_PAGES, matchPage, pathTo } from '../../../shared/paths.ts';
import type { Branch } from '../../../shared/contract/branches.ts';
import type { Product } from '../../../shared/contract/catalog.ts';
import { parseRecordId } from '../../../shared/contract/common.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { SITE_NAME } from '../../../shared/constants.ts';
import { PAGE_DATA_ID } from '../../../shared/script-json.ts';
import { LANGUAGES, LANGUAGE_PARAM, type Language } from '../../../shared/i18n/languages.ts';
import { isPseudoLocale, loadLanguage, t } from '../../../shared/i18n/i18n.ts';
import { type CachedAnswer, type CachedJson, toCachedJson } from '../../http/cached-json.ts';
import { type PageHead, escapeHtml, pageHead, renderHead } from './page-head.ts';
import type { PageRenderer, RenderedBody } from './page-renderer.ts';
import { START_SCRIPT } from './start-script.ts';
import { BENGALI_FONT_STYLE } from './bengali-font.ts';

/** What the pages need from the catalogue and the settings (their services, with their caches). */
export interface PageSources {
  /** The menu, and one dish, in a language (the owner's texts, decision 047). */
  products(language?: Language): CachedAnswer;
  product(id: number, language?: Language): CachedAnswer;
  settings(): Promise<RestaurantSettings>;
  /** The brand's open branches and one branch by slug (decision 062): the home's Organization, /branches and a branch's page. */
  branches?(language: Language): Promise<Branch[]>;
  branch?(slug: string, language: Language): Promise<Branch | 'unknown' | 'archived'>;
  /** Changes with every change of the menu or the settings this server hears of (on it or, through LISTEN/NOTIFY, on another). */
  version(): string;
  /** Renders a page's body from the client's components; absent without a build of the renderer. */
  render?: PageRenderer;
  /** Told when a page could not be rendered (it then goes out as the shell, rendered by the browser). */
  onRenderError?: (error: unknown, url: string) => void;
}

const MAX_CACHED = 2000;
/** Even with no change heard of, a kept page is made again after this long (a change made behind the servers' back). */
const KEEP_MS = 5 * 60_000;
/**
 * The query parameters the public pages read (search, menu filters, the booking form); the
 * others (utm_source and the like) change nothing, so they neither make a page again nor
 * fill the store with copies.
 */
const PAGE_PARAMS = ['q', 'category', 'diet', 'date', 'guests', 'time'];

function pageSearch(search: string): string {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMS) for (const value of given.getAll(name)) kept.append(name, value);
  return kept.toString();
}

/** A public page as it goes out: the whole HTML document, with its ETag and compressed copies (sendCachedJson). */
export interface PublicPage {
  status: PageHead['status'];
  document: CachedJson;
  /** Whether the body was rendered with its data (else the browser renders it and reads the data itself). */
  rendered: boolean;
}

interface Kept extends PublicPage {
  version: string;
  expires: number;
}

/** The shell index.html split where a page's head and body go. */
interface Shell {
  beforeHeadEnd: string;
  beforeRoot: string;
  afterRoot: string;
}

const ROOT = '<div id="root"></div>';

/** The build's index.html without the tags a page replaces (its generic title and description). */
function splitShell(html: string): Shell {
  const page = html.replace(/<title>[^<]*<\/title>\s*/, '').replace(/<meta name="description"[^>]*>\s*/, '');
  // Before </head>; a shell without a head element (a bare test page) takes the tags before its content.
  const headEnd = page.indexOf('</head>');
  const at = headEnd >= 0 ? headEnd : Math.max(0, page.search(/<(body|div)\b/i));
  const root = page.indexOf(ROOT, at);
  const rootAt = root >= 0 ? root + ROOT.length - '</div>'.length : page.length;
  return { beforeHeadEnd: page.slice(0, at), beforeRoot: page.slice(at, rootAt), afterRoot: page.slice(rootAt) };
}

/** Holds the first paint until the page's data, right after the root, has been parsed (see assemble). */
const RENDER_WHOLE = `<link rel="expect" href="#${PAGE_DATA_ID}" blocking="render" />`;

const ENTRY = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * A rendered page shows before its code runs, so its code waits until it has painted: the
 * entry script and its module preloads leave the head, and the page starter (start-script.ts),
 * inline at the end of the body, loads them after the first paint, with the page's own
 * chunks (`pageScripts`: the build splits each group of public pages into a file of its own)
 * alongside the entry rather than after it has run. On a slow line the stylesheet and the
 * first picture no longer share it with the code, and the page is there sooner.
 */
function startAfterPaint(head: string, pageScripts: string[]): { head: string; start: string } {
  const entry = ENTRY.exec(head)?.[1];
  if (!entry) return { head, start: '' };
  const preload = [
    ...new Set([...[...head.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string), ...pageScripts]),
  ];
  const start = `<script data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(preload.join(' '))}">${START_SCRIPT}</script>`;
  return { head: head.replace(ENTRY, '').replace(MODULE_PRELOAD, ''), start };
}

/** A page's address in a language (its `hreflang` alternate): `?lang=bn` added to its query. */
export function inLanguage(url: string, language: Language): string {
  return `${url}${url.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${language}`;
}

/**
 * The page's language in `<html lang>` and its other-language addresses as `hreflang`
 * alternates (decision 045): each language at `?lang=…`, the plain address as x-default (it
 * speaks the restaurant's default, which is also the canonical address of a page in it).
 */
function languageHead(
  head: PageHead,
  language: Language,
  restaurantDefault: Language,
): { canonical: string; links: string } {
  const links = [
    ...LANGUAGES.map(
      (other) => `<link rel="alternate" hreflang="${other}" href="${escapeHtml(inLanguage(head.canonical, other))}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(head.canonical)}" />`,
  ].join('\n    ');
  return { canonical: language === restaurantDefault ? head.canonical : inLanguage(head.canonical, language), links };
}

/**
 * The document in `language`: its `<html lang>` (and, in the pseudo-locale of the browser tests,
 * `data-pseudo`); a page in Bangla carries the Bengali font's faces (bengali-font.ts).
 */
export function withHtmlLanguage(html: string, language: Language): string {
  const tagged = html.replace(
    /<html\b([^>]*?)\s*lang="[^"]*"/i,
    `<html$1 lang="${language}"${isPseudoLocale() ? ' data-pseudo="1"' : ''}`,
  );
  return language === 'bn' ? tagged.replace('</head>', `  ${BENGALI_FONT_STYLE}\n  </head>`) : tagged;
}

/**
 * The shell (index.html, the page of every screen the server does not render: the dashboard, the
 * kitchen, the checkout) in `language`: its `<html lang>`, and its description and no-script line
 * in that language, as the catalogs have them; the title is the site's name, and the screen sets
 * its own (useDocumentTitle).
 */
export function shellInLanguage(html: string, language: Language): string {
  const description = t(
    'head.shellDescription',
    '{{site}}: browse our menu of burgers, sandwiches, Mexican and Italian dishes, order online or reserve a table.',
    { site: SITE_NAME },
    language,
  );
  const noScript = t(
    'head.noScript',
    'The menu reads without JavaScript; ordering, booking and your account need it.',
    undefined,
    language,
  );
  return withHtmlLanguage(html, language)
    .replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeHtml(description)}$2`)
    .replace(/(<noscript><p[^>]*>)[^<]*(<\/p><\/noscript>)/, `$1${escapeHtml(noScript)}$2`);
}

function assemble(shell: Shell, head: string, body: RenderedBody | undefined, pageScripts: string[]): string {
  if (!body) return `${shell.beforeHeadEnd}    ${head}\n  ${shell.beforeRoot}${shell.afterRoot}`;
  const code = startAfterPaint(shell.beforeHeadEnd, pageScripts);
  // The data right after the root, before the app's script, so it is there when hydration starts.
  const afterRoot = shell.afterRoot.replace('</div>', `</div>\n    ${body.dataScript}\n    ${code.start}`);
  // The browser paints no half of the page: it would paint what it has parsed so far when the
  // parser yields (a slow phone does), then move it as the rest arrives (a header row without
  // its last badge, a button without its text). It waits for the data after the root's end.
  return `${code.head}    ${head}\n    ${RENDER_WHOLE}\n  ${shell.beforeRoot}${body.html}${afterRoot}`;
}

/**
 * The public pages as whole HTML documents: the head (page-head.ts) made from the catalogue's
 * and the settings' cached answers, the body rendered from the client's own components with
 * the data it was made from (page-renderer.ts). A page is kept per path and query while the
 * menu and settings version stays the same: a menu or settings change (here, or on another
 * server through LISTEN/NOTIFY) changes the version, and the next request makes it again.
 * A page's time to keep runs on the restaurant's clock (`now`, epoch ms; tests move it).
 */
export function createPagesService(
  sources: PageSources,
  publicUrl: string,
  shellHtml: string | undefined,
  pageScripts: (path: string) => string[] = () => [],
  now: () => number = Date.now,
) {
  const shell = shellHtml === undefined ? undefined : splitShell(shellHtml);
  const kept = new Map<string, Kept>();
  const making = new Map<string, Promise<Kept>>();
  const listOf = (answer: CachedJson | null) => (answer ? (JSON.parse(answer.body) as { data: Product[] }).data : []);

  async function make(
    path: string,
    search: string,
    version: string,
    shellParts: Shell,
    language: Language,
  ): Promise<Kept> {
    const page = PUBLIC_PAGES.find((pattern) => matchPage(pattern, path));
    // The head is written here, in the page's language: its catalog first (Bangla loads once).
    await loadLanguage(language);
    const settings = await sources.settings();
    const dishId = page === PATHS.product ? parseRecordId(matchPage(PATHS.product, path)?.id) : null;
    const dishAnswer = dishId !== null ? await sources.product(dishId, language) : null;
    const menuAnswer =
      page === PATHS.home || page === PATHS.products || page === PATHS.about || page === PATHS.reserve
        ? await sources.products(language)
        : null;
    const query = new URLSearchParams(search).get('q') ?? undefined;
    const branches = page === PATHS.home || page === PATHS.branches ? await sources.branches?.(language) : undefined;
    const slug = page === PATHS.branch ? matchPage(PATHS.branch, path)?.slug : undefined;
    const branch = slug !== undefined ? ((await sources.branch?.(slug, language)) ?? 'unknown') : undefined;
    const head = pageHead({
      path,
      query,
      publicUrl,
      siteName: SITE_NAME,
      settings,
      language,
      ...(dishAnswer ? { dish: (JSON.parse(dishAnswer.body) as { data: Product }).data } : {}),
      ...(menuAnswer ? { menu: listOf(menuAnswer) } : {}),
      ...(branches ? { branches } : {}),
      ...(branch ? { branch } : {}),
    });
    const url = search ? `${path}?${search}` : path;
    const languages = languageHead(head, language, settings.language);
    const body = sources.render
      ? await sources.render(url, language).catch((error: unknown) => {
          sources.onRenderError?.(error, url);
          return undefined;
        })
      : undefined;
    const headHtml = `${renderHead({ ...head, canonical: languages.canonical }, SITE_NAME)}\n    ${languages.links}`;
    // The shell in the page's language (its <html lang> and no-script line); English is the build's own.
    const parts = shellHtml === undefined ? shellParts : splitShell(shellInLanguage(shellHtml, language));
    const document = toCachedJson(assemble(parts, headHtml, body, pageScripts(path)));
    // A page whose body could not be rendered is sent but not kept: the next request tries again.
    return {
      status: head.status,
      document,
      rendered: body !== undefined,
      version,
      expires: body || !sources.render ? now() + KEEP_MS : 0,
    };
  }

  return {
    /** The public page at `path` (with its query string, without "?") in `language`, or undefined for a page that is not public. */
    async page(path: string, fullSearch: string, language: Language = 'en'): Promise<PublicPage | undefined> {
      if (!shell) return undefined;
      const search = fullSearch === '' ? '' : pageSearch(fullSearch);
      const version = sources.version();
      const key = `${language} ${path}?${search}`;
      // Only public pages are kept: a hit needs no other check.
      const hit = kept.get(key);
      if (hit && hit.version === version && hit.expires > now()) return hit;
      if (!PUBLIC_PAGES.some((pattern) => matchPage(pattern, path))) return undefined;
      const pending = making.get(key);
      if (pending) return pending;
      const made = make(path, search, version, shell, language).finally(() => making.delete(key));
      making.set(key, made);
      const page = await made;
      if (page.expires > 0 && version === sources.version()) {
        if (kept.size >= MAX_CACHED) kept.delete(kept.keys().next().value as string);
        kept.set(key, page);
      }
      return page;
    },

    /** /robots.txt: everything public may be crawled; the private pages and the API not. */
    robots(): string {
      return [
        'User-agent: *',
        'Allow: /',
        'Disallow: /dashboard',
        'Disallow: /kitchen',
        'Disallow: /checkout',
        'Disallow: /order',
        'Disallow: /api/',
        `Sitemap: ${publicUrl}/sitemap.xml`,
        '',
      ].join('\n');
    },

    /**
     * /sitemap.xml: the public pages and every dish on the menu, each at its plain address and
     * in each language (`?lang=en`, `?lang=bn`), every entry naming the others as alternates.
     */
    async sitemap(): Promise<string> {
      const dishes = listOf(await sources.products());
      const branches = (await sources.branches?.('en')) ?? [];
      // The protocol's 50,000 addresses a file: three per page (the branches' pages before the dishes).
      const pages = [PATHS.home, PATHS.products, PATHS.about, PATHS.branches, PATHS.reserve].map(
        (path) => `${publicUrl}${path}`,
      );
      const branchPages = branches
        .slice(0, 1_000)
        .map((branch) => `${publicUrl}${pathTo(PATHS.branch, { slug: branch.slug })}`);
      const urls = [...pages, ...branchPages].concat(
        dishes
          .slice(0, 16_000 - branchPages.length)
          .map((dish) => `${publicUrl}/products/${encodeURIComponent(dish._id)}`),
      );
      const alternates = (url: string) =>
        [
          ...LANGUAGES.map(
            (language) =>
              `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeHtml(inLanguage(url, language))}"/>`,
          ),
          `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(url)}"/>`,
        ].join('');
      const entries = urls.flatMap((url) =>
        [url, ...LANGUAGES.map((language) => inLanguage(url, language))].map(
          (loc) => `  <url><loc>${escapeHtml(loc)}</loc>${alternates(url)}</url>`,
        ),
      );
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
