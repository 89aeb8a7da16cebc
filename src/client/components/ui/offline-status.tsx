import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { OFFLINE_TEXT } from '@shared/texts-ordering.ts';
import { outbox, startOutbox } from '@client/lib/offline-queue.ts';
import { useNumbers } from '@client/data/restaurant.ts';

/**
 * The staff pages' header line (docs/reference/service.md "Staff screens that survive the Wi-Fi"): "Offline"
 * while the server cannot be reached, "Offline: 3 changes waiting" with writes kept on the
 * device, "All changes sent" once they went through; under it, what the server refused when
 * they were sent, each with its reason, until dismissed. Starts the outbox, and has every screen
 * read again once it sent something.
 */
export function OfflineStatus() {
  const queryClient = useQueryClient();
  const state = useSyncExternalStore(outbox.subscribe, outbox.state, outbox.state);
  const { number } = useNumbers();
  useEffect(() => {
    startOutbox();
    // Who is signed in, read again here so that the device keeps it for a reload offline (reads are kept on staff screens only).
    void queryClient.invalidateQueries({ queryKey: ['auth', 'session'] });
    void queryClient.invalidateQueries({ queryKey: ['admin-check'] });
    return outbox.onFlushed(() => void queryClient.invalidateQueries());
  }, [queryClient]);

  const line = !state.reachable
    ? state.waiting > 0
      ? OFFLINE_TEXT.waiting(state.waiting, number)
      : OFFLINE_TEXT.offline
    : state.waiting > 0
      ? OFFLINE_TEXT.sending(state.waiting, number)
      : state.sent > 0
        ? OFFLINE_TEXT.allSent
        : '';
  return (
    <div className="mb-2 flex flex-col gap-2" data-testid="offline-status">
      <p
        role="status"
        aria-live="polite"
        className={line ? `badge badge-lg ${state.reachable ? 'badge-success' : 'badge-warning'}` : 'sr-only'}
      >
        {line}
      </p>
      {state.refusals.length > 0 && (
        <section
          role="alert"
          aria-labelledby="offline-refusals"
          className="rounded-box border border-error/60 bg-base-100 p-3"
        >
          <h2 id="offline-refusals" className="font-bold">
            {OFFLINE_TEXT.refusedTitle}
          </h2>
          <ul className="flex flex-col gap-1">
            {state.refusals.map((refusal) => (
              <li key={refusal.id} className="flex flex-wrap items-center gap-2">
                <span>
                  {refusal.label}: {refusal.reason}
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  onClick={() => void outbox.dismiss(refusal.id as number)}
                >
                  {OFFLINE_TEXT.dismiss}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
