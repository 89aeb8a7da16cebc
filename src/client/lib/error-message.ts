import { t } from '@shared/i18n/i18n.ts';
import { pageDigits } from '@shared/i18n/format.ts';
import { ApiError } from './api-client.ts';

/**
 * The one sentence a person sees when a call fails, whatever the call: whether the server
 * was out of reach, refused (with its own reason), or failed on its side, and whether trying
 * again can help. `action` names what did not happen ("your report", "the deletion").
 */
export function errorMessage(error: unknown, action = t('errors.that', 'that')): string {
  if (error instanceof ApiError) {
    // The status in the page's digits ("HTTP ৫০০" on a Bangla page).
    const status = pageDigits(error.status);
    if (error.status === 0)
      return t(
        'errors.unreachable',
        'We could not reach the server, so {{action}} did not happen. Check your connection and try again.',
        { action },
      );
    if (error.status === 401 && !error.serverMessage)
      return t('errors.expired', 'Your sign-in has expired, so {{action}} did not happen. Please sign in again.', {
        action,
      });
    if (error.status === 429 && !error.serverMessage)
      return t('errors.tooMany', 'Too many attempts. Please wait a minute and try again.');
    // The server's own reason, already in the requester's language (http/language.ts); a full stop only after a Latin letter or digit ("।" ends a Bangla one).
    if (error.status < 500 && error.serverMessage)
      return /[.!?।]$/.test(error.serverMessage) ? error.serverMessage : `${error.serverMessage}.`;
    if (error.status >= 500)
      return t(
        'errors.serverSide',
        'Something went wrong on our side (HTTP {{status}}), so {{action}} did not happen. Please try again.',
        { status, action },
      );
    return t('errors.refused', 'The server refused this (HTTP {{status}}), so {{action}} did not happen.', {
      status,
      action,
    });
  }
  return t('errors.failed', 'Something went wrong, so {{action}} did not happen. Please try again.', { action });
}
