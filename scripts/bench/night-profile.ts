/**
 * The night bench's profile of PostgreSQL (BENCH_PG_PROFILE=1, on the bench's own throwaway
 * cluster): the cluster starts with `pg_stat_statements` preloaded and `log_lock_waits` on
 * (with `deadlock_timeout` at 20 ms, so a wait of 20 ms or more is logged); during the evening
 * `pg_locks` is sampled every 250 ms for the locks that backends wait for. Printed after the
 * run: the statements by total time (each with its calls and mean), the statements per
 * request, the waits sampled by what was waited for, and the waits the log reported.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { fmt } from './measure.ts';

/** The settings the throwaway cluster starts with when profiling (scripts/pg-test-cluster.sh's PG_TEST_OPTS). */
export const PROFILE_OPTS =
  '-c shared_preload_libraries=pg_stat_statements -c pg_stat_statements.max=2000 -c log_lock_waits=on -c deadlock_timeout=20ms';

export const profiling = () => process.env.BENCH_PG_PROFILE === '1';

/** The advisory locks the server takes (write-lock.ts, kitchen-room.ts, reservations), named by the key they hash, per branch; a booking's slot on the bench's 15-minute grid. */
function lockKeys(dates: string[]): string[] {
  const times = Array.from(
    { length: 96 },
    (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
  );
  // Per branch (kitchen-room.ts, reservations.repository.ts): the bench's branches are 1 to 10 at most.
  const branches = Array.from({ length: 10 }, (_, i) => i + 1);
  return branches.flatMap((b) => [
    `kitchen:${b}`,
    ...dates.flatMap((d) => times.map((t) => `reservations:${b}:${d} ${t}`)),
  ]);
}

export class PgProfile {
  private readonly client: pg.Client;
  private timer: NodeJS.Timeout | undefined;
  private samples = 0;
  private readonly waits = new Map<string, number>();
  private names = new Map<string, string>();
  private logStart = 0;
  /** The sample in flight: the next waits for it (one query at a time on the client). */
  private sampling: Promise<void> = Promise.resolve();
  private busy = false;

  constructor(
    databaseUrl: string,
    private readonly logFile: string,
  ) {
    this.client = new pg.Client({ connectionString: databaseUrl });
  }

  /** Connects, makes the extension, empties its figures and starts sampling `pg_locks`. */
  async start(dates: string[]): Promise<void> {
    await this.client.connect();
    await this.client.query('create extension if not exists pg_stat_statements');
    await this.client.query('select pg_stat_statements_reset()');
    const keys = lockKeys(dates);
    const rows = (
      await this.client.query<{ k: string; objid: string }>(
        `select k, (hashtext(k)::bigint & 4294967295)::text as objid from unnest($1::text[]) k`,
        [keys],
      )
    ).rows;
    this.names = new Map(
      rows.map((r) => [r.objid, r.k.replace(/\d{4}-\d{2}-\d{2}/, '<date>').replace(/ \d{2}:\d{2}$/, ' <time>')]),
    );
    this.logStart = this.logSize();
    this.timer = setInterval(() => {
      if (this.busy) return;
      this.busy = true;
      this.sampling = this.sample().finally(() => {
        this.busy = false;
      });
    }, 250);
  }

  private logSize(): number {
    try {
      return readFileSync(this.logFile).length;
    } catch {
      return 0;
    }
  }

  private async sample(): Promise<void> {
    const rows = (
      await this.client
        .query<{ locktype: string; mode: string; objid: string | null; relation: string | null; query: string }>(
          `select l.locktype, l.mode, l.objid::text as objid, l.relation::regclass::text as relation, left(regexp_replace(a.query, '\\s+', ' ', 'g'), 90) as query
             from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()`,
        )
        .catch(() => ({ rows: [] }))
    ).rows;
    this.samples += 1;
    for (const r of rows) {
      const what =
        r.locktype === 'advisory'
          ? `advisory ${this.names.get(r.objid ?? '') ?? 'of a guest (bag:, reservations:guest:) or other'}`
          : r.locktype === 'transactionid'
            ? 'a row another transaction writes (transactionid)'
            : `${r.locktype} ${r.relation ?? ''}`;
      const key = `${what} (${r.mode}) | ${r.query}`;
      this.waits.set(key, (this.waits.get(key) ?? 0) + 1);
    }
  }

  /** Stops sampling; the profile's lines (markdown), `requests` the requests the evening sent. */
  async report(requests: number): Promise<string[]> {
    clearInterval(this.timer);
    await this.sampling;
    try {
      const statements = (
        await this.client.query<{ calls: string; total: number; mean: number; rows: string; query: string }>(
          `select calls::text, total_exec_time as total, mean_exec_time as mean, rows::text, left(regexp_replace(query, '\\s+', ' ', 'g'), 140) as query
             from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) order by total_exec_time desc`,
        )
      ).rows;
      const calls = statements.reduce((sum, s) => sum + Number(s.calls), 0);
      const total = statements.reduce((sum, s) => sum + s.total, 0);
      const top = statements
        .slice(0, 15)
        .map((s) => `| ${fmt(s.total, 0)} | ${s.calls} | ${fmt(s.mean, 2)} | \`${s.query.replaceAll('|', '\\|')}\` |`);
      const byCalls = [...statements]
        .sort((a, b) => Number(b.calls) - Number(a.calls))
        .slice(0, 15)
        .map((s) => `| ${s.calls} | ${fmt(s.total, 0)} | ${fmt(s.mean, 2)} | \`${s.query.replaceAll('|', '\\|')}\` |`);
      const sampled = [...this.waits].sort((a, b) => b[1] - a[1]).slice(0, 12);
      const logged = this.loggedWaits();
      return [
        `PostgreSQL profile (BENCH_PG_PROFILE=1): ${calls} statements (${fmt(calls / Math.max(1, requests), 1)} per request), ${fmt(total / 1000, 1)} s of statement time`,
        '',
        '| total ms | calls | mean ms | statement (top 15 by total time) |',
        '|---:|---:|---:|---|',
        ...top,
        '',
        '| calls | total ms | mean ms | statement (top 15 by calls) |',
        '|---:|---:|---:|---|',
        ...byCalls,
        '',
        `lock waits seen in pg_locks (${this.samples} samples, every 250 ms or as soon as the last one answered; a count is samples × waiters):`,
        ...(sampled.length === 0 ? ['- none'] : sampled.map(([key, n]) => `- ${n} × ${key}`)),
        `lock waits of 20 ms or more logged (log_lock_waits): ${logged.count}`,
        ...logged.top.map(([key, n]) => `- ${n} × ${key}`),
      ];
    } finally {
      await this.client.end();
    }
  }

  /** The log's "still waiting for" lines since the start, by the lock and the statement that waited. */
  private loggedWaits(): { count: number; top: [string, number][] } {
    let text = '';
    try {
      text = readFileSync(this.logFile).subarray(this.logStart).toString('utf8');
    } catch {
      return { count: 0, top: [] };
    }
    const byKind = new Map<string, number>();
    let count = 0;
    const lines = text.split('\n');
    for (const [i, line] of lines.entries()) {
      const match = /still waiting for (\w+) on (advisory lock|transaction|tuple|relation)[^\n]*? after/.exec(line);
      if (!match) continue;
      count += 1;
      const statement = lines.slice(i + 1, i + 4).find((l) => l.includes('STATEMENT:'));
      const key = `${match[1]} on ${match[2]} | ${(statement ?? '')
        .replace(/^.*STATEMENT:\s*/, '')
        .replace(/\s+/g, ' ')
        .slice(0, 90)}`;
      byKind.set(key, (byKind.get(key) ?? 0) + 1);
    }
    return { count, top: [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 8) };
  }
}
