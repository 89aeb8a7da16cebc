/**
 * `npm run bench`: measures the server against the budgets of DESIGN.md and prints the figures
 * with their ratio to a bare Fastify hello route measured in the same run. The server runs as
 * `npm start` runs it (its own process, default log level, its output read along), driven by
 * autocannon with 50 connections for a bounded time per target. Nothing is asserted: the
 * machines are shared and noisy. Settings: scripts/bench/measure.ts; parts: scripts/bench/.
 * BENCH_ONLY=api, reservations, tickets or events runs one part.
 */
import { benchApi } from './bench/api.ts';
import { describeMachine, startBaseline } from './bench/measure.ts';
import { benchReservations } from './bench/reservations.ts';
import { benchTickets } from './bench/tickets.ts';
import { benchEvents } from './bench/events.ts';

const only = process.env.BENCH_ONLY;
console.error(`bench: ${describeMachine()}`);
const baseline = await startBaseline();
try {
  const api = only === undefined || only === 'api' ? await benchApi(baseline) : undefined;
  const reservations = only === undefined || only === 'reservations' ? await benchReservations(baseline) : undefined;
  const tickets = only === undefined || only === 'tickets' ? await benchTickets(baseline) : undefined;
  const events = only === undefined || only === 'events' ? await benchEvents() : undefined;
  console.log(['', `npm run bench — ${describeMachine()}`, '', ...(api?.summary ?? []), '', ...(reservations?.summary ?? []), '', ...(tickets?.summary ?? []), '', ...(events?.summary ?? [])].join('\n'));
} finally {
  await baseline.stop();
}
