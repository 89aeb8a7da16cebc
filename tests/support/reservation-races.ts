import type { Reservation } from '../../src/shared/contract/reservations.ts';

/**
 * The four reservation races of issue 40, run over real HTTP against one or several running
 * servers (requests go to the servers in turn): 20 concurrent requests a round, then the
 * answers, the reservation as the staff's book shows it and its table holds as the database
 * holds them are checked. A round is "wrong" when more than one change won where one must, a
 * request answered anything but 200 or 409, the row's status times disagree with its status,
 * or its holds do not follow its status (active exactly while it is booked or seated, at its
 * own time).
 */

export interface Hold {
  tableId: number;
  startsAt: string;
  endsAt: string;
  active: boolean;
}

export interface RaceWorld {
  /** Base URLs of the running servers, e.g. http://127.0.0.1:41234. */
  servers: string[];
  staffToken: string;
  guestToken: string;
  /** The holds of a reservation, straight from the database. */
  holdsOf(reservationId: string): Promise<Hold[]>;
  /** The date of round `round` (each round books a day of its own). */
  dateFor(round: number): string;
}

export type RaceName = 'status changes' | 'guest cancel vs host seat' | 'one cancel vs seats' | 'move vs cancel';
export const RACES: readonly RaceName[] = [
  'status changes',
  'guest cancel vs host seat',
  'one cancel vs seats',
  'move vs cancel',
];

export interface RoundResult {
  race: RaceName;
  round: number;
  statuses: number[];
  /** Why the round is wrong; empty when it is right. */
  faults: string[];
}

interface Answer {
  status: number;
  body: { message?: string; data?: Reservation };
}

const REQUESTS = 20;

async function call(base: string, token: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      origin: base,
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Answer['body'] = {};
  try {
    parsed = JSON.parse(text) as Answer['body'];
  } catch {
    parsed = { message: text };
  }
  return { status: res.status, body: parsed };
}

const same = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

/** What must hold of any reservation at rest: its status times and its holds follow its status. */
export function faultsOf(reservation: Reservation, holds: Hold[]): string[] {
  const faults: string[] = [];
  const { status } = reservation;
  const times = {
    seatedAt: reservation.seatedAt,
    cancelledAt: reservation.cancelledAt,
    noShowAt: reservation.noShowAt,
  };
  const expected = {
    seatedAt: status === 'seated' || status === 'completed',
    cancelledAt: status === 'cancelled',
    noShowAt: status === 'no_show',
  };
  for (const [key, want] of Object.entries(expected)) {
    const has = times[key as keyof typeof times] !== null;
    if (has !== want) faults.push(`${status} with ${key} ${has ? 'set' : 'unset'}`);
  }
  if (status === 'booked' || status === 'seated') {
    if (holds.length === 0) faults.push(`${status} without any table hold`);
    if (holds.some((h) => !h.active)) faults.push(`${status} with a released table hold`);
    if (holds.some((h) => !same(h.startsAt, reservation.startsAt) || !same(h.endsAt, reservation.endsAt)))
      faults.push(`${status} with a hold at another time than its own`);
  } else if (status === 'cancelled' || status === 'no_show') {
    if (holds.some((h) => h.active)) faults.push(`${status} still holding a table`);
  }
  return faults;
}

export function createRaces(world: RaceWorld) {
  const server = (i: number) => world.servers[i % world.servers.length] as string;
  const staff = (i: number, method: string, path: string, body?: unknown) =>
    call(server(i), world.staffToken, method, path, body);
  const guest = (i: number, method: string, path: string, body?: unknown) =>
    call(server(i), world.guestToken, method, path, body);
  const booking = (date: string, time: string, name: string) => ({
    date,
    time,
    partySize: 2,
    name,
    phone: '+880 1711-000000',
  });

  async function phoneBooking(date: string, time: string, name: string): Promise<Reservation> {
    const res = await staff(0, 'POST', '/api/v1/reservations', { ...booking(date, time, name), source: 'phone' });
    if (res.status !== 201 || !res.body.data)
      throw new Error(`phone booking: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  async function reread(date: string, id: string): Promise<Reservation> {
    const res = await staff(0, 'GET', `/api/v1/reservations?date=${date}`);
    const found = (res.body.data as unknown as Reservation[] | undefined)?.find((r) => r._id === id);
    if (!found) throw new Error(`reservation ${id} is not in the book of ${date}`);
    return found;
  }

  /** Fires the requests at once and checks the reservation after them. */
  async function settle(
    race: RaceName,
    round: number,
    date: string,
    id: string,
    requests: (() => Promise<Answer>)[] | (() => Promise<Answer[]>),
    oneWinner: boolean,
  ): Promise<RoundResult & { reservation: Reservation; answers: Answer[] }> {
    const answers = Array.isArray(requests)
      ? await Promise.all(requests.map((request) => request()))
      : await requests();
    const statuses = answers.map((a) => a.status);
    const faults: string[] = [];
    const odd = statuses.filter((s) => s !== 200 && s !== 409);
    if (odd.length > 0) faults.push(`answers other than 200/409: ${odd.join(', ')}`);
    const wins = statuses.filter((s) => s === 200).length;
    if (oneWinner && wins !== 1) faults.push(`${wins} of ${answers.length} changes won`);
    const losers = answers.filter((a) => a.status === 409);
    if (losers.some((a) => !a.body.message)) faults.push('a 409 without a message');
    const reservation = await reread(date, id);
    if (oneWinner && wins === 1) {
      const winner = answers.find((a) => a.status === 200)?.body.data;
      if (winner?.status !== reservation.status)
        faults.push(`the winner answered ${winner?.status}, the row is ${reservation.status}`);
    }
    faults.push(...faultsOf(reservation, await world.holdsOf(id)));
    return { race, round, statuses, faults, reservation, answers };
  }

  const runs: Record<RaceName, (round: number) => Promise<RoundResult>> = {
    /** 20 concurrent status changes of one booking: exactly one wins. */
    async 'status changes'(round) {
      const date = world.dateFor(round);
      const r = await phoneBooking(date, '19:00', `Status race ${round}`);
      const targets = ['seated', 'cancelled', 'no_show'] as const;
      const requests = Array.from(
        { length: REQUESTS },
        (_, i) => () =>
          staff(i, 'POST', `/api/v1/reservations/${r._id}/status`, { status: targets[i % targets.length] }),
      );
      return settle('status changes', round, date, r._id, requests, true);
    },

    /** The guest cancels while the host seats: one of them, never both. */
    async 'guest cancel vs host seat'(round) {
      const date = world.dateFor(round);
      const created = await guest(0, 'POST', '/api/v1/reservations', booking(date, '19:30', `Guest race ${round}`));
      if (created.status !== 201 || !created.body.data)
        throw new Error(`guest booking: ${created.status} ${JSON.stringify(created.body)}`);
      const id = created.body.data._id;
      const requests = Array.from({ length: REQUESTS }, (_, i) =>
        i % 2 === 0
          ? () => guest(i, 'POST', `/api/v1/reservations/${id}/cancel`)
          : () => staff(i, 'POST', `/api/v1/reservations/${id}/status`, { status: 'seated' }),
      );
      return settle('guest cancel vs host seat', round, date, id, requests, true);
    },

    /** One cancel among 19 seats; then a phone booking for the same time must not get a seated party's table. */
    async 'one cancel vs seats'(round) {
      const date = world.dateFor(round);
      const r = await phoneBooking(date, '20:00', `Seat race ${round}`);
      const requests = Array.from({ length: REQUESTS }, (_, i) =>
        i === REQUESTS / 2
          ? () => staff(i, 'POST', `/api/v1/reservations/${r._id}/cancel`)
          : () => staff(i, 'POST', `/api/v1/reservations/${r._id}/status`, { status: 'seated' }),
      );
      const result = await settle('one cancel vs seats', round, date, r._id, requests, true);
      const after = await phoneBooking(date, '20:00', `Meanwhile ${round}`);
      if (result.reservation.status === 'seated') {
        const taken = new Set(result.reservation.tables.map((t) => t._id));
        if (after.tables.some((t) => taken.has(t._id)))
          result.faults.push("a phone booking got the seated party's table");
      }
      return result;
    },

    /** Moves (PATCH {time}) racing cancels: the cancel wins once, and the cancelled booking holds nothing. */
    async 'move vs cancel'(round) {
      const date = world.dateFor(round);
      const r = await phoneBooking(date, '12:00', `Move race ${round}`);
      // 15 moves to 21:00 or 21:30; once the first has answered (the others still running), 5 cancels.
      const MOVES = 15;
      const fire = async () => {
        const moves = Array.from({ length: MOVES }, (_, i) =>
          staff(i, 'PATCH', `/api/v1/reservations/${r._id}`, { time: i % 2 === 0 ? '21:00' : '21:30' }),
        );
        await Promise.race(moves);
        const cancels = Array.from({ length: REQUESTS - MOVES }, (_, i) =>
          staff(i + 1, 'POST', `/api/v1/reservations/${r._id}/cancel`),
        );
        return [...(await Promise.all(moves)), ...(await Promise.all(cancels))];
      };
      const cancelling = (i: number) => i >= MOVES;
      const result = await settle('move vs cancel', round, date, r._id, fire, false);
      const cancelWins = result.answers.filter((a, i) => cancelling(i) && a.status === 200).length;
      if (cancelWins !== 1) result.faults.push(`${cancelWins} cancels won`);
      if (result.reservation.status !== 'cancelled') result.faults.push(`ended ${result.reservation.status}`);
      const moves = result.answers.filter((_, i) => !cancelling(i));
      if (moves.some((a) => a.status === 200 && a.body.data?.status !== 'booked'))
        result.faults.push('a move answered a booking that is not booked');
      return result;
    },
  };

  return {
    /** Runs `rounds` rounds of each race, one after the other; returns every round's result. */
    async run(rounds: number, firstRound = 0): Promise<RoundResult[]> {
      const results: RoundResult[] = [];
      for (const race of RACES) {
        for (let round = firstRound; round < firstRound + rounds; round += 1) {
          const { statuses, faults } = await runs[race](round);
          results.push({ race, round, statuses, faults });
        }
      }
      return results;
    },
  };
}

/** One line per race: rounds tried, rounds wrong, and the first fault. */
export function summary(label: string, results: RoundResult[]): string {
  return RACES.map((race) => {
    const rounds = results.filter((r) => r.race === race);
    const wrong = rounds.filter((r) => r.faults.length > 0);
    const wins = rounds.map((r) => r.statuses.filter((s) => s === 200).length).join('/');
    return `${label} ${race}: ${rounds.length} rounds of ${REQUESTS}, ${wrong.length} wrong (200s per round ${wins})${wrong[0] ? `; e.g. ${wrong[0].faults.join('; ')}` : ''}`;
  }).join('\n');
}
