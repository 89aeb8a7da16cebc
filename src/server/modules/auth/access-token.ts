import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/**
 * The product's own access token (docs/reference/storefront.md "Access token"): a short-lived HS256 JWT
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

/**
 * Whether a token is written as issue() writes it: three base64url segments without padding,
 * each of which decodes and encodes back to itself. A segment's last character may carry
 * unused low bits, and decoders ignore them and a trailing `=`: without this check one token
 * had eight spellings, each counted apart by anything keyed by the token's text.
 */
export function isCanonicalToken(token: string): boolean {
  const segments = token.split('.');
  return (
    segments.length === 3 &&
    segments.every(
      (segment) =>
        /^[A-Za-z0-9_-]+$/.test(segment) && Buffer.from(segment, 'base64url').toString('base64url') === segment,
    )
  );
}

/** How many verified tokens are remembered (a few per signed-in visitor). */
const VERIFIED_TOKENS = 10_000;

/**
 * `now` is the tokens' clock (epoch ms). The app leaves it on the real time, not the
 * restaurant's clock: the browser renews a token by the real time, and the identity session
 * behind it (better-auth) expires by the real time too.
 */
export function createAccessTokens(
  secret: string,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
  now: () => number = Date.now,
) {
  // A key of its own, derived from the master secret, so the identity cookies and the tokens never share one.
  // Imported into WebCrypto once: given the raw bytes, jose imports them again on every call.
  const key = crypto.subtle.importKey(
    'raw',
    createHmac('sha256', secret).update('access-token/v1').digest(),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // Tokens already verified, with their claims, until they expire: a client sends the same
  // token with every call for up to 15 minutes, and checking its signature through WebCrypto
  // costs 100 to 200 µs of CPU on Node 20. Keyed by the whole token, so only the very string
  // that was verified is taken as it; the identity session behind it is still checked on every
  // call (access.ts), so signing out ends it at once.
  const verified = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();

  return {
    async issue(claims: AccessTokenClaims): Promise<string> {
      const issuedAt = Math.floor(now() / 1000);
      return new SignJWT({ email: claims.email, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setJti(randomUUID())
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(await key);
    },

    /** The claims of a valid token, or null for anything else (expired, tampered, wrong algorithm, malformed). */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      if (!isCanonicalToken(token)) return null;
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > now()) return known.claims;
        verified.delete(token);
      }
      try {
        // Every claim we set is required: a token signed with our key but without an expiry (or
        // issuer, audience, subject, id) was not made by issue() and is refused.
        const { payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['exp', 'iat', 'sub', 'jti'],
          currentDate: new Date(now()),
        });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload.email !== 'string' || typeof payload.sid !== 'string')
          return null;
        const claims = { userId, email: payload.email, sessionId: payload.sid };
        if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, expiresAt: (payload.exp as number) * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
