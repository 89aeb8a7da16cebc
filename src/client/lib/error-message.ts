import { t } from '@shared/i18n/i18n.ts';
import { ApiError } from './api-client.ts';

/**
 * The one sentence a person sees when a call fails, whatever the call: whether the server
 * was out of reach, refused (with its own reason), or failed on its side, and whether trying
 * again can help. `action` names what did not happen ("your report", "the deletion").
 */
export function errorMessage(error: unknown, action = t('common.that', 'that')): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('common.unreachable', 'We could not reach the server, so {{action}} did not happen. Check your connection and try again.', { action });
    if (error.status === 401 && !error.serverMessage) return t('common.signInExpired', 'Your sign-in has expired, so {{action}} did not happen. Please sign in again.', { action });
    if (error.status === 429 && !error.serverMessage) return t('common.tooMany', 'Too many attempts. Please wait a minute and try again.');
    if (error.status < 500 && error.serverMessage) return /[.!?]$/.test(error.serverMessage) ? error.serverMessage : `${error.serverMessage}.`;
    if (error.status >= 500) return t('common.serverFailed', 'Something went wrong on our side (HTTP {{status}}), so {{action}} did not happen. Please try again.', { status: error.status, action });
    return t('common.refused', 'The server refused this (HTTP {{status}}), so {{action}} did not happen.', { status: error.status, action });
  }
  return t('common.failed', 'Something went wrong, so {{action}} did not happen. Please try again.', { action });
}
