import { type Answer, type Device, hhmm, localDate, localMinutes, paced, sleep } from './night-kit.ts';
import type { Cast } from './night-setup.ts';
import type { Ledger } from './night-ledger.ts';

/* The guests of the evening (night-evening.ts): browsing with typos, and bookings made, changed and cancelled. */
export const TYPOS = [
  'burgr',
  'pizzas',
  'tiramisu',
  'chiken',
  'sallad',
  'tamale',
  'pastas',
  'soup',
  'mexican',
  'extra cheese',
  'jalapeno',
  'vegan',
];
export const pick = <T>(list: T[], i: number) => list[((i % list.length) + list.length) % list.length] as T;
export const rand = (low: number, high: number) => low + Math.random() * (high - low);
/** A guest browsing: lists, a dish, a search with typos, a server-rendered page. */
export async function browse(cast: Cast, i: number): Promise<void> {
  const device = pick(cast.browsers, i);
  const dish = pick(cast.dishes, i * 13)._id;
  const kind = i % 20;
  if (kind < 7)
    await device.send(
      'menu read',
      'GET',
      pick(
        [
          '/api/v1/allProductsData',
          '/api/v1/categorys',
          '/api/v1/allProductsData/populler',
          `/api/v1/allProductsData/${dish}`,
        ],
        i,
      ),
    );
  else if (kind < 11) await device.send('menu read', 'GET', `/api/v1/allProductsData/${dish}`);
  else if (kind < 15)
    await device.send(
      'search',
      'GET',
      `/api/v1/allProductsData/searchData?searchText=${encodeURIComponent(pick(TYPOS, i))}`,
    );
  else if (kind < 16)
    await device.send(
      'availability',
      'GET',
      `/api/v1/reservations/availability?date=${localDate(cast.zone, 0)}&partySize=${2 + (i % 5)}`,
    );
  else
    await device.send(
      'server-rendered page',
      'GET',
      pick(['/', '/products', `/products/${dish}`, '/about', '/reservations/new'], i),
      undefined,
      { accept: 'text/html' },
    );
}

export type Change = (
  device: Device,
  name: string,
  method: string,
  path: string,
  body: unknown,
  key: string,
  screens: number,
) => Promise<Answer>;

/** Bookings for tonight and tomorrow (some racing for one slot), cancels, moves, seatings with completions, walk-ins. */
export async function reservations(
  cast: Cast,
  ledger: Ledger,
  scale: number,
  seconds: number,
  stop: () => boolean,
  change: Change,
  staffScreens: number,
  phase = 0,
): Promise<void> {
  const tonight: { id: string; g: number }[] = [];
  const all: { id: string; g: number; date: string }[] = [];
  const earliest = Math.ceil((localMinutes(cast.zone) + 45) / 15) * 15;
  const book = async (i: number) => {
    const g = (i * 7) % cast.guests.length;
    const device = (cast.guests[g] as Cast['guests'][number]).device;
    const tonightSlot = i % 5 < 3 && earliest < 23 * 60;
    const date = localDate(cast.zone, tonightSlot ? 0 : 1);
    const time = hhmm(
      tonightSlot ? earliest + ((i * 15) % Math.max(15, 23 * 60 - earliest)) : 12 * 60 + ((i * 15) % (10 * 60)),
    );
    const partySize = 2 + (i % 7);
    await device.send('availability', 'GET', `/api/v1/reservations/availability?date=${date}&partySize=${partySize}`);
    const racers = i % 10 === 0 ? [g, (g + 1) % cast.guests.length, (g + 2) % cast.guests.length] : [g];
    await Promise.all(
      racers.map(async (r) => {
        const answer = await (cast.guests[r] as Cast['guests'][number]).device.send(
          'booking write',
          'POST',
          '/api/v1/reservations',
          { date, time, partySize, name: `Guest ${r}`, phone: '+880 1700-000002' },
        );
        const id = (answer.body.data as { _id?: string } | undefined)?._id;
        if (answer.status === 201 && id) {
          ledger.bookings += 1;
          ledger.reservations.add(id);
          all.push({ id, g: r, date });
          if (tonightSlot) tonight.push({ id, g: r });
        } else if (answer.status === 409) ledger.refusedFull += 1;
      }),
    );
  };
  const guestOf = (g: number) => (cast.guests[g] as Cast['guests'][number]).device;
  const cancel = async (i: number) => {
    const booking = all.splice(Math.floor(all.length / 2), 1)[0];
    if (booking)
      await change(
        guestOf(booking.g),
        'booking write',
        'POST',
        `/api/v1/reservations/${booking.id}/cancel`,
        {},
        `r:${booking.id}:cancelled`,
        staffScreens,
      );
    void i;
  };
  const move = async (i: number) => {
    const booking = all[all.length - 1 - i];
    if (booking)
      await guestOf(booking.g).send('booking write', 'PATCH', `/api/v1/reservations/${booking.id}`, {
        time: hhmm(13 * 60 + ((i * 30) % 480)),
        date: localDate(cast.zone, 1),
      });
  };
  const seat = async (i: number) => {
    const booking = tonight.shift();
    if (!booking) return;
    const host = pick(cast.hosts, i);
    const seated = await change(
      host,
      'booking write',
      'POST',
      `/api/v1/reservations/${booking.id}/status`,
      { status: 'seated' },
      `r:${booking.id}:seated`,
      staffScreens,
    );
    if (seated.status !== 200) return;
    await sleep(rand(5000, 20_000));
    await change(
      host,
      'booking write',
      'POST',
      `/api/v1/reservations/${booking.id}/status`,
      { status: 'completed' },
      `r:${booking.id}:completed`,
      staffScreens,
    );
  };
  const walkIn = async (i: number) => {
    const host = pick(cast.hosts, i);
    const answer = await host.send('booking write', 'POST', '/api/v1/reservations', {
      partySize: 2 + (i % 3),
      name: `Walk-in ${i}`,
      source: 'walk_in',
    });
    const id = (answer.body.data as { _id?: string } | undefined)?._id;
    if (answer.status === 201 && id) {
      ledger.reservations.add(id);
      tonight.push({ id, g: 0 });
    }
  };
  await Promise.all([
    paced(Math.round(300 * scale), seconds * 0.8, book, stop, phase),
    (async () => {
      await sleep(seconds * 200);
      await Promise.all([
        paced(Math.round(30 * scale), seconds * 0.7, cancel, stop, phase),
        paced(Math.round(20 * scale), seconds * 0.7, move, stop, phase),
        paced(Math.round(40 * scale), seconds * 0.7, seat, stop, phase),
        paced(Math.round(20 * scale), seconds * 0.7, walkIn, stop, phase),
      ]);
    })(),
  ]);
}
