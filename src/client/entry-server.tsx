import type { QueryClient } from '@tanstack/react-query';
import { type DehydratedState, type Query, dehydrate } from '@tanstack/react-query';
import { AsyncLocalStorage } from 'node:async_hooks';
import { loadLanguage, setLanguageSource, setPseudoLocale } from '@shared/i18n/i18n.ts';
import { LANGUAGE_COOKIE, type Language } from '@shared/i18n/languages.ts';
import { PAGE_DATA_ID, scriptJson } from '@shared/script-json.ts';
import { StrictMode } from 'react';
// The edge build: the Node build keeps an AsyncLocalStorage of its own (for resource hints made
// outside a render, which no page makes), and an enabled one taxes every promise of the process.
import { prerender } from 'react-dom/static.edge';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, preloadPages } from './app/router.tsx';
import { ApiError, type ApiTransport, setApiTransport } from './lib/api-client.ts';
import { HydrationEnd } from './lib/hydration.ts';
import { createQueryClient } from './lib/query-client.ts';
import type { PageData } from './lib/page-data.ts';

/**
 * The public pages rendered on the server from the same components as in the browser
 * (docs/decisions/015). The server builds this file with Vite's SSR build (dist/ssr) and
 * calls `renderPage` for a page it has not cached yet; the API reads the page makes go
 * through `transport`, inside the server. The browser then hydrates the HTML with the same
 * data (main.tsx), so it neither fetches again nor moves anything.
 */

/**
 * The language of the page being rendered (decision 045): texts read it through the catalogs'
 * language source, and the page's API reads carry it as the `lang` cookie, so two pages rendered
 * at once in two languages never mix.
 */
const pageLanguage = new AsyncLocalStorage<Language>();
/** Pages rendering now. */
let rendering = 0;
setLanguageSource(() => pageLanguage.getStore() ?? 'en');
// The browser tests' pseudo-locale (I18N_PSEUDO=1): every catalog text in ⟦brackets⟧.
setPseudoLocale(process.env.I18N_PSEUDO === '1');

/** At most this many rounds of "render, then read what the render asked for" (a list, then its dishes…). */
const MAX_ROUNDS = 4;

export interface RenderedPage {
  /** What goes inside <div id="root">. */
  html: string;
  /** The script element with the page's data, to place after the root. */
  dataScript: string;
}

/** Thrown when a read the page needs failed for another reason than the request itself (a 5xx, the database down). */
class PageDataUnavailable extends Error {
  override name = 'PageDataUnavailable';
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** Reads a render asked for and did not get yet: enabled, not the signed-in visitor's (BROWSER_ONLY). */
function wanted(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        !query.meta?.browserOnly &&
        isEnabled(query),
    );
}

function app(client: QueryClient, url: string) {
  return (
    <StrictMode>
      <AppProvider client={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
      {/* The browser's tree ends with it too (main.tsx): the same tree, the same useId values. */}
      <HydrationEnd />
    </StrictMode>
  );
}

/**
 * One render of the page to HTML with React's `prerender` (docs/decisions/021): it waits for
 * every Suspense boundary and gives the whole document, which the server keeps and sends from
 * memory. An error that a boundary caught (React would send that part's fallback and render it
 * in the browser) fails the render: the server then sends the shell and keeps nothing.
 */
async function renderOnce(client: QueryClient, url: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(app(client, url), {
    onError: (error) => void errors.push(error),
    // Every boundary in place, in document order: past this many bytes React would move a
    // boundary's HTML to the end with an inline script to put it back (`$RC`), which the
    // content security policy refuses and a reader without JavaScript never sees.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  return html;
}

/**
 * Renders `url` (a path with its query) as a visitor who is not signed in sees it. A page
 * whose reads were refused (a dish that is not on the menu: 404) renders that refusal, as
 * the browser would; a read that failed otherwise throws PageDataUnavailable, and the
 * server sends the plain shell instead of caching an error.
 */
export async function renderPage(
  url: string,
  transport: ApiTransport,
  language: Language = 'en',
): Promise<RenderedPage> {
  await loadLanguage(language);
  rendering += 1;
  try {
    return await pageLanguage.run(language, () => renderIn(url, transport));
  } finally {
    rendering -= 1;
    // Switched off while no page renders (its next `run` switches it on again): on Node 20 and
    // 22 an enabled AsyncLocalStorage hooks every promise, tick and socket write of the server.
    if (rendering === 0) pageLanguage.disable();
  }
}

async function renderIn(url: string, transport: ApiTransport): Promise<RenderedPage> {
  setApiTransport((path, init) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', `${LANGUAGE_COOKIE}=${pageLanguage.getStore() ?? 'en'}`);
    return transport(path, { ...init, headers });
  });
  const client = createQueryClient();
  // Reads made here are final: no retry, no refetch when the browser takes them over.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  await preloadPages(url);

  let html = '';
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    html = await renderOnce(client, url);
    const reads = wanted(client);
    if (reads.length === 0) break;
    await Promise.all(
      reads.map((query) => client.prefetchQuery({ queryKey: query.queryKey, queryFn: query.options.queryFn })),
    );
    const failed = reads
      .map((query) => query.state.error)
      .find((error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500));
    if (failed) throw new PageDataUnavailable(failed instanceof Error ? failed.message : 'A read of the page failed');
  }

  const state: DehydratedState = dehydrate(client, {
    shouldDehydrateQuery: (query) =>
      (query.state.status === 'success' || query.state.status === 'error') && !query.meta?.browserOnly,
  });
  const data: PageData = {
    queries: state.queries.map((query) => {
      const error = query.state.error;
      if (!(error instanceof ApiError)) return query;
      // An ApiError crosses as its fields; the browser makes it an ApiError again (page-data.ts).
      return {
        ...query,
        state: {
          ...query.state,
          error: { apiError: { message: error.message, status: error.status, serverMessage: error.serverMessage } },
        },
      };
    }),
  };
  return { html, dataScript: `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>` };
}
