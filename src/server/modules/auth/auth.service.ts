import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { Identity } from './identity.ts';

/**
 * The auth module as the other modules see it (a module reaches another only through its
 * service; eslint.config.js): who is calling and what they may do (access.ts), the identity
 * session behind a request's cookie, and the identity rows that go with a user's record.
 */
export {
  type Access,
  type Caller,
  assertActsForSelf,
  assertCanRead,
  assertIsOwner,
  callerOf,
  toRole,
} from './access.ts';
export type { AccessTokens } from './access-token.ts';
export type { Identity } from './identity.ts';
export { identityHasImage, removeIdentity } from './identity-accounts.ts';

/**
 * The headers to hand the identity layer for a request: the client address it rate-limits by
 * is the one Fastify saw, never a header the client sent.
 */
export function identityHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/** The identity session behind the request's cookie (null without one): for calls made before an access token exists. */
export function identitySession(identity: Identity, request: FastifyRequest) {
  return identity.api.getSession({ headers: identityHeaders(request) });
}
