/**
 * The night bench's evening (night.ts): every actor of a restaurant's night at once, each
 * paced over the run (open loop: a slow answer does not slow the next guest down), scaled by
 * `scale`. What it placed and sent is kept for the invariants checked afterwards.
 */
import type Stripe from 'stripe';
import type { FakeStripe } from '../../tests/support/fake-stripe.ts';
import { type Answer, type Device, type Stats, paced, sleep } from './night-kit.ts';
import type { Cast } from './night-setup.ts';
import { pick, rand, browse, reservations } from './night-guests.ts';
import type { Ledger } from './night-ledger.ts';

export function runEvening(
  cast: Cast,
  stripe: FakeStripe,
  ledger: Ledger,
  stats: Stats,
  scale: number,
  seconds: number,
  hooks: string[],
  /**
   * One branch's evening among several: `tag` put in every key it sends (unique across them),
   * `phase` its schedules' shift (night-kit.ts `paced`), `progress` false: no lines of its own.
   */
  { tag = '', phase = 0, progress = true }: { tag?: string; phase?: number; progress?: boolean } = {},
): Promise<unknown> {
  const staffScreens = cast.kitchen.length + cast.hosts.length + cast.floor.length;
  let ended = false;
  const stop = () => ended;
  setTimeout(() => (ended = true), seconds * 1000 + 60_000);
  const kitchenWork: Promise<void>[] = [];
  const done = new Map<string, Promise<void>>();
  let turn = 0;

  const change = async (
    device: Device,
    name: string,
    method: string,
    path: string,
    body: unknown,
    key: string,
    screens: number,
  ): Promise<Answer> => {
    ledger.sent.set(key, performance.now());
    const answer = await device.send(name, method, path, body);
    if (answer.status >= 200 && answer.status < 300) ledger.expected.set(key, screens);
    return answer;
  };
  /** The kitchen moves a received ticket on: start, ready, complete, a few seconds apart. */
  const cook = (id: string) => {
    const owner = ledger.tickets.get(id) ?? -1;
    const screens = staffScreens + (owner >= 0 ? 1 : 0);
    const work = (async () => {
      for (const status of ['preparing', 'ready', 'completed']) {
        await sleep(rand(1000, status === 'ready' ? 12_000 : 6000));
        const answer = await change(
          pick(cast.kitchen, turn++),
          'kitchen transition',
          'POST',
          `/api/v1/kitchen/tickets/${id}/status`,
          { status },
          `t:${id}:${status}`,
          screens,
        );
        if (answer.status !== 200) return;
      }
      ledger.completed.add(id);
    })();
    done.set(id, work);
    kitchenWork.push(work);
  };
  const placed = (answer: Answer, owner: number): string | undefined => {
    const ticket = answer.body.data as { _id?: string; status?: string } | undefined;
    if (answer.status !== 201 || !ticket?._id) return undefined;
    ledger.tickets.set(ticket._id, owner);
    return ticket._id;
  };
  /** Pays a provider's page at the fake Stripe and delivers its events to a server, as Stripe does. */
  const payOnline = async (redirectUrl: string | undefined, ticketId?: string, owner = -1) => {
    const session = String(redirectUrl).split('/').pop() as string;
    const events = stripe.pay(session) as Stripe.Event[];
    if (ticketId) ledger.sent.set(`t:${ticketId}:received`, performance.now());
    for (const event of events) {
      const started = performance.now();
      const res = await stripe.deliver(pick(hooks, turn++), event);
      await res.arrayBuffer();
      record('webhook (Stripe)', performance.now() - started, res.status);
    }
    if (ticketId) ledger.expected.set(`t:${ticketId}:received`, staffScreens + (owner >= 0 ? 1 : 0));
  };
  const record = (name: string, ms: number, status: number) => stats.record(name, ms, status);

  const tickets = Math.round(2000 * scale);
  const checkouts = Math.round(tickets * 0.55);
  const visits = Math.round(100 * scale);
  const rounds = visits * 3;
  const phoneOrders = tickets - checkouts - rounds;

  const guestCheckout = async (i: number) => {
    const g = i % cast.guests.length;
    const { device, email } = cast.guests[g] as Cast['guests'][number];
    const ids: string[] = [];
    for (let n = 0; n < 1 + (i % 3); n += 1) {
      const line = await device.send('bag (add a line)', 'PATCH', `/api/v1/users?email=${encodeURIComponent(email)}`, {
        orderId: pick(cast.dishes, i * 7 + n)._id,
        orderQuantity: 1 + (n % 2),
        userGmail: email,
      });
      const id = (line.body.data as { _id?: string } | undefined)?._id;
      if (id) ids.push(id);
    }
    if (ids.length === 0) return;
    const fulfilment = pick(['pickup', 'delivery', 'dine_in'] as const, i);
    await device.send('quote', 'GET', `/api/v1/checkout/quote?fulfilment=${fulfilment}&orderIds=${ids.join(',')}`);
    const online = i % 2 === 1;
    const answer = await device.send('checkout', 'POST', '/api/v1/checkout', {
      orderIds: ids,
      fulfilment,
      when: 'asap',
      ...(fulfilment === 'delivery'
        ? { address: { line1: `${i} Night Street`, area: 'Old Town', phone: '+880 1700-000000' } }
        : {}),
      ...(fulfilment === 'dine_in' ? { tableId: pick(cast.tables, 20 + (i % 10))._id } : {}),
      pay: online ? { provider: 'stripe' } : { Method: 'cash' },
    });
    const id = placed(answer, g);
    if (!id) return;
    if (online) await payOnline(answer.body.payment?.redirectUrl, id, g);
    else ledger.sent.set(`t:${id}:received`, performance.now());
    ledger.expected.set(`t:${id}:received`, staffScreens + 1);
    cook(id);
  };

  const staffOrder = async (i: number, body: Record<string, unknown>): Promise<string | undefined> => {
    const device = pick(cast.floor, i);
    const key = `night-${tag}${i}-${Math.random().toString(36).slice(2, 10)}`;
    if (i % 2 === 0)
      await device.send('quote', 'POST', '/api/v1/tickets/quote', { fulfilment: body.fulfilment, lines: body.lines });
    const full = { when: 'asap', ...body, key };
    const twice = i % 10 === 3;
    const send = () => device.send('staff order', 'POST', '/api/v1/tickets', full);
    const answers = twice && i % 20 === 3 ? await Promise.all([send(), send()]) : [await send()];
    if (twice && answers.length === 1) answers.push(await send());
    const ids = answers.map((a) => (a.body.data as { _id?: string } | undefined)?._id ?? '');
    ledger.keys.set(key, ids);
    const id = answers.map((a) => placed(a, -1)).find(Boolean);
    if (!id) return undefined;
    ledger.expected.set(`t:${id}:received`, staffScreens);
    if (!done.has(id)) cook(id);
    return id;
  };
  const lines = (i: number) =>
    Array.from({ length: 1 + (i % 4) }, (_, n) => ({
      productId: pick(cast.dishes, i * 3 + n)._id,
      quantity: 1 + (n % 2),
    }));
  const phoneOrder = (i: number) =>
    staffOrder(10_000 + i, {
      fulfilment: i % 3 === 0 ? 'delivery' : 'pickup',
      lines: lines(i),
      customer: { name: `Caller ${i}`, phone: '+880 1700-000001' },
      ...(i % 3 === 0 ? { address: { line1: `${i} Phone Road`, area: 'New Town', phone: '+880 1700-000001' } } : {}),
    }).then(() => undefined);

  const busy = new Set<number>();
  const tableVisit = async (v: number) => {
    let t = v % 20;
    while (busy.has(t)) {
      if (busy.size >= 20) await sleep(500);
      t = (t + 1) % 20;
    }
    busy.add(t);
    try {
      const table = pick(cast.tables, t);
      const ids: string[] = [];
      for (let r = 0; r < 3; r += 1) {
        const id = await staffOrder(v * 3 + r, {
          fulfilment: 'dine_in',
          tableId: table._id,
          lines: lines(v + r),
          customer: {},
        });
        if (id) ids.push(id);
        await sleep(rand(2000, 8000));
      }
      await Promise.all(ids.map((id) => done.get(id)));
      const device = pick(cast.floor, v);
      const ticket = await device.send(undefined, 'GET', `/api/v1/tickets/${ids[0]}`);
      const billId = (ticket.body.data as { billId?: string } | undefined)?.billId;
      if (!billId) return;
      await device.send('bill / payment', 'GET', `/api/v1/bills/${billId}`);
      if (v % 2 === 0)
        await device.send(
          'bill / payment',
          'POST',
          `/api/v1/bills/${billId}/discounts`,
          v % 4 === 0 ? { percent: 10, reason: 'Regulars' } : { amount: 1, reason: 'Late dish' },
        );
      const ways = 2 + (v % 3);
      const split = await device.send('bill / payment', 'GET', `/api/v1/bills/${billId}/split?ways=${ways}`);
      const shares = ((split.body.data as { shares?: number[] } | undefined)?.shares ?? []).slice(0, -1);
      for (const [k, share] of shares.entries()) await payShare(device, billId, share, `${v}-${k}`, k % 2 === 1);
      const bill = await device.send('bill / payment', 'GET', `/api/v1/bills/${billId}`);
      const due = (bill.body.data as { due?: number } | undefined)?.due ?? 0;
      if (due > 0) await payShare(device, billId, due, `${v}-last`, v % 3 === 0);
      const receipt = await device.send('bill / payment', 'GET', `/api/v1/bills/${billId}/receipt`);
      if (receipt.status === 200) ledger.billsClosed += 1;
    } finally {
      busy.delete(t);
    }
  };
  const payShare = async (device: Device, billId: string, amount: number, key: string, online: boolean) => {
    if (!online) {
      await device.send('bill / payment', 'POST', `/api/v1/bills/${billId}/payments`, {
        method: 'cash',
        amount,
        tendered: Math.ceil(amount),
        key: `night-cash-${tag}${key}`,
      });
      return;
    }
    const answer = await device.send('bill / payment', 'POST', '/api/v1/payments', {
      billId,
      provider: 'stripe',
      amount,
      key: `night-online-${tag}${key}`,
    });
    if (answer.status === 201) await payOnline((answer.body.data as { redirectUrl?: string }).redirectUrl);
  };

  const timer = setInterval(() => {
    if (!progress) return;
    let requests = 0;
    for (const list of stats.ms.values()) requests += list.length;
    console.error(
      `night: ${requests} requests, ${ledger.tickets.size} tickets placed, ${ledger.completed.size} completed, ${ledger.bookings} bookings, ${ledger.billsClosed} bills closed`,
    );
  }, 15_000);
  return Promise.all([
    paced(checkouts, seconds, guestCheckout, stop, phase),
    paced(phoneOrders, seconds, phoneOrder, stop, phase),
    paced(visits, seconds * 0.9, tableVisit, stop, phase),
    paced(Math.round(200 * scale * seconds), seconds, (i) => browse(cast, i), stop, phase),
    reservations(cast, ledger, scale, seconds, stop, change, staffScreens, phase),
  ])
    .then(() => Promise.all(kitchenWork))
    .finally(() => clearInterval(timer));
}
