import { hash } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { oldestFirst } from './oldest-first.ts';
import { type SiblingAnswer, type Siblings, offerForReplay } from './replay-cache.ts';
import { acceptedEncoding } from './replay-keys.ts';

/**
 * An answer serialized once and sent many times: the menu's hottest reads (a dish, the
 * categories, the popular list) are written by their compiled serializer when first asked
 * for, kept with their ETag until the menu changes, and then sent as they are. A browser
 * that already has this version gets a 304 without a body.
 */
export interface CachedJson {
  body: string;
  etag: string;
  /** The body in UTF-8, made the first time it is sent uncompressed (a string body is encoded on every send). */
  bytes?: Buffer;
  /** Compressed copies, made the first time a client accepts them and kept with the body. */
  br?: Buffer;
  gzip?: Buffer;
  /** For a client that takes deflate alone (as @fastify/compress would answer it). */
  deflate?: Buffer;
}

/** Below this, compressing costs more than the bytes it saves. */
const COMPRESS_FROM_BYTES = 1024;

/** 64 KiB: the largest window (in bits) brotli's quality 9 is still cheap with. */
const LARGEST_WINDOW_AT_QUALITY_9 = 16;

/**
 * Brotli with a window no larger than the body: brotli's default window (4 MB) made each
 * compression of a 2 KB search answer cost about 6 ms, nearly all of it in setting up the window;
 * sized to the body, 0.2 ms for the same bytes out (decision 067). Quality 9 while the window is
 * at most 64 KiB, 6 beyond: past that window quality 9 costs 15 to 40 times as much for 1–2 %
 * fewer bytes (the demo's 212 KB /products page: 95 ms at quality 9, 2.3 ms at 6, 17,930 bytes
 * against 18,278), and each public page is compressed once per branch, language and menu version,
 * on the event loop, so a group's first minutes of pages stalled every request behind them
 * (decision 077).
 */
export function brotliParams(body: string): Record<number, number> {
  const bytes = Buffer.byteLength(body);
  const window = Math.min(
    zlibConstants.BROTLI_DEFAULT_WINDOW,
    Math.max(zlibConstants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes))),
  );
  return {
    [zlibConstants.BROTLI_PARAM_QUALITY]: window <= LARGEST_WINDOW_AT_QUALITY_9 ? 9 : 6,
    [zlibConstants.BROTLI_PARAM_LGWIN]: window,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes,
  };
}

/**
 * A weak ETag's hash: SHA-1 by Node's one-shot `crypto.hash`, native and faster than a hash
 * written in JavaScript at every size (a 2 KB search answer 1.0 µs against FNV-1a's 2.2; the
 * 212 KB /products page 94 µs against 261), and as fast on a server's first answers, before the
 * optimizing compiler has met it (565 µs against 887 for that page). Not for security: a
 * revalidation only needs two bodies to hash apart.
 */
export function etagHash(payload: string | Buffer): string {
  return hash('sha1', payload, 'base64url');
}

export function toCachedJson(body: string): CachedJson {
  return { body, etag: `W/"${etagHash(body)}"` };
}

/**
 * Other answers of the same route that differ from this one only in one query parameter (a
 * search's text): the replay cache makes them without Fastify once this one is kept (Siblings).
 * `answer` must be what the route answers for that value with everything else of the request
 * unchanged, or undefined for a value the route refuses (Fastify then answers it).
 */
export interface CachedSiblings {
  varies: string;
  answer(value: string): CachedAnswer | undefined;
}

/**
 * Sends a cached answer, compressed once per version rather than per request (the routes
 * that use this opt out of @fastify/compress: `compress: false`).
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
  cacheControl: string,
  {
    contentType = 'application/json; charset=utf-8',
    replay = true,
    siblings,
  }: { contentType?: string; replay?: boolean; siblings?: CachedSiblings } = {},
): FastifyReply {
  reply.header('etag', cached.etag).header('cache-control', cacheControl);
  if (request.headers['if-none-match'] === cached.etag && reply.statusCode === 200) return reply.code(304).send();
  reply.type(contentType);
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  const { payload, headers } = encoded(cached, encoding);
  for (const [name, value] of headers) reply.header(name, value);
  // The same for every guest until the menu changes: sent again before routing (replay-cache.ts).
  if (replay) offerForReplay(request, payload, siblings && replayedSiblings(siblings, encoding));
  return reply.send(payload);
}

/** The siblings of an answer as the replay cache sends them: in the same encoding, with their own ETag, encoding and length. */
function replayedSiblings({ varies, answer }: CachedSiblings, encoding: Encoding): Siblings {
  const made = (cached: CachedJson | null): SiblingAnswer | undefined => {
    if (cached === null) return undefined;
    const { payload, headers } = encoded(cached, encoding);
    const own: (string | number)[] = ['etag', cached.etag];
    for (const [name, value] of headers) own.push(name, value);
    own.push('content-length', payload.length);
    return { body: payload, headers: own };
  };
  return {
    varies,
    answer(value) {
      const cached = answer(value);
      if (cached === undefined) return undefined;
      return cached instanceof Promise ? cached.then(made) : made(cached);
    },
  };
}

type Encoding = ReturnType<typeof acceptedEncoding>;

/** The body in the encoding the client accepts, compressed once per version, with the headers that say so. */
function encoded(cached: CachedJson, encoding: Encoding): { payload: Buffer; headers: [string, string][] } {
  if (cached.body.length < COMPRESS_FROM_BYTES || encoding === undefined) {
    cached.bytes ??= Buffer.from(cached.body, 'utf8');
    return { payload: cached.bytes, headers: cached.body.length < COMPRESS_FROM_BYTES ? [] : VARY };
  }
  if (encoding === 'br') cached.br ??= brotliCompressSync(cached.body, { params: brotliParams(cached.body) });
  else if (encoding === 'gzip') cached.gzip ??= gzipSync(cached.body, { level: 9 });
  else cached.deflate ??= deflateSync(cached.body, { level: 9 });
  return { payload: cached[encoding] as Buffer, headers: [...VARY, ['content-encoding', encoding]] };
}

const VARY: [string, string][] = [['vary', 'accept-encoding']];

/** A cached answer (null: there is none, e.g. no such dish), or the promise of it while it loads. */
export type CachedAnswer = CachedJson | null | Promise<CachedJson | null>;

/**
 * Sends a cached answer with sendCachedJson, synchronously when it is in memory (a route handler
 * that returns nothing, so Fastify allocates no promise for the hottest reads), else once it
 * has loaded; none answers 404 with `missing`.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
  cacheControl: string,
  missing: () => Error,
  siblings?: CachedSiblings,
): Promise<void> | undefined {
  if (answer instanceof Promise) {
    // Waits for the reply itself, so that a large answer still being compressed is not sent empty (Fastify's "return reply" rule).
    return answer.then(async (loaded) => {
      sendCached(request, reply, loaded, cacheControl, missing, siblings);
      await reply;
    });
  }
  if (answer === null) throw missing();
  sendCachedJson(request, reply, answer, cacheControl, { siblings });
  return undefined;
}

/**
 * A bounded map of cached answers (by default whole serialized answers; `V` for other
 * serialized parts), emptied at once by `clear()` when what they show changes (and, as a
 * safety net for changes made behind the server's back, after `ttlMs`).
 */
export function createAnswerCache<V = CachedJson>(options: { maxEntries: number; ttlMs: number }) {
  const entries = new Map<string, { value: V | null; expires: number }>();
  const oldest = oldestFirst(entries);
  // Bumped by clear(): an answer loaded from before a change is not kept after it (a load
  // that started before the change's commit and finished after its clear() is stale).
  let generation = 0;
  const peek = (key: string): V | null | undefined => {
    const hit = entries.get(key);
    return hit && hit.expires > Date.now() ? hit.value : undefined;
  };
  const keep = (key: string, value: V | null, since: number): void => {
    if (since !== generation) return;
    if (entries.size >= options.maxEntries) oldest.evict();
    entries.set(key, { value, expires: Date.now() + options.ttlMs });
  };
  return {
    /** The answer for `key`: as it is when kept (no promise, no tick: the hot path), else the promise of loading it. */
    get(key: string, load: () => Promise<V | null>): V | null | Promise<V | null> {
      const hit = peek(key);
      if (hit !== undefined) return hit;
      const since = generation;
      return load().then((value) => {
        keep(key, value, since);
        return value;
      });
    },
    /** What is kept for `key`, or undefined when nothing fresh is. */
    peek,
    /** Taken before loading values to `keep`: a clear() in between means they are not kept. */
    mark: (): number => generation,
    /** Keeps a value loaded since `mark()`, unless the cache was cleared meanwhile. */
    keep,
    clear(): void {
      generation += 1;
      oldest.clear();
    },
  };
}
