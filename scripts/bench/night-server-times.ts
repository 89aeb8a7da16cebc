/**
 * The servers' own time per route (`BENCH_NIGHT_LOGS=<dir>`): each access line's `responseTime`
 * (from the request's arrival in Fastify to the answer's end), by method and path with ids as
 * `:id`. Set beside the generator's figures it tells where a tail was spent: in the handler
 * (its statements, its locks, its pooled connection) or before the request reached it (an event
 * loop busy with others, the generator itself).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fmt } from './measure.ts';
import { percentile } from './night-kit.ts';

/** A route as a pattern: query dropped, numeric and long opaque segments as `:id`. */
export function routeOf(method: string, url: string): string {
  const path = (url.split('?')[0] ?? '').replace(/\/(\d+|[0-9a-f]{24}|[A-Za-z0-9_-]{20,})(?=\/|$)/g, '/:id');
  return `${method} ${path}`;
}

export function serverTimes(files: string[], rows = 15): string[] {
  const byRoute = new Map<string, number[]>();
  for (const file of files) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.includes('"request completed"') && !line.includes('"request errored"')) continue;
      try {
        const entry = JSON.parse(line) as { req?: { method?: string; url?: string }; responseTime?: number };
        if (!entry.req?.method || !entry.req.url || entry.responseTime === undefined) continue;
        const route = routeOf(entry.req.method, entry.req.url);
        let list = byRoute.get(route);
        if (!list) byRoute.set(route, (list = []));
        list.push(entry.responseTime);
      } catch {
        // not an access line
      }
    }
  }
  const all: number[] = [];
  const table = [...byRoute].map(([route, list]) => {
    list.sort((a, b) => a - b);
    all.push(...list);
    return { route, list };
  });
  all.sort((a, b) => a - b);
  table.sort((a, b) => percentile(b.list, 0.99) - percentile(a.list, 0.99));
  const row = (name: string, list: number[]) =>
    `| ${name} | ${list.length} | ${fmt(percentile(list, 0.5), 1)} | ${fmt(percentile(list, 0.95), 1)} | ${fmt(percentile(list, 0.99), 1)} | ${fmt(list.at(-1) ?? Number.NaN, 1)} |`;
  return [
    `servers' own time per route (access lines' responseTime; the ${rows} routes of highest p99 with 20 answers or more):`,
    '',
    '| route | count | p50 ms | p95 ms | p99 ms | max ms |',
    '|---|---:|---:|---:|---:|---:|',
    row('all answers', all),
    ...table
      .filter((r) => r.list.length >= 20)
      .slice(0, rows)
      .map((r) => row(r.route, r.list)),
  ];
}
