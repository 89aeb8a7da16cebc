/**
 * What the night bench (night.ts) is made of: devices that each speak from their own loopback
 * address (127.0.x.y, as real phones each have theirs), latencies kept per request class, the
 * live screens' streams, and each process's CPU seconds and peak memory read from /proc.
 */
import { Agent, request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sseMessages } from '../../src/client/lib/sse.ts';
import { fmt } from './measure.ts';

export interface Answer {
  status: number;
  body: { message?: string; data?: unknown; payment?: { redirectUrl?: string } } & Record<string, unknown>;
}

/** Latencies of one request class, and what went wrong. */
export class Stats {
  readonly ms = new Map<string, number[]>();
  readonly statuses = new Map<string, Map<number, number>>();
  errors = 0;
  /** Per class, the messages of its 4xx and 5xx answers and how often (what was refused or failed, and why). */
  readonly refusals = new Map<string, Map<string, number>>();
  refused(name: string, message: string): void {
    const byMessage = this.refusals.get(name) ?? new Map<string, number>();
    byMessage.set(message, (byMessage.get(message) ?? 0) + 1);
    this.refusals.set(name, byMessage);
  }
  record(name: string, ms: number, status: number): void {
    const list = this.ms.get(name) ?? [];
    list.push(ms);
    this.ms.set(name, list);
    const byStatus = this.statuses.get(name) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.statuses.set(name, byStatus);
  }
  count(status: (s: number) => boolean): number {
    let n = 0;
    for (const byStatus of this.statuses.values()) for (const [s, c] of byStatus) if (status(s)) n += c;
    return n;
  }
}

export const percentile = (sorted: number[], q: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number);

/** One device: its own loopback address and keep-alive connections, its requests alternating between the servers. */
export class Device {
  private readonly agent: Agent;
  private turn: number;
  authorization: string | undefined;
  /** The branch (its slug) every call and stream of this device names with `?branch=`; none: no name (one branch). */
  branch: string | undefined;
  /** The branch named by the `branch` cookie instead, as a guest's browser keeps it once chosen. */
  branchCookie = false;
  constructor(
    readonly address: string,
    private readonly bases: string[],
    private readonly stats: Stats,
    start = 0,
  ) {
    this.agent = new Agent({ keepAlive: true, localAddress: address, maxSockets: 6 });
    this.turn = start;
  }
  nextBase(): string {
    return this.bases[this.turn++ % this.bases.length] as string;
  }
  /** `path` at the device's branch, when it has one. */
  at(path: string): string {
    return this.branch && !this.branchCookie
      ? `${path}${path.includes('?') ? '&' : '?'}branch=${encodeURIComponent(this.branch)}`
      : path;
  }
  /** Sends a request and records its time in `name` (undefined: not measured, e.g. the set-up). */
  send(
    name: string | undefined,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const url = new URL(this.at(path), this.nextBase());
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const started = performance.now();
    return new Promise((resolve) => {
      const req = httpRequest(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            ...(this.authorization ? { authorization: this.authorization } : {}),
            ...(this.branch && this.branchCookie ? { cookie: `branch=${encodeURIComponent(this.branch)}` } : {}),
            'accept-encoding': 'br, gzip',
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (name) this.stats.record(name, performance.now() - started, status);
            let parsed: Answer['body'] = {};
            if ((res.headers['content-type'] ?? '').includes('json')) {
              try {
                const raw = Buffer.concat(chunks);
                const encoding = res.headers['content-encoding'];
                const text = (
                  encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
                ).toString('utf8');
                parsed = JSON.parse(text) as Answer['body'];
              } catch {
                parsed = {};
              }
            }
            if (name && status >= 400)
              this.stats.refused(name, `${status} ${String(parsed.message ?? '').slice(0, 80)}`);
            resolve({ status, body: parsed });
          });
          res.on('error', () => resolve({ status: 0, body: {} }));
        },
      );
      req.on('error', () => {
        this.stats.errors += 1;
        if (name) this.stats.record(name, performance.now() - started, 0);
        resolve({ status: 0, body: {} });
      });
      req.end(payload);
    });
  }
  /** Streams a screen opened again after its stream ended (as the product's client does). */
  reconnects = 0;
  /**
   * A live screen: the events stream, each message handed to `heard` with the time it arrived;
   * opened again half a second after it ends, as the product's client does, until `signal`.
   */
  listen(base: string, heard: (data: string, at: number) => void, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      let first = true;
      const again = () => {
        if (signal.aborted) return;
        this.reconnects += 1;
        setTimeout(open, 500);
      };
      const open = () => {
        if (signal.aborted) return;
        const req = httpRequest(
          new URL(this.at('/api/v1/events'), base),
          {
            agent: this.agent,
            headers: {
              accept: 'text/event-stream',
              ...(this.authorization ? { authorization: this.authorization } : {}),
            },
            signal,
          },
          (res) => {
            if (res.statusCode !== 200) {
              res.resume();
              if (first) reject(new Error(`stream answered ${res.statusCode}`));
              else again();
              return;
            }
            if (first) resolve();
            first = false;
            void (async () => {
              try {
                for await (const message of sseMessages(Readable.toWeb(res) as ReadableStream<Uint8Array>))
                  heard(message.data, performance.now());
              } catch {
                // ended or aborted
              }
              again();
            })();
          },
        );
        req.on('error', (error) => {
          if (first) {
            if (signal.aborted) resolve();
            else reject(error);
          } else again();
        });
        req.end();
      };
      open();
    });
  }
  close(): void {
    this.agent.destroy();
  }
}

/** Markdown rows: class, count, p50, p95, p99, max, and answers other than 2xx. */
export function classTable(stats: Stats, order: string[]): string[] {
  const lines = [
    '| class | count | p50 ms | p95 ms | p99 ms | max ms | 4xx | 5xx / failed |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const name of [...order, ...[...stats.ms.keys()].filter((n) => !order.includes(n))]) {
    const list = stats.ms.get(name);
    if (!list) continue;
    const sorted = [...list].sort((a, b) => a - b);
    const byStatus = stats.statuses.get(name) ?? new Map<number, number>();
    let client = 0;
    let server = 0;
    for (const [s, c] of byStatus) {
      if (s >= 400 && s < 500) client += c;
      if (s >= 500 || s === 0) server += c;
    }
    lines.push(
      `| ${name} | ${sorted.length} | ${fmt(percentile(sorted, 0.5), 1)} | ${fmt(percentile(sorted, 0.95), 1)} | ${fmt(percentile(sorted, 0.99), 1)} | ${fmt(sorted.at(-1) ?? Number.NaN, 1)} | ${client} | ${server} |`,
    );
  }
  return lines;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `work(i)` for i in 0..count-1, the ith at (i + phase) × seconds / count from now (open
 * loop: none waits for another); resolves when all are done. `phase` (0 to 1) shifts the schedule
 * by a fraction of its interval: n schedules of a nth of the count each, shifted by 0, 1/n, 2/n…,
 * interleave into one schedule of the whole count (a night spread over branches).
 */
export async function paced(
  count: number,
  seconds: number,
  work: (i: number) => Promise<void>,
  stop: () => boolean,
  phase = 0,
): Promise<void> {
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (let i = 0; i < count && !stop(); i += 1) {
    const due = started + ((i + phase) * seconds * 1000) / count;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    running.push(work(i).catch((error: unknown) => console.error(`night: ${String(error)}`)));
  }
  await Promise.all(running);
}

/** A local date in the restaurant's zone, `days` from today. */
export function localDate(zone: string, days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

export function localMinutes(zone: string): number {
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .split(':')
    .map(Number);
  return (h as number) * 60 + (m as number);
}

export const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
