import { type WallClock, wallClockAt } from '@shared/domain/opening.ts';

interface Question {
  instant: number;
  timeZone: string;
  answer(clock: WallClock): void;
}

let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, Question>();

/** Answers here every question still open, and every later one: for when no worker can run. */
function answerHere() {
  worker = null;
  for (const { instant, timeZone, answer } of waiting.values()) answer(wallClockAt(instant, timeZone));
  waiting.clear();
}

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    const started = new Worker(new URL('./wall-clock.worker.ts', import.meta.url));
    started.onmessage = (event: MessageEvent<{ id: number; clock: WallClock }>) => {
      waiting.get(event.data.id)?.answer(event.data.clock);
      waiting.delete(event.data.id);
    };
    // Blocked or failed to load.
    started.onerror = () => {
      started.terminate();
      answerHere();
    };
    return started;
  } catch {
    return null;
  }
}

/**
 * The restaurant's wall clock at `instant`, read by a worker so that the page's main thread
 * does not load the time-zone data (wall-clock.worker.ts); read here when no worker can run.
 */
export function wallClockOffThread(instant: number, timeZone: string): Promise<WallClock> {
  if (worker === undefined) worker = startWorker();
  const running = worker;
  if (!running) return Promise.resolve(wallClockAt(instant, timeZone));
  const id = nextId++;
  return new Promise((answer) => {
    waiting.set(id, { instant, timeZone, answer });
    running.postMessage({ id, instant, timeZone });
  });
}
