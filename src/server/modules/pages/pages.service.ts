import { PATHS, matchPage } from '../../../shared/paths.ts';
import type { Product } from '../../../shared/contract/catalog.ts';
import type { RestaurantSettings } from '../../../shared/contract/restaurant.ts';
import { SITE_NAME } from '../../../shared/constants.ts';
import type { CachedJson } from '../../http/cached-json.ts';
import { type PageHead, escapeHtml, pageHead, renderHead } from './page-head.ts';

/** What the pages need from the catalogue and the settings (their services, with their caches). */
export interface PageSources {
  products(): Promise<CachedJson | null>;
  product(id: number): Promise<CachedJson | null>;
  settings(): Promise<RestaurantSettings>;
}

/** The public pages that describe themselves (the rest, dashboards and forms, get the plain shell). */
const DESCRIBED = [PATHS.home, PATHS.products, PATHS.product, PATHS.about, PATHS.reserve, PATHS.search] as const;
const MAX_CACHED = 2000;

interface Rendered {
  status: PageHead['status'];
  head: string;
  /** The answers it was made from: still current while the services hand out the same objects. */
  sources: unknown[];
}

/**
 * The heads of the public pages (page-head.ts), made from the catalogue's and the settings'
 * cached answers and kept per path for as long as those answers stay the same objects: a menu
 * or settings change (on this server or, through LISTEN/NOTIFY, on another) replaces them, and
 * the next request makes the head again.
 */
export function createPagesService(sources: PageSources, publicUrl: string) {
  const cache = new Map<string, Rendered>();
  const listOf = (answer: CachedJson | null) => (answer ? (JSON.parse(answer.body) as { data: Product[] }).data : []);

  async function describe(path: string, query: string | undefined): Promise<Rendered | undefined> {
    const page = DESCRIBED.find((pattern) => matchPage(pattern, path));
    if (!page) return undefined;
    const settings = await sources.settings();
    const idText = page === PATHS.product ? (matchPage(PATHS.product, path)?.id ?? '') : undefined;
    const dishAnswer = idText !== undefined && /^[1-9]\d{0,9}$/.test(idText) ? await sources.product(Number(idText)) : null;
    const menuAnswer = page === PATHS.home || page === PATHS.products || page === PATHS.about || page === PATHS.reserve ? await sources.products() : null;
    const key = `${path}?${query ?? ''}`;
    const current = [settings, dishAnswer, menuAnswer];
    const known = cache.get(key);
    if (known && known.sources.every((source, index) => source === current[index])) return known;

    const head = pageHead({
      path,
      query,
      publicUrl,
      siteName: SITE_NAME,
      settings,
      ...(dishAnswer ? { dish: (JSON.parse(dishAnswer.body) as { data: Product }).data } : {}),
      ...(menuAnswer ? { menu: listOf(menuAnswer) } : {}),
    });
    const rendered = { status: head.status, head: renderHead(head, SITE_NAME), sources: current };
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, rendered);
    return rendered;
  }

  return {
    /** The head of a public page and its status, or undefined for a page that has none of its own. */
    head: describe,

    /** /robots.txt: everything public may be crawled; the private pages and the API not. */
    robots(): string {
      return ['User-agent: *', 'Allow: /', 'Disallow: /dashboard', 'Disallow: /kitchen', 'Disallow: /checkout', 'Disallow: /order', 'Disallow: /api/', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
    },

    /** /sitemap.xml: the public pages and every dish on the menu. */
    async sitemap(): Promise<string> {
      const dishes = listOf(await sources.products());
      const urls = [PATHS.home, PATHS.products, PATHS.about, PATHS.reserve].map((path) => `${publicUrl}${path}`).concat(dishes.slice(0, 49_000).map((dish) => `${publicUrl}/products/${encodeURIComponent(dish._id)}`));
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`).join('\n')}\n</urlset>\n`;
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
