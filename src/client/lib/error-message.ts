import { ApiError } from './api-client.ts';

/**
 * The one sentence a person sees when a call fails, whatever the call: whether the server
 * was out of reach, refused (with its own reason), or failed on its side, and whether trying
 * again can help. `action` names what did not happen ("your report", "the deletion").
 */
export function errorMessage(error: unknown, action = 'that'): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return `We could not reach the server, so ${action} did not happen. Check your connection and try again.`;
    if (error.status === 401 && !error.serverMessage) return `Your sign-in has expired, so ${action} did not happen. Please sign in again.`;
    if (error.status === 429 && !error.serverMessage) return 'Too many attempts. Please wait a minute and try again.';
    if (error.status < 500 && error.serverMessage) return /[.!?]$/.test(error.serverMessage) ? error.serverMessage : `${error.serverMessage}.`;
    if (error.status >= 500) return `Something went wrong on our side (HTTP ${error.status}), so ${action} did not happen. Please try again.`;
    return `The server refused this (HTTP ${error.status}), so ${action} did not happen.`;
  }
  return `Something went wrong, so ${action} did not happen. Please try again.`;
}
