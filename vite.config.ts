import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, type UserConfig, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { type PageBudget, bundleReport } from './scripts/build/bundle-report.ts';
import { chunkGraph } from './scripts/build/chunk-graph.ts';
import { pageChunks } from './scripts/build/page-chunks.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Lists, for every page module under src/client/app/routes, the chunks it needs beyond those
 * index.html already loads, as dist/route-preloads.json (outside the served folder):
 * { "app/routes/home.tsx": ["/assets/public-….js", …] }. The server names them in a Link
 * header with the page (static-files.ts), or in the page starter of a page it rendered
 * (modules/pages), so they arrive with the entry chunk instead of after it has run and asked
 * for them.
 */
function routePreloads(): Plugin {
  const clientRoot = fromRoot('./src/client');
  return {
    name: 'route-preloads',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (!options.dir) return;
      const { pageFiles, moduleIds } = chunkGraph(bundle);
      const pages: Record<string, string[]> = {};
      for (const id of [...moduleIds()].sort()) {
        const module = relative(clientRoot, id).split('\\').join('/');
        if (!module.startsWith('app/routes/')) continue;
        pages[module] = (pageFiles(id) ?? []).map((name) => `/${name}`);
      }
      await writeFile(join(options.dir, '..', 'route-preloads.json'), `${JSON.stringify(pages, null, 2)}\n`);
    },
  };
}

/**
 * Marks the chunks of the first load (the entry and what it imports, and the public pages'
 * chunks with what they import) with V8's compile hint
 * `//# allFunctionsCalledOnLoad`: Chromium then compiles every function of the file while it
 * streams in, on a background thread, instead of each function on the main thread when it is
 * first called. The first load calls most of them (the hydration walks the whole page): on
 * the test machine the main thread's compiles during `/` fell from 621 to 147. Other engines
 * read it as a comment.
 */
function compileHints(pageModules: string[]): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    // After Vite's own additions to the chunks: the comment must open the file.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const { initial, pageFiles } = chunkGraph(bundle);
        const firstLoads = new Set([...initial, ...pageModules.flatMap((module) => pageFiles(module) ?? [])]);
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk' && firstLoads.has(file.fileName))
            file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
        }
      },
    },
  };
}

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy next to every text file of the build,
 * which the server sends as they are (static-files.ts, preCompressed). Compressing per request
 * has to use a fast, weaker setting: the entry chunk went out 15 % larger than these copies.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const files = Object.values(bundle).filter((file) => /\.(js|css|html|svg|txt|json)$/.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = file.type === 'chunk' ? file.code : file.source;
          const data = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
          if (data.length < 1024) return;
          const path = join(dir, file.fileName);
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length },
            }),
            gzipAsync(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The public pages' code beyond the entry's, one file per group (scripts/build/page-chunks.ts):
 * a page of a later group loads the earlier groups' files it shares code with, and its own.
 */
const PAGE_CHUNKS = pageChunks(fromRoot('./src/client'), [
  { name: 'public', pages: ['app/routes/home.tsx', 'app/routes/products.tsx', 'app/routes/search.tsx'] },
  { name: 'dish', pages: ['app/routes/product-detail.tsx'] },
  { name: 'about', pages: ['app/routes/about.tsx'] },
  { name: 'branches', pages: ['app/routes/branches.tsx'] },
  { name: 'reserve', pages: ['app/routes/reserve.tsx'] },
  { name: 'account', pages: ['app/routes/sign-in.tsx', 'app/routes/sign-up.tsx'] },
]);

/**
 * Every public page's first load, listed by the build (dist/bundle-report.txt) with its biggest
 * sources; `/` over its budget (docs/reference/design.md "Budgets": 120 KB gzip with React DOM) fails the build.
 */
const FIRST_LOADS: PageBudget[] = [
  { page: '/', module: 'app/routes/home.tsx', budgetKb: 120 },
  { page: '/products', module: 'app/routes/products.tsx' },
  { page: '/products/{id}', module: 'app/routes/product-detail.tsx' },
  { page: '/about', module: 'app/routes/about.tsx' },
  { page: '/branches', module: 'app/routes/branches.tsx' },
  { page: '/branches/{slug}', module: 'app/routes/branches.tsx' },
  { page: '/reservations/new', module: 'app/routes/reserve.tsx' },
  { page: '/home/search-page-items', module: 'app/routes/search.tsx' },
  { page: '/signIn', module: 'app/routes/sign-in.tsx' },
  { page: '/signUp', module: 'app/routes/sign-up.tsx' },
];

const alias = {
  '@shared': fromRoot('./src/shared'),
  '@client': fromRoot('./src/client'),
};

/** The browser's build (dist/client), also the base of the test runner's config (vitest.config.ts). */
export const clientConfig: UserConfig = {
  root: fromRoot('./src/client'),
  publicDir: fromRoot('./src/client/public'),
  // React DOM renders (docs/decisions/021): in `npm run dev` an edited component is swapped in
  // place by React's Fast Refresh, keeping the page's state.
  plugins: [
    react(),
    tailwindcss(),
    compileHints(FIRST_LOADS.map((load) => fromRoot(`./src/client/${load.module}`))),
    precompress(),
    routePreloads(),
    PAGE_CHUNKS.plugin,
    bundleReport({ pages: FIRST_LOADS, clientRoot: fromRoot('./src/client'), projectRoot: fromRoot('.') }),
    // The service worker (src/client/service-worker.ts, docs/decisions/044), built on its own with
    // the build's scripts, styles and index.html listed for it to keep; registered by main.tsx
    // after the page has loaded (nothing is added to index.html or to the first load).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'service-worker.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,woff2}'],
        globIgnores: ['service-worker.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  resolve: { alias },
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The entry with everything it imports (the app's shell) in one file, and a public
          // page's own code (the pages the server renders for guests, docs/decisions/015) in one
          // more, per group of pages (PAGE_CHUNKS): `/` no longer loads the dish page's ordering
          // or the About page's clock (issue 47). Split by module, the first load of `/` was 26
          // files: each costs a slow phone a request and the main thread a fetch to start and a
          // module to link (70 ms of one task on the test machine, 4× that on Lighthouse's
          // phone). The staff and account pages stay split, each loading on first use. Each
          // group is already closed under its imports (page-chunks.ts), so it takes nothing more.
          includeDependenciesRecursively: false,
          groups: PAGE_CHUNKS.groups,
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/images': 'http://127.0.0.1:3000',
      '/healthz': 'http://127.0.0.1:3000',
    },
  },
};

/**
 * The server renderer's build (dist/ssr/entry-server.js, `vite build --ssr`): the same
 * components as the browser's, for the public pages the server renders (modules/pages).
 */
const rendererConfig: UserConfig = {
  root: fromRoot('./src/client'),
  publicDir: false,
  plugins: [react()],
  resolve: { alias },
  // React and the rest bundled in, in their production builds: node_modules' React would be
  // its development build unless the server ran with NODE_ENV=production (a render took 3× longer).
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: fromRoot('./dist/ssr'),
    emptyOutDir: true,
    target: 'node20',
    // One file: the server loads it once, and every page's code is there when it renders.
    rolldownOptions: { input: fromRoot('./src/client/entry-server.tsx'), output: { codeSplitting: false } },
  },
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? rendererConfig : clientConfig));
