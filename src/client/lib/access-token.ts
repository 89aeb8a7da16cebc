import type { z } from 'zod';
import type { accessTokenResponse } from '@shared/contract/users.ts';
import { ApiError, apiRequest } from './api-client.ts';

/**
 * The server's access token, kept in localStorage under `accessToken` as the spec says
 * (docs/reference/storefront.md §3). It is short-lived and bound to the identity session (docs/decisions/004),
 * so when a call answers 401 the client asks for a fresh one once, with the session cookie.
 */
export const ACCESS_TOKEN_KEY = 'accessToken';

export function readAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeAccessToken(token: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
}

export function removeAccessToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // Storage may be unavailable (private mode); nothing to remove then.
  }
}

/** GET /api/v1/users/jwt?email=: a token for the signed-in identity; stored on success. */
export async function fetchAccessToken(email: string): Promise<string> {
  const { accessToken } = await apiRequest<z.infer<typeof accessTokenResponse>>(
    `/api/v1/users/jwt?email=${encodeURIComponent(email)}`,
  );
  storeAccessToken(accessToken);
  return accessToken;
}

let tokenOwner: string | null = null;
let refreshing: Promise<string> | null = null;

/** Set by the auth provider: whose token to renew when one expires. */
export function setTokenOwner(email: string | null): void {
  tokenOwner = email;
}

export async function renewToken(): Promise<string> {
  if (!tokenOwner) throw new ApiError('HTTP error! Status: 401', 401, 'Please sign in first');
  refreshing ??= fetchAccessToken(tokenOwner).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * The stored token's expiry (epoch ms) and e-mail, read from its payload (not verified: the
 * server does that), or null when it is not a JWT.
 */
function claimsOf(token: string): { expiresAt: number; email: string | undefined } | null {
  try {
    const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
      email?: unknown;
    };
    return typeof payload.exp === 'number'
      ? { expiresAt: payload.exp * 1000, email: typeof payload.email === 'string' ? payload.email : undefined }
      : null;
  } catch {
    return null;
  }
}

/** How long before its expiry a token is renewed rather than sent (a call takes time, clocks differ a little). */
const RENEW_BEFORE_MS = 30_000;

/**
 * The token to send now: the stored one while it is the owner's and not about to expire; else
 * a fresh one first. A token kept from a visit more than 15 minutes ago is renewed before the
 * page's first calls, instead of each of them answering 401 and being sent again (issue 48,
 * point 9: signed-in pages logged 401s on their first load).
 */
export async function currentToken(): Promise<string | null> {
  const stored = readAccessToken();
  const claims = stored ? claimsOf(stored) : null;
  const stale =
    claims !== null &&
    (claims.expiresAt - RENEW_BEFORE_MS <= Date.now() ||
      (tokenOwner !== null && claims.email !== undefined && claims.email !== tokenOwner));
  if (stored && !(stale && tokenOwner)) return stored;
  return tokenOwner ? renewToken().catch(() => stored) : stored;
}

type RequestOptions = Parameters<typeof apiRequest>[1];

/** apiRequest with `Authorization: Bearer <accessToken>`, renewing an expired token once. */
export async function authorizedRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const send = (token: string | null) =>
    apiRequest<T>(path, {
      ...options,
      headers: { ...options?.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const token = await currentToken();
  try {
    return await send(token);
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !tokenOwner) throw error;
    return send(await renewToken());
  }
}
