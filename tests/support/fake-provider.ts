import { once } from 'node:events';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * What a fake provider server shares: a listener on 127.0.0.1 that can go down and come back on
 * the same port, and the faults every provider shows sooner or later.
 *   slow:  each call is done, and its answer waits `slowMs` (10 s by default) before it is sent
 *   down:  nobody listens (connection refused)
 *   error: each call answers 500 (and does nothing)
 *   hold:  calls to a path are done, and their answers held until released (the test kills the app meanwhile)
 */
export interface Faults {
  slow: boolean;
  slowMs: number;
  error: boolean;
  /** Answer success twice: bKash executes an executed payment again; Stripe sends each completion as two events. */
  successTwice: boolean;
  /** The provider reports this many minor units less than was asked (and so paid). */
  amountShort: number;
  /** The provider reports another currency than was asked. */
  otherCurrency: string | undefined;
}

export const noFaults = (): Faults => ({
  slow: false,
  slowMs: 10_000,
  error: false,
  successTwice: false,
  amountShort: 0,
  otherCurrency: undefined,
});

export interface FakeServer {
  base: string;
  port: number;
  faults: Faults;
  /** Calls received, by "METHOD /path" (path without ids: see `route`). */
  calls: Map<string, number>;
  down(): Promise<void>;
  up(): Promise<void>;
  /** Holds every call whose path starts with `prefix` until the returned release is called; `reached` resolves on the first. */
  hold(prefix: string): { reached: Promise<void>; release(): void };
  close(): Promise<void>;
}

export type Handler = (
  req: IncomingMessage,
  body: string,
  url: URL,
) => Promise<{ status: number; body: unknown; headers?: Record<string, string> }>;

export async function startFakeServer(
  name: string,
  handler: Handler,
  route: (method: string, path: string) => string,
): Promise<FakeServer> {
  const faults = noFaults();
  const calls = new Map<string, number>();
  const holds: { prefix: string; gate: Promise<void>; reached: () => void }[] = [];
  const sockets = new Set<Socket>();
  let port = 0;
  let server: Server;

  const listener = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const key = route(req.method ?? 'GET', url.pathname);
    calls.set(key, (calls.get(key) ?? 0) + 1);
    if (faults.error) {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { type: 'api_error', message: `${name} is having trouble` } }));
      return;
    }
    let answer: Awaited<ReturnType<Handler>>;
    try {
      answer = await handler(req, Buffer.concat(chunks).toString('utf8'), url);
    } catch (error) {
      answer = { status: 500, body: { error: { type: 'api_error', message: String(error) } } };
    }
    // The provider has done it (money moved); its answer is what is slow or held.
    for (const h of holds) {
      if (url.pathname.startsWith(h.prefix)) {
        h.reached();
        await h.gate;
      }
    }
    if (faults.slow) await new Promise((r) => setTimeout(r, faults.slowMs));
    if (res.destroyed) return;
    const html = answer.headers?.['content-type']?.startsWith('text/html') === true;
    res
      .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
      .end(html ? String(answer.body) : JSON.stringify(answer.body));
  };

  async function listen(): Promise<void> {
    server = createServer((req, res) => void listener(req, res));
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  }
  await listen();

  return {
    get base() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    faults,
    calls,
    async down() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
    up: listen,
    hold(prefix) {
      let release!: () => void;
      let reached!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const reachedPromise = new Promise<void>((r) => (reached = r));
      const entry = { prefix, gate, reached };
      holds.push(entry);
      return {
        reached: reachedPromise,
        release() {
          holds.splice(holds.indexOf(entry), 1);
          release();
        },
      };
    },
    async close() {
      for (const h of [...holds]) h.reached();
      holds.length = 0;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
