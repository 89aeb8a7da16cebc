import { ExpirationPlugin } from 'workbox-expiration';
import { matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

/**
 * The service worker (docs/reference/service.md "Staff screens that survive the Wi-Fi", docs/decisions/044),
 * built by vite-plugin-pwa (injectManifest) into dist/client/service-worker.js and registered
 * after the page has loaded (start-after-paint, never in a guest's first load):
 * - the app's code (every script and style of the build, and index.html) is kept on install,
 *   by its content hash: a new build replaces what changed;
 * - a page (a navigation) goes to the network first, so the server's rendered pages are always
 *   fresh when it answers; its answer is kept, and answers when the network does not (the guest's
 *   menu from the last visit, a staff screen after a reload offline); a page never opened on this
 *   device answers with the app's shell (index.html), which draws every staff screen;
 * - nothing under /api, /images or the events stream is touched: reads and writes go to the
 *   network, and the staff screens keep their own copies (IndexedDB, offline-store.ts).
 */
interface WorkerScope {
  __WB_MANIFEST: { url: string; revision: string | null }[];
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(
    type: 'install' | 'activate',
    listener: (event: { waitUntil(promise: Promise<unknown>): void }) => void,
  ): void;
}
declare const self: WorkerScope;
const worker = self;

// A directory index would answer `/` from the kept index.html instead of the server's page.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false, ignoreURLParametersMatching: [/.*/] });

/** How long a page is kept for an offline visit: a week, at most 60 addresses. */
const pages = new NetworkFirst({
  cacheName: 'pages',
  plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 60 * 60 })],
});

registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//, /^\/images\//, /^\/healthz/, /^\/(robots\.txt|sitemap\.xml)$/] },
  ),
);

worker.addEventListener('install', () => void worker.skipWaiting());
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));
