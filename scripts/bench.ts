/**
 * `npm run bench`: measures the server against the budgets of docs/reference/design.md and prints the figures
 * with their ratio to a bare Fastify hello route measured in the same run. The server runs as
 * `npm start` runs it (its own process, default log level, its output read along), driven by
 * autocannon with 50 connections for a bounded time per target. Nothing is asserted: the
 * machines are shared and noisy. Settings: scripts/bench/measure.ts; parts: scripts/bench/.
 * BENCH_ONLY=api, reservations, tickets, bills, payments, events, printers, offline, taps or servers runs one part;
 * BENCH_ONLY=branches reads one branch alone and among a hundred (scripts/bench/branches.ts), only when asked for;
 * BENCH_ONLY=night runs the evening of everything at once (scripts/bench/night.ts, 5 minutes,
 * needs PostgreSQL and redis-server), only when asked for. The servers part (one
 * server against two on one PostgreSQL) needs PostgreSQL: BENCH_DATABASE_URL, or the binaries of
 * Debian's postgresql for a throwaway cluster; without either it is skipped in a full run.
 */
import { existsSync, readdirSync } from 'node:fs';
import { benchApi } from './bench/api.ts';
import { describeMachine, startBaseline } from './bench/measure.ts';
import { benchReservations } from './bench/reservations.ts';
import { benchTickets } from './bench/tickets.ts';
import { benchBills } from './bench/bills.ts';
import { benchPayments } from './bench/payments.ts';
import { benchEvents } from './bench/events.ts';
import { benchServers } from './bench/servers.ts';
import { benchNight } from './bench/night.ts';
import { benchPrinters } from './bench/printers.ts';
import { benchOffline } from './bench/offline.ts';
import { benchTaps } from './bench/taps.ts';
import { benchBranches } from './bench/branches.ts';

const only = process.env.BENCH_ONLY;

/** Whether the several-servers part can have a PostgreSQL: one given, or Debian's binaries for a throwaway cluster. */
function postgresAvailable(): boolean {
  if (process.env.BENCH_DATABASE_URL) return true;
  try {
    return readdirSync('/usr/lib/postgresql').some((version) =>
      existsSync(`/usr/lib/postgresql/${version}/bin/initdb`),
    );
  } catch {
    return false;
  }
}
console.error(`bench: ${describeMachine()}`);
if (only === 'night') {
  const night = await benchNight();
  console.log(['', `npm run bench — ${describeMachine()}`, '', ...night.summary].join('\n'));
  process.exit(0);
}
const baseline = await startBaseline();
if (only === 'branches') {
  const branches = await benchBranches(baseline);
  console.log(['', `npm run bench — ${describeMachine()}`, '', ...branches.summary].join('\n'));
  await baseline.stop();
  process.exit(0);
}
try {
  const api = only === undefined || only === 'api' ? await benchApi(baseline) : undefined;
  const reservations = only === undefined || only === 'reservations' ? await benchReservations(baseline) : undefined;
  const tickets = only === undefined || only === 'tickets' ? await benchTickets(baseline) : undefined;
  const bills = only === undefined || only === 'bills' ? await benchBills() : undefined;
  const payments = only === undefined || only === 'payments' ? await benchPayments(baseline) : undefined;
  const events = only === undefined || only === 'events' ? await benchEvents() : undefined;
  const printers = only === undefined || only === 'printers' ? await benchPrinters() : undefined;
  const offline = only === undefined || only === 'offline' ? await benchOffline() : undefined;
  const taps = only === undefined || only === 'taps' ? await benchTaps() : undefined;
  const servers =
    only === 'servers' || (only === undefined && postgresAvailable()) ? await benchServers(baseline) : undefined;
  console.log(
    [
      '',
      `npm run bench — ${describeMachine()}`,
      '',
      ...(api?.summary ?? []),
      '',
      ...(reservations?.summary ?? []),
      '',
      ...(tickets?.summary ?? []),
      '',
      ...(bills?.summary ?? []),
      '',
      ...(payments?.summary ?? []),
      '',
      ...(events?.summary ?? []),
      '',
      ...(printers?.summary ?? []),
      '',
      ...(offline?.summary ?? []),
      '',
      ...(taps?.summary ?? []),
      '',
      ...(servers?.summary ?? []),
    ].join('\n'),
  );
} finally {
  await baseline.stop();
}
