import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { accessLine } from '../logging.ts';
import { askerOf, keyOf, sharedHeaders, withoutParameter } from './replay-keys.ts';
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
 *
 * Siblings (decision 071): a route may offer, with its answer, how to make the answers to URLs
 * that differ from its own only in one query parameter (a search's text). Once such an answer is
 * kept, a request for another value with the same encoding, language and branch is answered
 * from here too: the kept answer's headers with the new answer's own ETag, encoding and length,
 * the body the route's own code makes for that value (its validation too: a value it refuses,
 * or a failure to make it, goes to Fastify). What the family shares ends as a kept answer does.
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

/** A sibling's answer: its body, and the headers that belong to it alone (its ETag, encoding and length). */
export interface SiblingAnswer {
  body: Buffer;
  headers: (string | number)[];
}

/**
 * A route's answers to URLs that differ only in one query parameter (a search's text): the
 * answer for another value of it (at once, or once loaded), or undefined when Fastify must
 * answer it (a value the route refuses).
 */
export interface Siblings {
  /** The query parameter the answers differ by, as the URL names it. */
  varies: string;
  answer(value: string): SiblingAnswer | Promise<SiblingAnswer | undefined> | undefined;
}

/** What every answer of a family of siblings shares (the headers but the answer's own), and how to make one. */
interface Family {
  headers: (string | number)[];
  siblings: Siblings;
  version: number;
  expires: number;
}

const OFFERED = Symbol('replayOffered');
const SIBLINGS = Symbol('replaySiblings');
const ARRIVED = Symbol('replayVersion');
const KEY = Symbol('replayKey');

/** Headers that belong to one answer, not to the kept one. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
/** Families kept at most: one per asker (encoding, language, branch) and route. */
const FAMILIES = 500;

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

type Marked = IncomingMessage & {
  [OFFERED]?: string | Buffer;
  [SIBLINGS]?: Siblings;
  [ARRIVED]?: number;
  [KEY]?: string;
};

/**
 * A route's answer to a GET may be kept and sent again to anyone who asks the same URL with the
 * same accepted encoding: `body` is exactly what it sends (sendCachedJson). Only for answers
 * that do not depend on who asks. Without a replay cache (tests that `inject`), nothing happens.
 */
export function offerForReplay(request: FastifyRequest, body: string | Buffer, siblings?: Siblings): void {
  const raw = request.raw as Marked;
  raw[OFFERED] = body;
  if (siblings) raw[SIBLINGS] = siblings;
}

export function createReplayCache(options: ReplayOptions) {
  const entries = new Map<string, Kept>();
  const oldest = oldestFirst(entries);
  let closed = false;
  const { accessLog, nextId, trust, version } = options;
  const clientAddress = trust
    ? (request: IncomingMessage) => proxyAddr(request, trust)
    : (request: IncomingMessage) => request.socket.remoteAddress;

  // Families of siblings (Siblings), by asker and URL without the parameter that varies; that
  // parameter by path. Bounded like the answers, and forgotten with them.
  const families = new Map<string, Family>();
  const oldestFamily = oldestFirst(families);
  const varying = new Map<string, string>();

  /** Sends a kept answer; false when there is none for this request (Fastify answers it). */
  function replay(request: Marked, response: ServerResponse, fastify: Handler): boolean {
    if (closed || request.method !== 'GET' || request.headers['if-none-match'] !== undefined) return false;
    const url = request.url ?? '';
    const asker = askerOf(request);
    const key = `${asker} ${url}`;
    const kept = entries.get(key);
    const now = version();
    if (kept !== undefined && kept.version === now && kept.expires > Date.now()) {
      send(request, response, kept.headers, kept.body);
      return true;
    }
    if (kept) entries.delete(key);
    request[ARRIVED] = now;
    // Its key, for its answer to be kept under (capture).
    request[KEY] = key;
    return varying.size > 0 && sibling(request, response, fastify, asker, now);
  }

  /**
   * Sends the answer of a sibling of a kept answer (a search for other words: Siblings), made by
   * its route without Fastify, and keeps it; false when there is no family for it or the route
   * refuses the value (Fastify answers it), as when the route fails to make it.
   */
  function sibling(request: Marked, response: ServerResponse, fastify: Handler, asker: string, now: number): boolean {
    const url = request.url ?? '';
    const query = url.indexOf('?');
    const varies = query < 0 ? undefined : varying.get(url.slice(0, query));
    const split = varies === undefined ? undefined : withoutParameter(url, varies);
    const familyKey = split && `${asker} ${split.family}`;
    const family = familyKey === undefined ? undefined : families.get(familyKey);
    if (!split || !family) return false;
    if (family.version !== now || family.expires <= Date.now()) {
      families.delete(familyKey as string);
      return false;
    }
    const made = family.siblings.answer(split.value);
    if (made === undefined) return false;
    const finish = (answer: SiblingAnswer | undefined) => {
      if (answer === undefined) return fastify(request, response);
      const headers = [...family.headers, ...answer.headers];
      send(request, response, headers, answer.body);
      // Not kept when it was made from data read before a change.
      if (!closed && version() === now) keep(request[KEY] as string, headers, answer.body, now);
    };
    if (made instanceof Promise) made.then(finish, () => fastify(request, response)).catch(() => response.destroy());
    else finish(made);
    return true;
  }

  function send(request: IncomingMessage, response: ServerResponse, headers: (string | number)[], body: Buffer): void {
    const started = performance.now();
    response.writeHead(200, headers);
    response.end(body);
    accessLog?.({
      reqId: nextId(),
      ...accessLine('GET', request.url ?? '', clientAddress(request), 200, performance.now() - started),
    });
  }

  function keep(key: string, headers: (string | number)[], body: Buffer, at: number): void {
    if (entries.size >= options.maxEntries) oldest.evict();
    entries.set(key, { headers, body, version: at, expires: Date.now() + options.ttlMs });
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
          if (!replay(request, response, handler)) handler(request, response);
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
      keep(raw[KEY] ?? keyOf(raw), headers, typeof body === 'string' ? Buffer.from(body, 'utf8') : body, arrived);
      const siblings = raw[SIBLINGS];
      const url = raw.url ?? '';
      const split = siblings && withoutParameter(url, siblings.varies);
      if (!siblings || !split) return;
      if (families.size >= FAMILIES) oldestFamily.evict();
      families.set(`${askerOf(raw)} ${split.family}`, {
        headers: sharedHeaders(headers),
        siblings,
        version: arrived,
        expires: Date.now() + options.ttlMs,
      });
      varying.set(url.slice(0, url.indexOf('?')), siblings.varies);
    },

    /** The server is closing: every request goes to Fastify (which answers 503 while it closes). */
    close(): void {
      closed = true;
      oldest.clear();
      oldestFamily.clear();
    },

    get size(): number {
      return entries.size;
    },
  };
}

export type ReplayCache = ReturnType<typeof createReplayCache>;
