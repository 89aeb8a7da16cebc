import { wallClockAt } from '@shared/domain/opening.ts';

/**
 * Reads the restaurant's wall clock at an instant (lib/wall-clock.ts): here, the time-zone
 * data that the first Intl.DateTimeFormat of a time zone loads (25 to 55 ms on the test
 * machine, four times that on a slow phone) never holds the page's main thread.
 */
self.onmessage = (event: MessageEvent<{ id: number; instant: number; timeZone: string }>) => {
  const { id, instant, timeZone } = event.data;
  self.postMessage({ id, clock: wallClockAt(instant, timeZone) });
};
