import type { FastifyInstance } from 'fastify';
import { START_SCRIPT_HASH } from '../modules/pages/start-script.ts';

/**
 * Security headers for the SPA's pages and files, computed once at start and set on every
 * answer in one call (docs/decisions/005: @fastify/helmet rebuilt them per request, which
 * cost more than the dish lookup itself). One inline script runs, by its hash: the page
 * starter the rendered pages carry (modules/pages/start-script.ts); no other. Inline styles
 * are allowed, because SweetAlert2 and Recharts set style attributes.
 */
export function securityHeaders(options: { https: boolean }): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${START_SCRIPT_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    // The Google sign-in popup reports back to its opener.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * The API answers JSON, never a page: it needs no style, font, image or opener rules, only
 * what keeps a browser from running or framing it. A short set keeps every answer small
 * (the full page set doubled the size of a dish's answer).
 */
export function apiSecurityHeaders(options: { https: boolean }): Record<string, string> {
  return {
    'content-security-policy':
      "default-src 'none'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(options.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  const pages = securityHeaders(options);
  const api = apiSecurityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? api : pages);
    done();
  });
}
