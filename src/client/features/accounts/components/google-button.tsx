import { t } from '@shared/i18n/i18n.ts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { GOOGLE_START_PATH, getAuthProviders } from '../api/identity.ts';
import { GOOGLE_MESSAGE, type GoogleMessage } from '../api/google-message.ts';
import { showAlert } from '@client/lib/dialogs.ts';

/**
 * The Google-login button (docs/reference/storefront.md §2 "Sign in"): opens a 500×600 popup on our own
 * server's Google sign-in; the popup reports back with a message and closes. When the
 * server has no Google credentials, the button looks as always (docs/reference/storefront.md keeps it) and says that
 * Google sign-in is not set up only when pressed, in the spec's dialog (issue 58, point 10:
 * every guest read it on its face).
 */
export function GoogleButton({ onSignedIn, onError }: { onSignedIn: () => void; onError: (message: string) => void }) {
  const providers = useQuery({ queryKey: ['auth', 'providers'], queryFn: getAuthProviders, staleTime: Infinity });
  const [waiting, setWaiting] = useState(false);
  const popup = useRef<Window | null>(null);

  useEffect(() => {
    function onMessage(event: MessageEvent<GoogleMessage>) {
      if (event.origin !== window.location.origin || event.data?.type !== GOOGLE_MESSAGE) return;
      setWaiting(false);
      if (event.data.ok) onSignedIn();
      else onError(t('account.googleIncomplete', 'Google sign-in did not complete. Please try again.'));
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onSignedIn, onError]);

  // A popup closed by hand ends the wait.
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (popup.current?.closed) {
        setWaiting(false);
        window.clearInterval(timer);
      }
    }, 500);
    return () => window.clearInterval(timer);
  }, [waiting]);

  function open() {
    const width = 500;
    const height = 600;
    const left = window.screenX + Math.max(0, (window.outerWidth - width) / 2);
    const top = window.screenY + Math.max(0, (window.outerHeight - height) / 2);
    const opened = window.open(
      GOOGLE_START_PATH,
      'google-sign-in',
      `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
    );
    if (!opened) {
      // Popups blocked: do the same flow in this window instead.
      window.location.assign(`${GOOGLE_START_PATH}?mode=redirect`);
      return;
    }
    popup.current = opened;
    setWaiting(true);
  }

  const notSetUp = providers.data !== undefined && !providers.data.google;
  return (
    <button
      type="button"
      className="btn btn-outline w-full gap-2"
      onClick={
        notSetUp ? () => void showAlert(t('account.googleSignInIsNot', 'Google sign-in is not set up'), 'info') : open
      }
      disabled={!providers.data || waiting}
    >
      <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
        <path
          fill="#FFC107"
          d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
        />
        <path
          fill="#FF3D00"
          d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
        />
        <path
          fill="#4CAF50"
          d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
        />
        <path
          fill="#1976D2"
          d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
        />
      </svg>
      {waiting
        ? t('account.waitingForGoogle', 'Waiting for Google…')
        : t('account.continueWithGoogle', 'Continue with Google')}
    </button>
  );
}
