import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/**
 * The product's own access token (SPEC.md "Access token"): a short-lived HS256 JWT
 * naming the user record and the identity session it was issued under. Signing out
 * ends that session, which makes every token issued under it useless at once.
 */
const ISSUER = 'restaurant-storefront';
const AUDIENCE = 'restaurant-storefront/api/v1';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessTokenClaims {
  userId: number;
  email: string;
  sessionId: string;
}

export function createAccessTokens(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) {
  // A key of its own, derived from the master secret, so the identity cookies and the tokens never share one.
  const key = createHmac('sha256', secret).update('access-token/v1').digest();

  return {
    async issue(claims: AccessTokenClaims): Promise<string> {
      return new SignJWT({ email: claims.email, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },

    /** The claims of a valid token, or null for anything else (expired, tampered, wrong algorithm, malformed). */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      try {
        // Every claim we set is required: a token signed with our key but without an expiry (or
        // issuer, audience, subject, id) was not made by issue() and is refused.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE, requiredClaims: ['exp', 'iat', 'sub', 'jti'] });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload.email !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId, email: payload.email, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
