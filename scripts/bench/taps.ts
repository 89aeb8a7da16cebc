/**
 * A kitchen tap (issue 59 point 3, docs/decisions/063): what one "Start", "Ready" or "Complete"
 * costs the server, in requests and CPU per tap, with the board the devices read as it was and as
 * it is. `BENCH_ONLY=taps npm run bench`. The app as `npm start` runs it (SQLite), a board of
 * BENCH_TAP_BOARD open tickets (60), then BENCH_TAP_TICKETS tickets (30) moved through their three
 * taps, one device tapping, once per way:
 * - before: what the board sent (counted in a browser, tests/e2e/staff/kitchen-one-request.test.ts, on
 *   the code before 063): the POST, then every board page and "All day" read twice (once when the
 *   POST settled, once on the move's own live event), on the tapping board; and every page and
 *   "All day" once on each other open board;
 * - after: the POST, which answers the card; no read on any board (the event patches it).
 * Server CPU is the app process's own (user + system, /proc), divided by the taps. Printed, never
 * asserted: these machines are shared and noisy.
 */
import { fmt, processCpuMs } from './measure.ts';
import { call } from './reservations.ts';
import { withKitchenApp } from './kitchen-app.ts';

const ADMIN = { email: 'bench-taps@example.com', password: 'bench-taps-password' };
const BOARD = Number(process.env.BENCH_TAP_BOARD ?? 60);
const TICKETS = Number(process.env.BENCH_TAP_TICKETS ?? 30);
/** Other boards open beside the tapping one (the night's kitchen screens at scale 1). */
const OTHER_BOARDS = Number(process.env.BENCH_TAP_OTHER_BOARDS ?? 2);

type Way = 'before' | 'after';

async function everyPage(base: string, cook: string): Promise<number> {
  let requests = 0;
  let cursor: string | null = null;
  do {
    const page = await call(
      base,
      'GET',
      `/api/v1/kitchen/tickets${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      cook,
    );
    requests += 1;
    cursor = (page.body as { nextCursor?: string | null }).nextCursor ?? null;
  } while (cursor);
  return requests;
}

/** One tap the way the board made it: the requests it cost, all boards together. */
async function tap(base: string, cook: string, id: string, status: string, way: Way): Promise<number> {
  const moved = await call(base, 'POST', `/api/v1/kitchen/tickets/${id}/status`, cook, { status });
  if (moved.status !== 200) throw new Error(`tap ${status}: ${JSON.stringify(moved.body)}`);
  if (way === 'after') return 1;
  let requests = 1;
  for (let read = 0; read < 2 + OTHER_BOARDS; read += 1) {
    requests += await everyPage(base, cook);
    await call(base, 'GET', '/api/v1/kitchen/all-day', cook);
    requests += 1;
  }
  return requests;
}

export async function benchTaps(): Promise<{ summary: string[] }> {
  return withKitchenApp('taps', ADMIN, async ({ app, admin: cook, dishes }) => {
    const ids: string[] = [];
    for (let i = 0; i < BOARD + 2 * TICKETS; i += 1) {
      const dish = dishes[i % dishes.length] as { _id: string };
      const placed = await call(
        app.base,
        'POST',
        '/api/v1/tickets',
        cook,
        {
          fulfilment: 'pickup',
          when: 'asap',
          lines: [{ productId: dish._id, quantity: 1 + (i % 3) }],
          customer: { name: `Tap ${i}` },
          key: `bench-tap-ticket-${i}-key`,
        },
        `10.9.2.${(i % 200) + 1}`,
      );
      if (placed.status !== 201) throw new Error(`ticket: ${JSON.stringify(placed.body)}`);
      ids.push((placed.body.data as { _id: string })._id);
    }
    const pid = app.child.pid ?? -1;
    const summary = [
      `A kitchen tap (Start, Ready, Complete; ${BOARD + 2 * TICKETS} tickets on the board, the tapping board and ${OTHER_BOARDS} others open)`,
      '| way | taps | requests a tap | server CPU a tap (µs) |',
      '|---|---:|---:|---:|',
    ];
    for (const [index, way] of (['before', 'after'] as const).entries()) {
      const mine = ids.slice(BOARD + index * TICKETS, BOARD + (index + 1) * TICKETS);
      const cpuBefore = processCpuMs(pid);
      let requests = 0;
      let taps = 0;
      for (const status of ['preparing', 'ready', 'completed']) {
        for (const id of mine) {
          requests += await tap(app.base, cook, id, status, way);
          taps += 1;
        }
      }
      const cpuMs = processCpuMs(pid) - cpuBefore;
      summary.push(
        `| ${way === 'before' ? 'before (reads every page and All day again)' : 'after (the answer is the card)'} | ${taps} | ${fmt(requests / taps, 1)} | ${fmt((cpuMs * 1000) / taps, 0)} |`,
      );
    }
    for (const line of summary) console.error(line);
    return { summary };
  });
}
