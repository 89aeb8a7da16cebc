import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, findFreePort, spawnServer } from './app-process.ts';

/**
 * The built app started as `npm start` starts it (`node --import tsx src/server/main.ts`
 * after `npm run build`), on 127.0.0.1, a free port and a DATA_DIR of the test's
 * choosing. Browser tests drive it through `baseUrl`; `api()` reads it over HTTP.
 *
 *   const dataDir = createDataDir();
 *   const server = await startAppServer({ dataDir });
 *   ...
 *   await server.stop();          // SIGTERM, waits for a clean exit
 *   removeDataDir(dataDir);
 */
export interface AppServer {
  /** e.g. http://127.0.0.1:41234, no trailing slash. */
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** GET (or any method) a path on the server and parse its JSON answer. */
  api<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; body: T }>;
  /** SIGTERM, then wait for the exit (SIGKILL after `timeoutMs`). Resolves with the exit code. */
  stop(timeoutMs?: number): Promise<number | null>;
}

export interface StartAppServerOptions {
  /** Reuse a DATA_DIR (e.g. for a second start); default: a fresh temp directory, removed by stop(). */
  dataDir?: string;
  /** Extra environment, e.g. { ADMIN_EMAIL, ADMIN_PASSWORD } or GOOGLE_* for later suites. */
  env?: Record<string, string>;
  /** How long to wait for /healthz. */
  startTimeoutMs?: number;
  /** A port chosen beforehand (e.g. to register an OAuth redirect URI); default: a free one. */
  port?: number;
}

export const CLIENT_DIST = join(ROOT, 'dist/client');

/** A fresh, empty temp directory to use as DATA_DIR. */
export function createDataDir(prefix = 'storefront-e2e-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}

/** Throws a clear message when `npm run build` has not produced the client yet. */
export function assertClientBuilt(): void {
  if (!existsSync(join(CLIENT_DIST, 'index.html'))) {
    throw new Error(`No built client in ${CLIENT_DIST}: run \`npm run build\` before the browser tests.`);
  }
}

export { findFreePort };

export async function startAppServer(options: StartAppServerOptions = {}): Promise<AppServer> {
  assertClientBuilt();
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? createDataDir();
  const server = await spawnServer({
    ...(options.port !== undefined ? { port: options.port } : {}),
    startTimeoutMs: options.startTimeoutMs ?? 90_000,
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
      ...options.env,
    },
  });
  return {
    baseUrl: server.base,
    port: server.port,
    dataDir,
    output: server.output,
    async api<T>(path: string, init?: RequestInit) {
      const res = await fetch(`${server.base}${path}`, init);
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: hand back the text
      }
      return { status: res.status, body: body as T };
    },
    async stop(timeoutMs = 15_000) {
      const code = await server.stop(timeoutMs);
      if (ownDataDir) removeDataDir(dataDir);
      return code;
    },
  };
}
