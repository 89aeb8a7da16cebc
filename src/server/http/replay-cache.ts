import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { accessLine } from '../logging.ts';
import { requestedLanguage } from './accept-language.ts';
import { oldestFirst } from './oldest-first.ts';

/**
 * The public menu's answers sent again as they went out, before the framework sees the request
 * (docs/decisions/017). A dish, the categories, the popular list and the public HTML pages are
 * the same for every guest until the menu or the settings change; the first request for one of
 * them goes through Fastify as any other (routing, security headers, serializer, compression),
 * and its answer, offered by sendCachedJson, is kept whole: status, headers (all but Date) and
 * the bytes. Later requests for the same URL, with the same accepted encoding, get those bytes
 * straight from the HTTP server's request handler, with one access line as Fastify writes it.
 *
 * What is replayed: GET only, without If-None-Match (revalidations keep Fastify's 304), never
 * an answer that sets a cookie, only 200s. What ends a kept answer: a new version of the menu or
 * the settings (whatever changed them: a change here or on another server, a sold-out dish's
 * comeback time, the database going down), and `ttlMs` as a safety net. An answer made from
 * data read before a change is not kept after it: each request notes the version it arrived in.
 */
export interface ReplayOptions {
  maxEntries: number;
  ttlMs: number;
  /** Writes the access line of a replayed answer (logging.ts's accessLine, with its request id), as Fastify's AccessLog does for the others. */
  accessLog?: (line: { reqId: string } & ReturnType<typeof accessLine>) => void;
  /** The request ids of the access lines, shared with Fastify's genReqId. */
  nextId: () => string;
  /**
   * The version of what the answers show, growing with every change (the menu's and the
   * settings' versions added up): a kept answer of another version is not sent, an answer
   * begun in one version and finished in another is not kept.
   */
  version: () => number;
  /** Which proxies are trusted for the client's address (as Fastify's trustProxy); none: the socket's peer. */
  trust?: (address: string, hop: number) => boolean;
}

interface Kept {
  /** Header names and values in turn, as `writeHead` takes them. */
  headers: (string | number)[];
  /**
   * The bytes, encoded once: a string body was encoded to UTF-8 (as `end` encodes it) and copied
   * after its headers on every send, a buffer is written as it is.
   */
  body: Buffer;
  version: number;
  expires: number;
}

const OFFERED = Symbol('replayOffered');
const ARRIVED = Symbol('replayVersion');
const KEY = Symbol('replayKey');

type Marked = IncomingMessage & { [OFFERED]?: string | Buffer; [ARRIVED]?: number; [KEY]?: string };

/** Headers that belong to one answer, not to the kept one. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The encodings a kept answer can be in: the request's choice among them is part of its key (as in cached-json.ts). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | 'deflate' | undefined {
  if (!header) return undefined;
  if (/\bbr\b/.test(header)) return 'br';
  if (/\bgzip\b/.test(header)) return 'gzip';
  if (/\bdeflate\b/.test(header)) return 'deflate';
  return undefined;
}

/**
 * A route's answer to a GET may be kept and sent again to anyone who asks the same URL with the
 * same accepted encoding: `body` is exactly what it sends (sendCachedJson). Only for answers
 * that do not depend on who asks. Without a replay cache (tests that `inject`), nothing happens.
 */
export function offerForReplay(request: FastifyRequest, body: string | Buffer): void {
  (request.raw as Marked)[OFFERED] = body;
}

/** The key of a kept answer: the URL, the accepted encoding, the language the request asks for (a page differs by it, decision 045) and the branch its cookie chose. */
function keyOf(request: IncomingMessage): string {
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  const url = request.url ?? '';
  const query = url.indexOf('?');
  const language =
    requestedLanguage({
      search: query >= 0 ? url.slice(query + 1) : '',
      cookie: request.headers.cookie,
      acceptLanguage: request.headers['accept-language'],
    }) ?? '-';
  // The guest's chosen branch: the menu and its pages are that branch's (decision 068).
  const branch = request.headers.cookie?.includes('branch=')
    ? (/(?:^|;\s*)branch=([^;]*)/.exec(request.headers.cookie)?.[1] ?? '')
    : '';
  return `${encoding ?? ''} ${language} ${branch} ${url}`;
}

export function createReplayCache(options: ReplayOptions) {
  const entries = new Map<string, Kept>();
  const oldest = oldestFirst(entries);
  let closed = false;
  const { accessLog, nextId, trust, version } = options;
  const clientAddress = trust
    ? (request: IncomingMessage) => proxyAddr(request, trust)
    : (request: IncomingMessage) => request.socket.remoteAddress;

  /** Sends a kept answer; false when there is none for this request (Fastify answers it). */
  function replay(request: Marked, response: ServerResponse): boolean {
    if (closed || request.method !== 'GET' || request.headers['if-none-match'] !== undefined) return false;
    const key = keyOf(request);
    const kept = entries.get(key);
    const now = version();
    if (kept === undefined || kept.version !== now || kept.expires <= Date.now()) {
      if (kept) entries.delete(key);
      request[ARRIVED] = now;
      // Its key, for its answer to be kept under (capture).
      request[KEY] = key;
      return false;
    }
    const started = performance.now();
    response.writeHead(200, kept.headers);
    response.end(kept.body);
    accessLog?.({
      reqId: nextId(),
      ...accessLine('GET', request.url ?? '', clientAddress(request), 200, performance.now() - started),
    });
    return true;
  }

  return {
    /** Fastify's serverFactory: the HTTP server, with kept answers sent before Fastify's handler. */
    serverFactory(
      handler: (request: IncomingMessage, response: ServerResponse) => void,
      fastifyOptions: FastifyServerOptions,
    ): Server {
      const requestTimeout = fastifyOptions.requestTimeout ?? 0;
      const server = createServer(
        {
          // Node checks the request and headers timeouts on this interval (30 s by default): a
          // quarter of the request timeout, so a stalled request is cut within 1.25 times it.
          ...(requestTimeout > 0
            ? {
                requestTimeout,
                headersTimeout: Math.min(60_000, requestTimeout),
                connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(requestTimeout / 4))),
              }
            : {}),
        },
        (request, response) => {
          if (!replay(request, response)) handler(request, response);
        },
      );
      // What Fastify sets on the server it makes itself (fastify/lib/server.js).
      server.keepAliveTimeout = fastifyOptions.keepAliveTimeout ?? 72_000;
      server.requestTimeout = requestTimeout;
      server.setTimeout(fastifyOptions.connectionTimeout ?? 0);
      if (fastifyOptions.maxRequestsPerSocket) server.maxRequestsPerSocket = fastifyOptions.maxRequestsPerSocket;
      return server;
    },

    /** Fastify's onResponse: keeps an offered 200 begun and finished in the current version. */
    capture(request: FastifyRequest, reply: FastifyReply): void {
      const raw = request.raw as Marked;
      const body = raw[OFFERED];
      const arrived = raw[ARRIVED];
      // Only a GET's arrival is noted (replay), so a HEAD or a revalidation is never kept.
      if (body === undefined || closed || reply.statusCode !== 200 || arrived !== version()) return;
      const headers: (string | number)[] = [];
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value === undefined) continue;
        if (name === 'set-cookie') return;
        if (PER_ANSWER.has(name)) continue;
        if (Array.isArray(value)) for (const one of value) headers.push(name, one);
        else headers.push(name, value);
      }
      if (entries.size >= options.maxEntries) oldest.evict();
      entries.set(raw[KEY] ?? keyOf(raw), {
        headers,
        body: typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
        version: arrived,
        expires: Date.now() + options.ttlMs,
      });
    },

    /** The server is closing: every request goes to Fastify (which answers 503 while it closes). */
    close(): void {
      closed = true;
      oldest.clear();
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type ReplayCache = ReturnType<typeof createReplayCache>;
