import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
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

/** A port nobody listens on right now (the OS picks it). */
export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export async function startAppServer(options: StartAppServerOptions = {}): Promise<AppServer> {
  assertClientBuilt();
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? createDataDir();
  const port = options.port ?? (await findFreePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    // A clean environment, so a developer's DATABASE_URL or PORT cannot leak in.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  for (;;) {
    if (hasExited) throw new Error(`The server exited before it was ready:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /healthz in time:\n${log}`);
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }

  return {
    baseUrl,
    port,
    dataDir,
    output: () => log,
    async api<T>(path: string, init?: RequestInit) {
      const res = await fetch(`${baseUrl}${path}`, init);
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
      if (!hasExited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        await exited;
        clearTimeout(timer);
      }
      const code = await exited;
      if (ownDataDir) removeDataDir(dataDir);
      return code;
    },
  };
}
