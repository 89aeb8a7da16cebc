import type { IncomingMessage } from 'node:http';
import { parse as parseQuery } from 'fast-querystring';
import { requestedLanguage } from './accept-language.ts';

/**
 * The replay cache's keys (replay-cache.ts, decisions 017 and 071): what an answer is kept under,
 * and what the answers of one family of siblings (a search for other words) have in common.
 */

/** Headers a sibling makes itself (Siblings.answer): they differ from one of a family's answers to the next. */
const SIBLING_OWN = new Set(['etag', 'vary', 'content-encoding', 'content-length']);

/** The encodings a kept answer can be in: the request's choice among them is part of its key (as in cached-json.ts). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | 'deflate' | undefined {
  if (!header) return undefined;
  if (/\bbr\b/.test(header)) return 'br';
  if (/\bgzip\b/.test(header)) return 'gzip';
  if (/\bdeflate\b/.test(header)) return 'deflate';
  return undefined;
}

/** The key of a kept answer: the URL, the accepted encoding, the language the request asks for (a page differs by it, decision 045) and the branch its cookie chose. */
export function keyOf(request: IncomingMessage, url = request.url ?? ''): string {
  return `${askerOf(request)} ${url}`;
}

/** What a kept answer's key holds beside its URL: the accepted encoding, the language asked for and the branch's cookie. */
export function askerOf(request: IncomingMessage): string {
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
  return `${encoding ?? ''} ${language} ${branch}`;
}

/** Names and values in turn, without the ones a sibling makes itself. */
export function sharedHeaders(headers: (string | number)[]): (string | number)[] {
  const out: (string | number)[] = [];
  for (let i = 0; i < headers.length; i += 2)
    if (!SIBLING_OWN.has(headers[i] as string)) out.push(headers[i] as string, headers[i + 1] as string | number);
  return out;
}

/**
 * A URL with the value of one query parameter taken out, and that value as Fastify reads it
 * (its query parser), when the parameter is there once; else undefined. The URLs of one family
 * of siblings (Siblings) are the same once their `varies` parameter is taken out.
 */
export function withoutParameter(url: string, name: string): { family: string; value: string } | undefined {
  const query = url.indexOf('?');
  if (query < 0) return undefined;
  const value = (parseQuery(url.slice(query + 1)) as Record<string, unknown>)[name];
  if (typeof value !== 'string') return undefined;
  const prefix = `${name}=`;
  const rest = url
    .slice(query + 1)
    .split('&')
    .filter((pair) => !pair.startsWith(prefix) && pair !== name);
  return { family: `${url.slice(0, query)}?${rest.join('&')}`, value };
}
