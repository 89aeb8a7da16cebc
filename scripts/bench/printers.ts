/**
 * Printers that pull their jobs (issue 49): 200 tickets placed by staff (20 at a time, through 4
 * staff accounts) while 4 fake Star CloudPRNT printers poll the server once a second (at once
 * again after a job, as the printers do), each printing a quarter of the menu's categories. Each
 * ticket has two lines of two categories, so it prints at one or two printers. Measured: from a
 * ticket's placing answered to its last copy fetched (target: every ticket within 5 s), and that
 * each job printed once (no ticket twice at a printer, none marked REPRINT). Printed, never asserted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeCloudPrntPrinter } from '../../tests/support/fake-cloudprnt.ts';
import { percentile } from './bills.ts';
import { allDayKitchen, fmt, startApp } from './measure.ts';
import { signIn } from './reservations.ts';

const ADMIN = { email: 'bench-printers@example.com', password: 'bench-printers-password' };
const TICKETS = Number(process.env.BENCH_PRINT_TICKETS ?? 200);
const PRINTERS = 4;
const POLL_MS = 1000;
const AT_ONCE = 20;

export async function benchPrinters(): Promise<{ summary: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-bench-printers-'));
  const app = await startApp({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: '1',
  });
  const printers: FakeCloudPrntPrinter[] = [];
  try {
    const admin = await signIn(app.base, ADMIN.email, ADMIN.password, '10.8.0.1');
    const api = async <T>(method: string, path: string, authorization: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${app.base}${path}`, {
        method,
        headers: { authorization, origin: app.base, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    await api('PATCH', '/api/v1/restaurant', admin, allDayKitchen());
    const dishes = (
      await api<{ data: { _id: string; category: string; options?: unknown[] }[] }>(
        'GET',
        '/api/v1/allProductsData',
        admin,
      )
    ).data.filter((d) => (d.options ?? []).length === 0);
    const categories = [...new Set(dishes.map((d) => d.category))];
    // Printer i prints the categories i, i + 4, i + 8…
    for (let i = 0; i < PRINTERS; i += 1) {
      const made = await api<{ data: { pollUrl: string } }>('POST', '/api/v1/printers', admin, {
        name: `Station ${i + 1}`,
        role: 'kitchen',
        categories: categories.filter((_, c) => c % PRINTERS === i),
        paperWidth: 80,
      });
      printers.push(new FakeCloudPrntPrinter({ urls: [`${app.base}${new URL(made.data.pollUrl).pathname}`] }));
    }
    const staff: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const email = `bench-printer-staff-${i}@example.com`;
      const token = await signIn(app.base, email, `bench-printer-staff-${i}-password`, `10.8.1.${i}`, `Staff ${i}`);
      const users = await api<{ data: { _id: string; email: string }[] }>('GET', '/api/v1/users/users', admin);
      await api('PATCH', `/api/v1/users/users/${users.data.find((u) => u.email === email)?._id}`, admin, {
        role: 'staff',
      });
      staff.push(token);
    }
    for (const printer of printers) printer.start(POLL_MS);

    // Ticket n: a dish of category n and one of category n + 3 (so one or two printers).
    const placed = new Map<string, { at: number; printers: Set<number> }>();
    const byCategory = (c: string) => dishes.find((d) => d.category === c)?._id as string;
    const started = Date.now();
    for (let batch = 0; batch < TICKETS; batch += AT_ONCE) {
      await Promise.all(
        Array.from({ length: Math.min(AT_ONCE, TICKETS - batch) }, async (_, k) => {
          const n = batch + k;
          const first = n % categories.length;
          const second = (n + 3) % categories.length;
          const lines = [first, second].map((c) => ({
            productId: byCategory(categories[c] as string),
            quantity: 1 + (n % 2),
          }));
          const answer = await api<{ data: { number: string } }>(
            'POST',
            '/api/v1/tickets',
            staff[n % staff.length] as string,
            {
              fulfilment: 'pickup',
              when: 'asap',
              lines,
              customer: { name: `Bench ${n}`, phone: '+880 1711-000000' },
              key: `bench-print-${n}-${started}`,
            },
          );
          placed.set(answer.data.number, { at: Date.now(), printers: new Set([first % PRINTERS, second % PRINTERS]) });
        }),
      );
    }
    const placing = Date.now() - started;
    const expected = [...placed.values()].reduce((sum, t) => sum + t.printers.size, 0);
    const copies = () => printers.reduce((sum, p) => sum + p.printed.length, 0);
    const copiesOf = (index: number, number: string) =>
      (printers[index] as FakeCloudPrntPrinter).printed.filter((c) => new RegExp(`${number}(?!\\d)`).test(c.text));
    const allPrinted = () =>
      [...placed].every(([number, ticket]) =>
        [...ticket.printers].every((index) => copiesOf(index, number).length > 0),
      );
    const deadline = Date.now() + 60_000;
    while (!allPrinted() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 2 * POLL_MS)); // a second copy would show up now
    for (const printer of printers) await printer.stop();

    // Per ticket: its copies at each printer; the time to its last one.
    const latencies: number[] = [];
    let twice = 0;
    let missing = 0;
    let reprints = 0;
    for (const [number, ticket] of placed) {
      let last = 0;
      for (const index of ticket.printers) {
        const mine = copiesOf(index, number);
        if (mine.length === 0) missing += 1;
        if (mine.length > 1) twice += 1;
        reprints += mine.filter((c) => c.text.includes('REPRINT')).length;
        for (const copy of mine) last = Math.max(last, copy.at);
      }
      if (last > 0) latencies.push(last - ticket.at);
    }
    if (process.env.BENCH_PRINT_DEBUG)
      for (const [i, p] of printers.entries())
        console.error(
          `printer ${i}: ${p.printed.length} copies, first at ${((p.printed[0]?.at ?? 0) - started) / 1000} s, last at ${((p.printed.at(-1)?.at ?? 0) - started) / 1000} s, polls ${p.polls}`,
        );
    const within = latencies.filter((ms) => ms <= 5000).length;
    const line = `  ${TICKETS} tickets placed in ${fmt(placing / 1000, 1)} s (${AT_ONCE} at a time), ${expected} jobs at ${PRINTERS} printers polling every ${POLL_MS / 1000} s (${copies()} CloudPRNT jobs fetched: waiting tickets go out together): ${missing} missing, ${twice} printed twice, ${reprints} REPRINT`;
    const times = `  placed → last copy printed: p50 ${fmt(percentile(latencies, 50) / 1000, 2)} s, p95 ${fmt(percentile(latencies, 95) / 1000, 2)} s, max ${fmt(Math.max(...latencies) / 1000, 2)} s; ${within} of ${placed.size} tickets within 5 s (target: all)`;
    console.error(line);
    console.error(times);
    return {
      summary: [
        'Printers (issue 49): 200 tickets, 4 CloudPRNT printers, each job printed once within 5 s',
        line,
        times,
      ],
    };
  } finally {
    for (const printer of printers) await printer.stop();
    await app.stop();
    if (!process.env.BENCH_PRINT_DEBUG) rmSync(dataDir, { recursive: true, force: true });
    else console.error(`kept ${dataDir}`);
  }
}
