import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, PageRouter, preloadPages } from './app/router.tsx';
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
  useEffect(() => document.documentElement.setAttribute('data-app-ready', ''), []);
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
  // loaded first, then React takes over the HTML as it is instead of drawing it again, as a
  // transition, in slices that leave the page responsive (the guest can already read it).
  hydrate(client, pageData);
  void Promise.resolve(preloadPages(`${window.location.pathname}${window.location.search}`)).then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  // The first render is a transition: React builds the page in short slices and lets the
  // browser breathe in between, instead of one long task that blocks input while the app starts.
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
