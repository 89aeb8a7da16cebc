import { hydrate } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, PageRouter, preloadPages } from './app/router.tsx';
import { endHydration } from './lib/hydration.ts';
import { readPageData } from './lib/page-data.ts';
import { createQueryClient } from './lib/query-client.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/**
 * Marks the document once React runs it (`data-app-ready` on <html>): a page the server
 * rendered is readable before, but its buttons answer only from then on (the browser tests
 * wait for the mark before they click).
 */
function AppReady() {
  useEffect(() => {
    endHydration({ deferred: true });
    document.documentElement.setAttribute('data-app-ready', '');
  }, []);
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
  // again. What depends on this device follows in a task of its own (endHydration).
  hydrate(client, pageData);
  void Promise.resolve(preloadPages(`${window.location.pathname}${window.location.search}`)).then(() => void hydrateRoot(container, app));
} else {
  endHydration({ deferred: false });
  createRoot(container).render(app);
}
