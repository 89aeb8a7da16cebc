import type { FastifyRequest } from 'fastify';
import { identityHeaders } from './identity.routes.ts';
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
  holdsEveryBranch,
  toBranches,
  toRole,
} from './access.ts';
export type { AccessTokens } from './access-token.ts';
export type { Identity } from './identity.ts';
export { identityHasImage, removeIdentity } from './identity-accounts.ts';

/** The identity session behind the request's cookie (null without one): for calls made before an access token exists. */
export function identitySession(identity: Identity, request: FastifyRequest) {
  return identity.api.getSession({ headers: identityHeaders(request) });
}
