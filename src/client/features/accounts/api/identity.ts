import type { z } from 'zod';
import type { providersResponse } from '@shared/contract/auth.ts';
import { fetchAccessToken, removeAccessToken } from '@client/lib/access-token.ts';
import { ApiError, apiRequest } from '@client/lib/api-client.ts';
import { PATHS } from '@shared/paths.ts';
import type { CreateUserBody } from '@shared/contract/users.ts';
import type { UploadResponse } from '@shared/contract/uploads.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * The identity calls of the sign-in, sign-up, Google and log-out flows (docs/reference/storefront.md §4),
 * against our own identity layer at /api/auth, and the product's own record and token.
 */

export async function signInWithEmail(email: string, password: string): Promise<void> {
  try {
    await apiRequest('/api/auth/sign-in/email', { method: 'POST', body: { email, password } });
  } catch (error) {
    // One message for an unknown e-mail and a wrong password alike.
    if (error instanceof ApiError && (error.status === 401 || error.status === 400)) {
      throw new ApiError(error.message, error.status, t('account.wrongPassword', 'Wrong e-mail or password.'));
    }
    throw error;
  }
  await fetchAccessToken(email);
}

export async function createIdentity(name: string, email: string, password: string): Promise<void> {
  try {
    await apiRequest('/api/auth/sign-up/email', { method: 'POST', body: { name, email, password } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      throw new ApiError(
        error.message,
        422,
        t('account.alreadyExists', 'An account with this e-mail already exists. Please sign in instead.'),
      );
    }
    throw error;
  }
}

/** Multipart POST of the photo (field `image`); answers the stored picture's URL (data.display_url). */
export async function uploadPhoto(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  let response: Response;
  try {
    response = await fetch('/api/v1/uploads', { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    throw new ApiError('Network error: the server could not be reached.', 0);
  }
  const body = (await response.json().catch(() => null)) as (Partial<UploadResponse> & { message?: string }) | null;
  if (!response.ok || !body?.data?.display_url) {
    throw new ApiError(
      `HTTP error! Status: ${response.status}`,
      response.status,
      body?.message ?? t('account.photoNotUploaded', 'The photo could not be uploaded.'),
    );
  }
  return body.data.display_url;
}

export async function updateIdentityProfile(profile: { name?: string; image?: string }): Promise<void> {
  await apiRequest('/api/auth/update-user', { method: 'POST', body: profile });
}

/** POST /api/v1/users: the server record. The server ignores password and role (it always makes a user). */
export async function createUserRecord(body: CreateUserBody): Promise<void> {
  await apiRequest('/api/v1/users', { method: 'POST', body });
}

/** PUT /api/v1/users after a Google sign-in: upserts name, email and role=user. */
export async function upsertUserRecord(name: string, email: string): Promise<void> {
  await apiRequest('/api/v1/users', { method: 'PUT', body: { name, email, role: 'user' } });
}

export async function signOutIdentity(): Promise<void> {
  removeAccessToken();
  await apiRequest('/api/auth/sign-out', { method: 'POST', body: {} });
}

export async function getAuthProviders(): Promise<{ google: boolean }> {
  return apiRequest<z.infer<typeof providersResponse>>('/api/v1/auth/providers');
}

/** Where the Google popup comes back to: a page that tells its opener and closes. */
export const GOOGLE_DONE_PATH = PATHS.googleDone;
export const GOOGLE_START_PATH = PATHS.googleStart;

/** Asks the identity layer for Google's sign-in address (it sets the state cookie). */
export async function googleSignInUrl(): Promise<string> {
  const body = await apiRequest<{ url: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL: GOOGLE_DONE_PATH, errorCallbackURL: `${GOOGLE_DONE_PATH}?failed=1` },
  });
  return body.url;
}
