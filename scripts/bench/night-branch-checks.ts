/**
 * The night bench's invariants at each branch of a group (night-branches.ts, BENCH_NIGHT_BRANCHES
 * above 1), read from the database after the evening and from each branch's ledger: no table held
 * twice, every ticket placed at its branch once and completed, the day's ticket and bill numbers
 * and the receipt numbers without a gap or a repeat per branch, a staff order key sent twice one
 * ticket, no row naming another branch's table, booking or bill, each kitchen's buckets within
 * its units (sampled during the evening), every live change heard by each screen of its branch
 * and none by a screen of another.
 */
import pg from 'pg';
import { fmt } from './measure.ts';
import { percentile } from './night-kit.ts';
import type { BranchCast } from './night-branches.ts';

/** Each branch's fullest kitchen bucket (its units taken plus the changes of loads that left or came back), sampled every 5 s and at the end. */
export class KitchenWatch {
  private readonly client: pg.Client;
  readonly peak = new Map<string, number>();
  readonly low = new Map<string, number>();
  samples = 0;
  private timer: NodeJS.Timeout | undefined;
  private sampling: Promise<void> = Promise.resolve();

  constructor(databaseUrl: string) {
    this.client = new pg.Client({ connectionString: databaseUrl });
  }

  async start(): Promise<void> {
    await this.client.connect();
    this.timer = setInterval(() => {
      this.sampling = this.sampling.then(() => this.sample());
    }, 5000);
    this.timer.unref();
  }

  private async sample(): Promise<void> {
    const rows = (
      await this.client
        .query<{ branch_id: number; peak: string; low: string }>(
          `select branch_id, max(units) as peak, min(units) as low from (
             select branch_id, bucket_start, sum(units) as units from (
               select branch_id, bucket_start, units from kitchen_buckets
               union all select branch_id, bucket_start, units from kitchen_bucket_changes) loads
             group by branch_id, bucket_start) buckets group by branch_id`,
        )
        .catch(() => ({ rows: [] }))
    ).rows;
    this.samples += 1;
    for (const r of rows) {
      const id = String(r.branch_id);
      this.peak.set(id, Math.max(this.peak.get(id) ?? 0, Number(r.peak)));
      this.low.set(id, Math.min(this.low.get(id) ?? 0, Number(r.low)));
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.sampling;
    await this.sample();
    await this.client.end();
  }
}

/** A branch's live events: first deliveries, expected, missed, and messages about another branch's tickets or bookings. */
function events(cast: BranchCast, others: BranchCast[]): { expected: number; missed: number; foreign: number } {
  const { ledger } = cast;
  const heardPer = new Map<string, number>();
  const first = new Set<string>();
  let foreign = 0;
  for (const { key, screen } of ledger.heard) {
    const [kind, id] = key.split(':');
    const own = kind === 't' ? ledger.tickets.has(id as string) : ledger.reservations.has(id as string);
    if (!own && others.some((o) => (kind === 't' ? o.ledger.tickets : o.ledger.reservations).has(id as string)))
      foreign += 1;
    if (first.has(`${key}#${screen}`)) continue;
    first.add(`${key}#${screen}`);
    heardPer.set(key, (heardPer.get(key) ?? 0) + 1);
  }
  let expected = 0;
  let missed = 0;
  for (const [key, screens] of ledger.expected) {
    expected += screens;
    missed += Math.max(0, screens - (heardPer.get(key) ?? 0));
  }
  return { expected, missed, foreign };
}

/** Per branch the problems in its day's numbers (tickets A-, bills B-): days whose numbers are not 1..n once each. */
const numbersSql = `select kind, branch_id, count(*) as days, sum(n) as n, sum(case when lo = 1 and hi = n and d = n then 0 else 1 end) as bad from (
    select 'A' as kind, branch_id, local_date, count(*) as n, count(distinct seq) as d, min(seq) as lo, max(seq) as hi from tickets group by branch_id, local_date
    union all select 'B', branch_id, local_date, count(*), count(distinct seq), min(seq), max(seq) from bills group by branch_id, local_date) days
  group by kind, branch_id`;

/** Rows whose branch is not that of the table, booking or bill they name. */
const crossingSql = `select branch_id, count(*) as n from (
    select h.branch_id from table_holds h join dining_tables t on t.id = h.table_id join reservations r on r.id = h.reservation_id where t.branch_id <> h.branch_id or r.branch_id <> h.branch_id
    union all select t.branch_id from tickets t left join dining_tables d on d.id = t.table_id left join bills b on b.id = t.bill_id where d.branch_id <> t.branch_id or b.branch_id <> t.branch_id
    union all select p.branch_id from bill_payments p join bills b on b.id = p.bill_id where b.branch_id <> p.branch_id) crossing
  group by branch_id`;

const doubledSql = `select a.branch_id, count(*) as n from table_holds a join table_holds b on a.table_id = b.table_id and a.reservation_id < b.reservation_id and a.active = 1 and b.active = 1 and a.starts_at < b.ends_at and b.starts_at < a.ends_at group by a.branch_id`;

export async function branchChecks(databaseUrl: string, casts: BranchCast[], kitchen: KitchenWatch): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const q = async (text: string) => (await client.query(text)).rows as Record<string, unknown>[];
    const byBranch = (rows: Record<string, unknown>[], column = 'n') =>
      new Map(rows.map((r) => [String(r.branch_id), Number(r[column])]));
    const doubled = byBranch(await q(doubledSql));
    const crossing = byBranch(await q(crossingSql));
    const keyRows = byBranch(await q(`select branch_id, count(*) as n from ticket_keys group by branch_id`));
    const numbers = await q(numbersSql);
    const tickets = await q(
      `select id, branch_id, status from tickets where status <> 'cancelled' or cancel_reason is null`,
    );
    const ticketAt = new Map(
      tickets.map((r) => [String(r.id), { branch: String(r.branch_id), status: String(r.status) }]),
    );
    const receipts = await q(
      `select branch_id, receipt_number as n from bills where receipt_number is not null order by branch_id, receipt_number`,
    );
    const units = new Map(
      (await q(`select id, body from restaurant_settings`)).map((r) => [
        String(r.id),
        Number((JSON.parse(String(r.body)) as { kitchen?: { unitsPerBucket?: number } }).kitchen?.unitsPerBucket),
      ]),
    );
    const failing: string[] = [];
    const rows = casts.map((cast) => {
      const { id, ledger, stats } = cast;
      const all = [...stats.ms.values()].flat().sort((a, b) => a - b);
      let client4 = 0;
      let server5 = 0;
      for (const byStatus of stats.statuses.values())
        for (const [s, c] of byStatus) {
          if (s >= 400 && s < 500) client4 += c;
          if (s >= 500 || s === 0) server5 += c;
        }
      const placed = [...ledger.tickets.keys()];
      const elsewhere = placed.filter((t) => ticketAt.has(t) && ticketAt.get(t)?.branch !== id).length;
      const notCompleted = placed.filter((t) => ticketAt.get(t)?.status !== 'completed').length;
      const here = [...ticketAt].filter(([, t]) => t.branch === id);
      const unknown = here.filter(([t]) => !ledger.tickets.has(t)).length;
      const own = numbers.filter((r) => String(r.branch_id) === id);
      const badDays = own.reduce((sum, r) => sum + Number(r.bad), 0);
      const count = (kind: string) => Number(own.find((r) => r.kind === kind)?.n ?? 0);
      const receiptList = receipts.filter((r) => String(r.branch_id) === id).map((r) => Number(r.n));
      const receiptGaps = receiptList.filter((n, i) => n !== (receiptList[0] ?? 1) + i).length;
      let keysSplit = 0;
      for (const ids of ledger.keys.values()) if (new Set(ids.filter(Boolean)).size > 1) keysSplit += 1;
      const peak = kitchen.peak.get(id) ?? 0;
      const low = kitchen.low.get(id) ?? 0;
      const room = units.get(id) ?? Number.NaN;
      const heard = events(
        cast,
        casts.filter((c) => c !== cast),
      );
      const problems = [
        doubled.get(id) ? 'a table held twice' : '',
        crossing.get(id) ? "rows naming another branch's" : '',
        elsewhere || notCompleted || unknown ? 'tickets' : '',
        badDays ? 'day numbers' : '',
        receiptGaps ? 'receipts' : '',
        keysSplit ? 'keys' : '',
        !(peak <= room) || low < 0 ? 'kitchen' : '',
        heard.missed || heard.foreign ? 'live events' : '',
      ].filter(Boolean);
      if (problems.length > 0) failing.push(`${cast.slug} (${problems.join(', ')})`);
      return `| ${cast.slug} | ${all.length} | ${fmt(percentile(all, 0.5), 1)} / ${fmt(percentile(all, 0.99), 1)} | ${client4} / ${server5} | ${placed.length} / ${placed.length - notCompleted} / ${elsewhere} / ${unknown} | ${count('A')} / ${count('B')} / ${badDays} | ${receiptList[0] ?? '-'}..${receiptList.at(-1) ?? '-'} / ${receiptGaps} | ${ledger.keys.size} / ${keyRows.get(id) ?? 0} / ${keysSplit} | ${doubled.get(id) ?? 0} / ${crossing.get(id) ?? 0} | ${peak} (${low}) / ${room} | ${heard.expected} / ${heard.missed} / ${heard.foreign} | ${ledger.bookings} / ${ledger.refusedFull} / ${ledger.billsClosed} |`;
    });
    const others = [...ticketAt.values()].filter((t) => !casts.some((c) => c.id === t.branch)).length;
    return [
      `invariants per branch (${casts.length} branches; kitchen sampled ${kitchen.samples} times):`,
      '',
      "| branch | requests | p50 / p99 ms | 4xx / 5xx+failed | tickets placed / completed / stored at another branch / not placed here | numbers A- / B- / days with a gap or repeat | receipts / gaps | keys / ticket_keys rows / answered with two tickets | tables held twice / rows naming another branch's | kitchen fullest bucket (lowest) / units a bucket | live changes to its screens: expected / missed / heard of another branch's | bookings / refused full / bills closed |",
      '|---|---:|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
      `- tickets at no branch of the group: ${others}`,
      failing.length === 0
        ? `- every invariant held at every branch (${casts.length})`
        : `- invariants broken at ${failing.length} branches: ${failing.join('; ')}`,
    ];
  } finally {
    await client.end();
  }
}
