import type { LiveEvent } from '@shared/contract/events.ts';
import { RESYNC_EVENT } from '@shared/contract/values.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { currentToken, renewToken } from './access-token.ts';
import { followEventStream } from './sse.ts';

/**
 * The live stream (docs/reference/operations.md "The kitchen board"), read with fetch because EventSource
 * cannot send the Bearer token. Each event makes the queries that show its kind stale; after a
 * reconnect the server replays what was missed since the last event id (events.routes.ts), and
 * when it cannot (another server, too long ago, no id yet) everything shown is loaded again, so
 * a dropped connection never hides a ticket. Reconnects wait the server's `retry:` and
 * back off to 30 s, sending the last event id seen as `Last-Event-ID` (lib/sse.ts).
 */

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/** The queries each kind of event makes stale. */
const STALE_BY_TYPE: Record<LiveEvent['type'], string[][]> = {
  ticket: [['tickets'], ['kitchen'], ['dashboard-today']],
  reservation: [['reservations'], ['host'], ['dashboard-today'], ['kitchen']],
  bill: [['bills']],
};

/**
 * Keeps a live stream open while the component is mounted; returns whether it is live.
 * `onEvent` hears every event (the kitchen's new-ticket sound). `kept`: the queries (by key
 * prefix), per kind of event, that this screen keeps current itself from the events it hears (the
 * kitchen board patches its cards, decision 063); an event does not make them stale, a reload
 * after a drop does.
 */
export function useLiveEvents(
  onEvent?: (event: LiveEvent) => void,
  kept?: Partial<Record<LiveEvent['type'], readonly string[][]>>,
): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const listener = useRef(onEvent);
  const keptRef = useRef(kept);
  useEffect(() => {
    listener.current = onEvent;
    keptRef.current = kept;
  });

  useEffect(() => {
    const controller = new AbortController();
    const reloadAll = () => {
      for (const keys of Object.values(STALE_BY_TYPE))
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };

    let lastSent: string | undefined;
    async function open(lastEventId: string | undefined, signal: AbortSignal): Promise<Response> {
      lastSent = lastEventId;
      // As authorizedRequest does: without a stored token, get one first rather than be refused.
      let token = await currentToken();
      if (!token) throw new Error('not signed in');
      const request = (bearer: string) =>
        fetch('/api/v1/events', {
          headers: {
            accept: 'text/event-stream',
            authorization: `Bearer ${bearer}`,
            ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}),
          },
          signal,
          cache: 'no-store',
        });
      const response = await request(token);
      if (response.status !== 401) return response;
      await response.body?.cancel().catch(() => undefined);
      token = await renewToken().catch(() => null);
      if (!token) throw new Error('not signed in');
      return request(token);
    }

    void followEventStream({
      signal: controller.signal,
      open,
      onOpen(resumed) {
        setState('live');
        // Back after a drop with an event id, the server replays what we missed, or sends
        // `resync` when it cannot (another server, too long ago). Without an id nothing can be
        // replayed: load everything again.
        if (resumed && lastSent === undefined) reloadAll();
      },
      onDrop() {
        setState((now) => (now === 'connecting' ? 'connecting' : 'reconnecting'));
      },
      onMessage(message) {
        if (message.event === RESYNC_EVENT) {
          reloadAll();
          return;
        }
        let event: LiveEvent;
        try {
          event = JSON.parse(message.data) as LiveEvent;
        } catch {
          return; // not ours to understand; the next reload shows the truth
        }
        const own = keptRef.current?.[event.type] ?? [];
        const notKept = (query: { queryKey: readonly unknown[] }) =>
          !own.some((prefix) => prefix.every((part, index) => query.queryKey[index] === part));
        for (const queryKey of STALE_BY_TYPE[event.type] ?? [])
          void queryClient.invalidateQueries({ queryKey, predicate: notKept });
        listener.current?.(event);
      },
    });
    return () => controller.abort();
  }, [queryClient]);

  return state;
}
