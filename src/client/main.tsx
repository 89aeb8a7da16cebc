import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, PageRouter, preloadPages } from './app/router.tsx';
import { sessionQueryOptions } from '@client/data/account-session.tsx';
import { HydrationEnd, endHydration, hydrateServerPage, markAppStarted } from './lib/hydration.ts';
import { readPageData } from './lib/page-data.ts';
import { createQueryClient } from './lib/query-client.ts';
import { isLanguage } from '@shared/i18n/languages.ts';
import { loadLanguage, setPageLanguage, setPseudoLocale } from '@shared/i18n/i18n.ts';
import { setPageLatinDigits } from '@shared/i18n/format.ts';
import './styles.css';

// The page's language as the server chose it (<html lang>, docs/decisions/045): its catalog
// (Bangla is a chunk of its own) is there before the first render.
const html = document.documentElement;
const language = isLanguage(html.lang) ? html.lang : 'en';
setPageLanguage(language);
setPseudoLocale(html.dataset.pseudo === '1');

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const container: HTMLElement = root;

const client = createQueryClient();
// The restaurant's choice of digits, for the texts made outside React (lib/error-message.ts).
client.getQueryCache().subscribe(({ query }) => {
  if (query.queryKey[0] === 'restaurant')
    setPageLatinDigits((query.state.data as { latinDigits?: boolean } | undefined)?.latinDigits ?? false);
});
const app = (
  <StrictMode>
    <AppProvider client={client}>
      <PageRouter>
        <AppRoutes />
      </PageRouter>
    </AppProvider>
    <HydrationEnd />
  </StrictMode>
);

/** Renders the page, or takes over the one the server rendered, once its language is loaded. */
function start() {
  const pageData = readPageData(document);
  if (pageData) {
    // A public page the server rendered (entry-server.tsx): the same data, the page's code
    // loaded first, then React takes over the HTML as it is instead of drawing it again
    // (docs/decisions/021): the shell first, in a transition (slices of a few milliseconds, a
    // tap in between is answered), then the parts in Suspense boundaries (HydrateLater), the
    // one the guest touches first. What depends on this device follows (endHydration).
    hydrate(client, pageData);
    // Who is signed in is asked first, in a task of its own: the hydration then finds the
    // answer on its way instead of sending the request from inside its own task. Timers run in
    // order, so this one runs before the hydration's.
    setTimeout(() => void client.prefetchQuery(sessionQueryOptions), 0);
    void Promise.resolve(preloadPages(`${window.location.pathname}${window.location.search}`)).then(() =>
      setTimeout(
        () =>
          hydrateServerPage(() =>
            startTransition(() => {
              markAppStarted();
              hydrateRoot(container, app);
            }),
          ),
        0,
      ),
    );
  } else {
    endHydration({ deferred: false });
    createRoot(container).render(app);
  }
}

/**
 * The service worker (docs/decisions/044: the app's code and the pages last seen, for a
 * connection lost in service): registered once the page has loaded and a second has passed,
 * never in the page's first load.
 */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  setTimeout(() => void navigator.serviceWorker.register('/service-worker.js').catch(() => {}), 1000);
}
if (document.readyState === 'complete') registerServiceWorker();
else addEventListener('load', registerServiceWorker, { once: true });

void loadLanguage(language).then(start);
