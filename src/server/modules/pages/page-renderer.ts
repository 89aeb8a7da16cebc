import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Language } from '../../../shared/i18n/languages.ts';

/** The body of a public page rendered by the client's own components (src/client/entry-server.tsx). */
export interface RenderedBody {
  /** What goes inside <div id="root">. */
  html: string;
  /** The script element with the data the page was made from, for the browser's hydration. */
  dataScript: string;
}

/** Renders a page (path and query) in a language, at the branch the guest chose (its cookie's value, decision 068). */
export type PageRenderer = (url: string, language: Language, branch?: string) => Promise<RenderedBody>;

type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

interface RendererModule {
  renderPage(url: string, transport: ApiTransport, language: Language): Promise<RenderedBody>;
}

/** Where the build puts the renderer: dist/ssr beside the client's dist/client (vite.config.ts). */
function rendererFile(clientDir: string): string {
  return join(clientDir, '..', 'ssr', 'entry-server.js');
}

/**
 * Loads the server renderer the build made, or undefined when there is none (a checkout
 * before `npm run build`, a test with a stand-in shell): the pages then go out as the shell
 * with their head, and the browser renders them as before. The page's API reads run through
 * `app.inject`: the same routes, validation, serializers and caches as the browser's reads,
 * without a network hop.
 */
export async function loadPageRenderer(
  app: FastifyInstance,
  clientDir: string | undefined,
): Promise<PageRenderer | undefined> {
  if (clientDir === undefined) return undefined;
  const file = rendererFile(clientDir);
  if (!existsSync(file)) return undefined;
  const renderer = (await import(pathToFileURL(file).href)) as RendererModule;
  const transportAt =
    (branch: string | undefined): ApiTransport =>
    async (path, init) => {
      if (init.method !== undefined && init.method !== 'GET') throw new Error('A page being rendered only reads');
      // The page's language goes with its reads (the renderer sets it as the `lang` cookie), and
      // the guest's branch: the menu's prices and the settings are that branch's.
      const language = new Headers(init.headers).get('cookie');
      const cookie = [language, branch ? `branch=${encodeURIComponent(branch)}` : null].filter(Boolean).join('; ');
      const answer = await app.inject({
        method: 'GET',
        url: path,
        headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
      });
      const type = answer.headers['content-type'];
      return new Response(answer.statusCode === 204 || answer.statusCode === 304 ? null : answer.body, {
        status: answer.statusCode,
        headers: typeof type === 'string' ? { 'content-type': type } : {},
      });
    };
  const plain = transportAt(undefined);
  return (url, language, branch) => renderer.renderPage(url, branch ? transportAt(branch) : plain, language);
}
