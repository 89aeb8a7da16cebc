import { hydrate } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, PageRouter, preloadPages } from './app/router.tsx';
import { sessionQueryOptions } from './lib/auth.tsx';
import { endHydration, hydrateInParts, useHydrated } from './lib/hydration.ts';
import { readPageData } from './lib/page-data.ts';
import { createQueryClient } from './lib/query-client.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/**
 * Marks the document once React runs it (`data-app-ready` on <html>): a page the server
 * rendered is readable before, but its buttons answer only once every part of it has hydrated
 * (the browser tests wait for the mark before they click).
 */
function AppReady() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.setAttribute('data-app-ready', '');
  }, [hydrated]);
  return null;
}

const client = createQueryClient();
const app = (
  <StrictMode>
    <AppProvider client={client}>
      <PageRouter>
        <AppRoutes />
      </PageRouter>
    </AppProvider>
    <AppReady />
  </StrictMode>
);

const pageData = readPageData(document);
if (pageData) {
  // A public page the server rendered (entry-server.tsx): the same data, the page's code
  // loaded first, then the components take over the HTML as it is instead of drawing it
  // again, the first screen first and the rest in parts (hydrateInParts). What depends on this
  // device follows, in tasks of its own (endHydration).
  hydrate(client, pageData);
  // Who is signed in is asked first, in a task of its own: the hydration then finds the
  // answer on its way instead of sending the request from inside its own task. Timers run in
  // order, so this one runs before the hydration's.
  setTimeout(() => void client.prefetchQuery(sessionQueryOptions), 0);
  void Promise.resolve(preloadPages(`${window.location.pathname}${window.location.search}`)).then(() =>
    setTimeout(() => hydrateInParts(() => void hydrateRoot(container, app)), 0),
  );
} else {
  endHydration({ deferred: false });
  createRoot(container).render(app);
}
