import type { WallClock } from '@shared/domain/opening.ts';
import { useEffect, useState } from 'react';
import { useHydrated } from '@client/lib/hydration.ts';
import { wallClockOffThread } from '@client/lib/wall-clock.ts';

/**
 * The restaurant's wall clock, ticking each minute so "Open now" turns by itself; unknown in
 * the server's HTML (which may be cached), known shortly after hydration (read by a worker:
 * lib/wall-clock.ts).
 */
export function useWallClock(timeZone: string | undefined) {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  const [clock, setClock] = useState<WallClock>();
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (!timeZone || !hydrated) return undefined;
    let current = true;
    void wallClockOffThread(now, timeZone).then((read) => {
      if (current) setClock(read);
    });
    return () => {
      current = false;
    };
  }, [now, timeZone, hydrated]);
  return timeZone && hydrated ? clock : undefined;
}
