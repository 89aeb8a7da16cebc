import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * The one way tests and scripts start a server process: a free port, `node --import tsx`
 * on an entry file (as `npm start` runs src/server/main.ts), a clean environment, and a wait
 * until a health path answers. Used by the browser tests' server, the process tests and
 * the benchmarks.
 */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const HOST = '127.0.0.1';

/** A port nobody listens on right now (the OS picks it). */
export async function findFreePort(host = HOST): Promise<number> {
  const probe = createServer();
  probe.unref();
  probe.listen(0, host);
  await once(probe, 'listening');
  const address = probe.address();
  await new Promise<void>((done) => probe.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** e.g. http://127.0.0.1:41234, no trailing slash. */
  base: string;
  /** What the process printed so far (stdout when `output: 'collect'`, and stderr). */
  output(): string;
  /** SIGTERM, then SIGKILL after `timeoutMs`; resolves with the exit code. */
  stop(timeoutMs?: number): Promise<number | null>;
}

export interface SpawnServerOptions {
  /** Entry file and arguments after `node --import tsx`; default the server as `npm start` runs it. */
  args?: string[];
  /** Node's own flags, before `--import tsx` (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  env?: Record<string, string>;
  port?: number;
  /** The path that answers 200 once the server is ready. */
  readyPath?: string;
  startTimeoutMs?: number;
  /**
   * stdout: 'collect' keeps it for output(); 'drain' reads and discards it (a terminal or a log
   * shipper reading along, as in production); 'stall' never reads it (a reader gone away);
   * `{ file }` reads it as 'drain' does and appends it to that file (a bench's access lines).
   */
  output?: 'collect' | 'drain' | 'stall' | { file: string };
}

export async function spawnServer(options: SpawnServerOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await findFreePort());
  const base = `http://${HOST}:${port}`;
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', ...(options.args ?? ['src/server/main.ts'])],
    {
      cwd: ROOT,
      // A clean environment, so a developer's DATABASE_URL or PORT cannot leak in.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
        HOST,
        PORT: String(port),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  const mode = options.output ?? 'collect';
  if (mode === 'collect') child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  else if (mode === 'drain') child.stdout?.resume();
  else if (typeof mode === 'object') child.stdout?.pipe(createWriteStream(mode.file, { flags: 'a' }));
  else child.stdout?.pause();
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  const readyPath = options.readyPath ?? '/healthz';
  const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready:\n${log}`);
    try {
      const res = await fetch(base + readyPath, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer ${readyPath} in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }

  return {
    child,
    port,
    base,
    output: () => log,
    async stop(timeoutMs = 15_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
  };
}
