import { type LiveEvent, RESYNC_EVENT } from '@shared/contract/events.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { readAccessToken, renewToken } from './access-token.ts';
import { sseMessages } from './sse.ts';

/**
 * The live stream (OPERATIONS.md "The kitchen board"), read with fetch because EventSource
 * cannot send the Bearer token. Each event makes the queries that show its kind stale; after a
 * reconnect, or when the server says it may have missed something, everything shown is loaded
 * again, so a dropped connection never hides a ticket. Reconnects back off from 1 s to 30 s.
 */

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/** The queries each kind of event makes stale. */
const STALE_BY_TYPE: Record<LiveEvent['type'], string[][]> = {
  ticket: [['tickets'], ['kitchen'], ['dashboard-today']],
  reservation: [['reservations'], ['host'], ['dashboard-today'], ['kitchen']],
};

/**
 * Keeps a live stream open while the component is mounted; returns whether it is live.
 * `onEvent` hears every event (the kitchen's new-ticket sound).
 */
export function useLiveEvents(onEvent?: (event: LiveEvent) => void): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  const listener = useRef(onEvent);
  useEffect(() => {
    listener.current = onEvent;
  });

  useEffect(() => {
    const controller = new AbortController();
    let attempt = 0;
    let everConnected = false;
    const reloadAll = () => {
      for (const keys of Object.values(STALE_BY_TYPE)) for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };

    async function connect(): Promise<void> {
      // As authorizedRequest does: without a stored token, get one first rather than be refused.
      let token = readAccessToken() ?? (await renewToken().catch(() => null));
      if (!token) throw new Error('not signed in');
      for (let tries = 0; tries < 2; tries += 1) {
        const response = await fetch('/api/v1/events', { headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) }, signal: controller.signal, cache: 'no-store' });
        if (response.status === 401 && tries === 0) {
          token = await renewToken().catch(() => null);
          if (!token) throw new Error('not signed in');
          continue;
        }
        if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
        attempt = 0;
        setState('live');
        // What happened while we were away is unknown: load it again.
        if (everConnected) reloadAll();
        everConnected = true;
        for await (const message of sseMessages(response.body)) {
          if (message.event === RESYNC_EVENT) {
            reloadAll();
            continue;
          }
          const event = JSON.parse(message.data) as LiveEvent;
          for (const queryKey of STALE_BY_TYPE[event.type] ?? []) void queryClient.invalidateQueries({ queryKey });
          listener.current?.(event);
        }
        return;
      }
    }

    void (async () => {
      while (!controller.signal.aborted) {
        try {
          await connect();
        } catch {
          // Dropped, refused or offline: try again after a while.
        }
        if (controller.signal.aborted) return;
        setState(everConnected ? 'reconnecting' : 'connecting');
        attempt += 1;
        const wait = Math.min(30_000, 1000 * 2 ** Math.min(attempt - 1, 5)) * (0.75 + Math.random() * 0.5);
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    })();
    return () => controller.abort();
  }, [queryClient]);

  return state;
}
