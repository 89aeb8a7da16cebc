import { useSyncExternalStore } from 'react';
import { OFFLINE_TEXT } from '@shared/texts.ts';
import { isReachable, onReachability } from '@client/lib/reachability.ts';

const subscribeOnline = (listener: () => void) => onReachability(listener);

/** Whether the server can be reached now (true while the page renders on the server and hydrates). */
export function useReachable(): boolean {
  return useSyncExternalStore(subscribeOnline, isReachable, () => true);
}

/**
 * A guest page's notice while offline (SERVICE.md): the menu reads from the last visit, and
 * nothing is ordered or queued until the connection is back.
 */
export function GuestOfflineNotice() {
  if (useReachable()) return null;
  return (
    <p role="status" className="alert alert-warning m-2">
      {OFFLINE_TEXT.guestOffline}
    </p>
  );
}
