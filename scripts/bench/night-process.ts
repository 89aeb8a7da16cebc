import { readFileSync, readdirSync } from 'node:fs';

/* What the night bench reads of the processes it runs: CPU and memory, with their children. */
/** The nth loopback address of a group (127.<group>.x.y), never .0 or .255. */
export const loopback = (group: number, n: number) => `127.${group}.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/** CPU seconds (user + system, with waited-for children) and current proportional memory (Pss, kB) of a process. */
export function processFigures(pid: number): { cpu: number; pssKb: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpu = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const pss = /^Pss:\s+(\d+)/m.exec(rollup);
    return { cpu, pssKb: pss ? Number(pss[1]) : 0 };
  } catch {
    return { cpu: 0, pssKb: 0 };
  }
}

export function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push(Number(entry));
    } catch {
      // gone
    }
  }
  return found;
}

/**
 * A process (or, `withChildren`, a process and its children: PostgreSQL's postmaster and its
 * backends) sampled every second: CPU seconds used since the start and the peak of the summed
 * proportional set size (shared memory counted once across the processes).
 */
export class ProcessWatch {
  private readonly startCpu: number;
  private readonly seen = new Map<number, number>();
  peakKb = 0;
  private readonly timer: NodeJS.Timeout;
  constructor(
    readonly name: string,
    private readonly pid: number,
    private readonly withChildren = false,
  ) {
    this.startCpu = this.sample();
    this.timer = setInterval(() => this.sample(), 1000);
  }
  private sample(): number {
    const pids = [this.pid, ...(this.withChildren ? childrenOf(this.pid) : [])];
    let cpu = 0;
    let pss = 0;
    for (const pid of pids) {
      const figures = processFigures(pid);
      // A backend that ended is in the postmaster's waited-for children; one alive is counted itself.
      if (pid !== this.pid) this.seen.set(pid, figures.cpu);
      cpu += figures.cpu;
      pss += figures.pssKb;
    }
    this.peakKb = Math.max(this.peakKb, pss);
    return cpu;
  }
  /** CPU seconds since the watch began. */
  stop(): number {
    clearInterval(this.timer);
    return this.sample() - this.startCpu;
  }
}
