import { t } from '@shared/i18n/i18n.ts';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '@client/lib/error-message.ts';

/** A file the page fetches and hands to the browser (a report's CSV): `start` it; `failure` is the alert to show if it could not. */
export function useDownload(): { start: (download: () => Promise<void>) => void; failure: ReactNode } {
  const [failed, setFailed] = useState<string | null>(null);
  return {
    start(download) {
      setFailed(null);
      download().catch((error: unknown) => setFailed(errorMessage(error, t('reports.theDownload', 'the download'))));
    },
    failure: failed ? (
      <p role="alert" className="text-error">
        {failed}
      </p>
    ) : null,
  };
}
