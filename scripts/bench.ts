/**
 * `npm run bench`: measures the server against the budgets of DESIGN.md and prints the figures
 * with their ratio to a bare Fastify hello route measured in the same run. The server runs as
 * `npm start` runs it (its own process, default log level, its output read along), driven by
 * autocannon with 50 connections for a bounded time per target. Nothing is asserted: the
 * machines are shared and noisy. Settings: scripts/bench/measure.ts; parts: scripts/bench/.
 */
import { benchApi } from './bench/api.ts';
import { describeMachine, startBaseline } from './bench/measure.ts';

console.error(`bench: ${describeMachine()}`);
const baseline = await startBaseline();
try {
  const api = await benchApi(baseline);
  console.log(['', `npm run bench — ${describeMachine()}`, '', ...api.summary].join('\n'));
} finally {
  await baseline.stop();
}
