import { useSyncExternalStore } from 'react';
import { OFFLINE_TEXT } from '@shared/texts-ordering.ts';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * Whether the device has a connection (the browser's online/offline; true while the page renders
 * on the server and hydrates). A guest's page goes by it, not by one request that failed (an
 * answer lost is that request's error, said beside it); the staff screens' header also counts
 * the requests the server did not answer (lib/reachability.ts).
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * A guest page's notice while offline (docs/reference/service.md): the menu reads from the last visit, and
 * nothing is ordered or queued until the connection is back.
 */
export function GuestOfflineNotice() {
  if (useOnline()) return null;
  return (
    <p role="status" className="alert alert-warning m-2">
      {OFFLINE_TEXT.guestOffline}
    </p>
  );
}
