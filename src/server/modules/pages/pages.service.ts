import { PATHS, PUBLIC_PAGES, matchPage, pathTo } from '../../../shared/paths.ts';
import type { Branch } from '../../../shared/contract/branches.ts';
import type { Product } from '../../../shared/contract/catalog.ts';
import { parseRecordId } from '../../../shared/contract/common.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { SITE_NAME } from '../../../shared/constants.ts';
import { LANGUAGES, type Language } from '../../../shared/i18n/languages.ts';
import { loadLanguage } from '../../../shared/i18n/i18n.ts';
import { type CachedAnswer, type CachedJson, toCachedJson } from '../../http/cached-json.ts';
import { escapeHtml, pageHead, renderHead } from './page-head.ts';
import type { PageRenderer } from './page-renderer.ts';
import type { PublicPage, Kept, PageAddress, Shell } from './page-shell.ts';
import { pageKey, pageSearch, splitShell, inLanguage, languageHead, shellInLanguage, assemble } from './page-shell.ts';

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
    chosenBranch: string,
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
      ? await sources.render(url, language, chosenBranch).catch((error: unknown) => {
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
      address: { path, search, language, branch: chosenBranch },
      status: head.status,
      document,
      rendered: body !== undefined,
      version,
      expires: body || !sources.render ? now() + KEEP_MS : 0,
    };
  }

  /** The page kept under `key`, if it was made at `version` and is still within its time. */
  function keptAt(key: string, version: string): Kept | undefined {
    const page = kept.get(key);
    return page && page.version === version && page.expires > now() ? page : undefined;
  }

  return {
    /** The public page at `path` (with its query string, without "?") in `language`, or undefined for a page that is not public. */
    async page(
      path: string,
      fullSearch: string,
      language: Language = 'en',
      branch = '',
    ): Promise<PublicPage | undefined> {
      if (!shell) return undefined;
      const search = fullSearch === '' ? '' : pageSearch(fullSearch);
      const version = sources.version();
      const key = pageKey({ language, branch, path, search });
      // Only public pages are kept: a hit needs no other check.
      const hit = keptAt(key, version);
      if (hit) return hit;
      if (!PUBLIC_PAGES.some((pattern) => matchPage(pattern, path))) return undefined;
      const pending = making.get(key);
      if (pending) return pending;
      const made = make(path, search, version, shell, language, branch).finally(() => making.delete(key));
      making.set(key, made);
      const page = await made;
      if (page.expires > 0 && version === sources.version()) {
        // Newest last: the oldest goes first when full, and inUse() lists the newest first.
        kept.delete(key);
        if (kept.size >= MAX_CACHED) kept.delete(kept.keys().next().value as string);
        kept.set(key, page);
      }
      return page;
    },

    /** Whether the page at `address` is kept at today's version and within its time (page-primer.ts skips it). */
    isKept(address: PageAddress): boolean {
      return keptAt(pageKey(address), sources.version()) !== undefined;
    },

    /** The pages kept and still within their time (asked for lately), the newest first: what page-primer.ts makes again after a change. */
    inUse(): PageAddress[] {
      const at = now();
      return [...kept.values()]
        .filter((page) => page.expires > at)
        .reverse()
        .map((page) => page.address);
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
