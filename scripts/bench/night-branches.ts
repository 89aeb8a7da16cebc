/**
 * The night bench at a group of branches (issue 57, docs/reference/branches.md "Scale and
 * isolation"; `BENCH_NIGHT_BRANCHES`, 1 by default: the one-branch night, nothing of this
 * file used). With n branches the owner opens n − 1 more through the API before the evening
 * (POST /api/v1/branches, each given the first branch's evening settings by
 * PATCH /api/v1/restaurant?branch=, its own copy of the first's tables by the tables API at the
 * branch, its staff held there by PATCH /api/v1/users/users/{id}), and the night's whole load is
 * spread over them: each branch runs the evening of night-evening.ts at scale ÷ n with its own
 * guests, browsers, staff screens, ledger and figures, every device naming its branch in each
 * call and stream (`?branch=`; a browsing guest by the `branch` cookie), its schedules shifted
 * so that together they send at one branch's even pace. Each branch keeps at least one kitchen
 * board, one host book and one Floor, so the staff screens are more than one branch's (30 at
 * scale 1 and 10 branches) and each change is heard by fewer screens.
 */
import type { FakeStripe } from '../../tests/support/fake-stripe.ts';
import { runEvening } from './night-evening.ts';
import { Device, Stats } from './night-kit.ts';
import { type Ledger, newLedger, openScreens } from './night-ledger.ts';
import { loopback } from './night-process.ts';
import { type Cast, type Stage, openTheFirstBranch } from './night-setup.ts';
import { signInGuest, signUp } from './night-accounts.ts';

/** BENCH_NIGHT_BRANCHES: how many branches the night is spread over (1, the default, to 100). */
export function branchesAsked(): number {
  const raw = process.env.BENCH_NIGHT_BRANCHES;
  const count = raw === undefined || raw === '' ? 1 : Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 100)
    throw new Error('BENCH_NIGHT_BRANCHES must be a whole number from 1 to 100');
  return count;
}

/** One branch's part of the night: its cast (every device at the branch), its own figures and ledger. */
export interface BranchCast extends Cast {
  id: string;
  slug: string;
  stats: Stats;
  ledger: Ledger;
}

type Body = { data?: unknown } & Record<string, unknown>;
const must = (what: string, answer: { status: number; body: Body }, status = 200) => {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
};

/** The first branch as the evening left it, `count` − 1 more opened through the API, and each branch's people. */
export async function castTheBranches(stage: Stage, stats: Stats, scale: number, count: number): Promise<BranchCast[]> {
  const first = await openTheFirstBranch(stage, stats);
  const { admin, settings, zone } = first;
  const listed = must('branches', await admin.send(undefined, 'GET', '/api/v1/branches')) as {
    _id: string;
    slug: string;
  }[];
  const branches = [{ id: (listed[0] as { _id: string })._id, slug: (listed[0] as { slug: string }).slug }];
  const kitchenOf = async (slug: string) =>
    JSON.stringify(
      (
        must('settings', await admin.send(undefined, 'GET', `/api/v1/restaurant?branch=${slug}`)) as {
          kitchen: unknown;
        }
      ).kitchen,
    );
  const firstKitchen = await kitchenOf(branches[0]?.slug as string);
  const firstTables = must(
    'tables',
    await admin.send(undefined, 'GET', `/api/v1/tables?branch=${branches[0]?.slug}`),
  ) as { name: string; minCovers: number; maxCovers: number }[];
  for (let n = 2; n <= count; n += 1) {
    const slug = `night-${n}`;
    const made = must(
      `branch ${slug}`,
      await admin.send(undefined, 'POST', '/api/v1/branches', {
        slug,
        name: `Night ${n}`,
        address: `${n} Night Road`,
        phone: `+880 1711-${String(n).padStart(6, '0')}`,
        timeZone: zone,
      }),
      201,
    ) as { _id: string };
    must(`settings at ${slug}`, await admin.send(undefined, 'PATCH', `/api/v1/restaurant?branch=${slug}`, settings));
    if ((await kitchenOf(slug)) !== firstKitchen) throw new Error(`${slug}'s kitchen is not the first branch's`);
    for (const { name, minCovers, maxCovers } of firstTables)
      must(
        `table ${name} at ${slug}`,
        await admin.send(undefined, 'POST', `/api/v1/tables?branch=${slug}`, { name, minCovers, maxCovers }),
        201,
      );
    branches.push({ id: made._id, slug });
  }

  // The people: one branch's counts (night-setup.ts) shared out, each branch at least one of each screen.
  const per = Math.max(1, Math.round(scale));
  const share = (total: number, least = 1) => Math.max(least, Math.round(total / count));
  const staffEach = { kitchen: share(4 * per), hosts: share(2 * per), floor: share(4 * per) };
  const guestsEach = share(Math.max(5, Math.round(50 * scale)), 3);
  const browsersEach = share(Math.max(10, Math.round(100 * scale)));
  const stamp = Date.now().toString(36);
  const numbers = { staff: 0, guest: 0, browser: 0 };
  const casts: BranchCast[] = [];
  for (const branch of branches) {
    const own = new Stats();
    const device = (group: number, n: number) => {
      const made = new Device(loopback(group, n), stage.bases, own, n);
      made.branch = branch.slug;
      return made;
    };
    const staff = async (length: number) => {
      const devices: Device[] = [];
      for (let i = 0; i < length; i += 1) {
        const n = numbers.staff++;
        const email = `night-staff-${stamp}-${n}@example.com`;
        const d = device(11, n);
        const id = await signUp(d, email, `Staff ${n}`);
        must(
          `staff ${n} held at ${branch.slug}`,
          await admin.send(undefined, 'PATCH', `/api/v1/users/users/${id}`, { role: 'staff', branches: [branch.id] }),
        );
        // A fresh token carries the new role.
        await signInGuest(d, email);
        devices.push(d);
      }
      return devices;
    };
    const guests: Cast['guests'] = [];
    for (let i = 0; i < guestsEach; i += 1) {
      const n = numbers.guest++;
      const d = device(12, n);
      const email = `night-guest-${stamp}-${n}@example.com`;
      await signUp(d, email, `Guest ${n}`);
      guests.push({ device: d, email });
    }
    casts.push({
      admin,
      zone,
      dishes: first.dishes,
      ...branch,
      tables: must(
        'tables',
        await admin.send(undefined, 'GET', `/api/v1/tables?branch=${branch.slug}`),
      ) as Cast['tables'],
      kitchen: await staff(staffEach.kitchen),
      hosts: await staff(staffEach.hosts),
      floor: await staff(staffEach.floor),
      guests,
      // Guests browsing carry the branch they chose as its cookie: a page opened with `?branch=`
      // sets that cookie in its answer, and an answer that sets a cookie is never replayed.
      browsers: Array.from({ length: browsersEach }, () => {
        const browser = device(13, numbers.browser++);
        browser.branchCookie = true;
        return browser;
      }),
      stats: own,
      ledger: newLedger(),
    });
  }
  return casts;
}

/** Each branch's live screens opened at their branch. */
export async function openBranchScreens(casts: BranchCast[], signal: AbortSignal, bases: string[]): Promise<void> {
  for (const cast of casts) await openScreens(cast, cast.ledger, signal, bases);
}

/** Every branch's evening at once, each at scale ÷ branches, with one progress line for all every 15 s. */
export function runBranchEvenings(
  casts: BranchCast[],
  stripe: FakeStripe,
  scale: number,
  seconds: number,
  hooks: string[],
): Promise<unknown> {
  const progress = setInterval(() => {
    const sum = (of: (cast: BranchCast) => number) => casts.reduce((total, cast) => total + of(cast), 0);
    const requests = sum((c) => [...c.stats.ms.values()].reduce((n, list) => n + list.length, 0));
    console.error(
      `night: ${casts.length} branches, ${requests} requests, ${sum((c) => c.ledger.tickets.size)} tickets placed, ${sum((c) => c.ledger.completed.size)} completed, ${sum((c) => c.ledger.bookings)} bookings, ${sum((c) => c.ledger.billsClosed)} bills closed`,
    );
  }, 15_000);
  return Promise.all(
    // Each branch's schedules shifted by its share of their intervals: together they send at the
    // one branch's even pace, not ten requests at each tick.
    casts.map((cast, b) =>
      runEvening(cast, stripe, cast.ledger, cast.stats, scale / casts.length, seconds, hooks, {
        tag: `${cast.slug}-`,
        phase: b / casts.length,
        progress: false,
      }),
    ),
  ).finally(() => clearInterval(progress));
}

/** The figures of every branch as one (the class table, errors and CPU per request as one branch prints them). */
export function mergeStats(all: Stats[]): Stats {
  const merged = new Stats();
  for (const stats of all) {
    merged.errors += stats.errors;
    for (const [name, list] of stats.ms) merged.ms.set(name, [...(merged.ms.get(name) ?? []), ...list]);
    for (const [name, byStatus] of stats.statuses) {
      const into = merged.statuses.get(name) ?? new Map<number, number>();
      for (const [s, c] of byStatus) into.set(s, (into.get(s) ?? 0) + c);
      merged.statuses.set(name, into);
    }
    for (const [name, byMessage] of stats.refusals) {
      const into = merged.refusals.get(name) ?? new Map<string, number>();
      for (const [m, c] of byMessage) into.set(m, (into.get(m) ?? 0) + c);
      merged.refusals.set(name, into);
    }
  }
  return merged;
}

/** Every branch's ledger as one (their ids are the database's, unique across branches); each screen numbered apart. */
export function mergeLedgers(casts: BranchCast[]): Ledger {
  const merged = newLedger();
  for (const [b, { ledger }] of casts.entries()) {
    for (const [id, owner] of ledger.tickets) merged.tickets.set(id, owner);
    for (const [key, ids] of ledger.keys) merged.keys.set(key, ids);
    for (const id of ledger.completed) merged.completed.add(id);
    for (const id of ledger.reservations) merged.reservations.add(id);
    for (const [key, at] of ledger.sent) merged.sent.set(key, at);
    for (const [key, screens] of ledger.expected) merged.expected.set(key, screens);
    for (const h of ledger.heard) merged.heard.push({ ...h, screen: b * 100_000 + h.screen });
    merged.bookings += ledger.bookings;
    merged.refusedFull += ledger.refusedFull;
    merged.billsClosed += ledger.billsClosed;
  }
  return merged;
}
