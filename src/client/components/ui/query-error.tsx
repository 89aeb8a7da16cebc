import { ApiError } from '@client/lib/api-client.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { t } from '@shared/i18n/i18n.ts';

/**
 * What a guest sees when a read fails: a plain sentence and a Retry button. docs/reference/storefront.md §8
 * only logs such failures; a guest should not be left staring at a spinner. A network
 * failure, a refusal and a server error each say what they are (lib/error-message.ts).
 */
export function QueryError({
  what,
  error,
  onRetry,
  retrying = false,
}: {
  what: string;
  error?: unknown;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const unreachable = !(error instanceof ApiError) || error.status === 0;
  const loading = t('errors.loadingWhat', 'loading {{what}}', { what });
  return (
    <div role="alert" className="alert alert-error alert-soft mx-auto my-8 max-w-xl flex-wrap justify-between">
      <span>
        {unreachable
          ? t('errors.couldNotLoadOffline', 'We could not load {{what}}. Please check your connection and try again.', {
              what,
            })
          : t('errors.couldNotLoad', 'We could not load {{what}}. {{reason}}', {
              what,
              reason: errorMessage(error, loading),
            })}
      </span>
      <button type="button" className="btn btn-sm btn-error" onClick={onRetry} disabled={retrying}>
        {retrying ? t('errors.retrying', 'Retrying…') : t('errors.retry', 'Retry')}
      </button>
    </div>
  );
}
