import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { googleSignInUrl } from '@client/features/accounts/api/identity.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { GOOGLE_MESSAGE, type GoogleMessage } from '@client/features/accounts/api/google-message.ts';
import { useAuthFlows } from '@client/features/accounts/use-auth-flows.ts';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { PATHS } from '@shared/paths.ts';
import { t } from '@shared/i18n/i18n.ts';

/** /auth/google: the popup's first page; it sends the guest on to Google. */
export function GoogleStartRoute() {
  useDocumentTitle(t('head.googleSignIn', 'Google sign-in'));
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    googleSignInUrl()
      .then((url) => window.location.assign(url))
      .catch((failure: unknown) => setError(errorMessage(failure, t('head.googleSignIn', 'Google sign-in'))));
  }, []);
  return <PopupFrame error={error} />;
}

/**
 * /auth/google/done: Google sent the guest back and the session cookie is set. In a popup,
 * tell the opener and close; without an opener (popups blocked), finish the flow here.
 */
export function GoogleDoneRoute() {
  useDocumentTitle(t('head.googleSignIn', 'Google sign-in'));
  const [params] = useSearchParams();
  const flows = useAuthFlows();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(
    params.get('failed') || params.get('error') ? 'Google sign-in did not complete.' : null,
  );
  const finished = useRef(false);

  useEffect(() => {
    if (finished.current) return;
    finished.current = true;
    const ok = !(params.get('failed') || params.get('error'));
    if (window.opener && !window.opener.closed) {
      const message: GoogleMessage = { type: GOOGLE_MESSAGE, ok };
      (window.opener as Window).postMessage(message, window.location.origin);
      window.close();
      return;
    }
    if (!ok) return;
    flows
      .completeGoogle()
      .then(() => navigate('/', { replace: true }))
      .catch((failure: unknown) => setError(errorMessage(failure, t('head.googleSignIn', 'Google sign-in'))));
  }, [params, flows, navigate]);

  return <PopupFrame error={error} />;
}

function PopupFrame({ error }: { error: string | null }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      {error ? (
        <>
          <p role="alert" className="alert alert-error">
            {error}
          </p>
          <Link to={PATHS.signIn} className="btn btn-primary">
            {t('account.backToSignIn', 'Back to sign in')}
          </Link>
        </>
      ) : (
        <Spinner label={t('account.signingInWithGoogle', 'Signing you in with Google')} />
      )}
    </main>
  );
}
