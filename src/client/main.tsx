import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, PageRouter, preloadPages } from './app/router.tsx';
import { sessionQueryOptions } from '@client/data/account-session.tsx';
import { HydrationEnd, endHydration, hydrateServerPage, markAppStarted } from './lib/hydration.ts';
import { readPageData } from './lib/page-data.ts';
import { createQueryClient } from './lib/query-client.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const client = createQueryClient();
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
