import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintJobView } from '../../../src/shared/contract/printers.ts';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { FakeCloudPrntPrinter } from '../../support/fake-cloudprnt.ts';
import { type TwoServers, adminToken, http, openAllDay, signUp, startTwoServers } from '../../support/two-servers.ts';

/**
 * Printers polling two app servers on one PostgreSQL (docs/reference/service.md "Once": "Two app servers never
 * hand one job to a printer twice"): each printer is polled through both servers at once by two
 * fake CloudPRNT pollers, while 30 tickets are placed on both; every job is printed exactly once,
 * none as a reprint, and each ticket's order reaches the printers of its categories. PostgreSQL
 * run only.
 */
const ADMIN = { email: 'two-printers-owner@example.com', password: 'two-printers-owner-password' };
let servers: TwoServers;

beforeAll(async () => {
  servers = await startTwoServers('printers_two', ADMIN, 'printers-servers-secret-printers-servers-0123456');
}, 240_000);

afterAll(async () => {
  await servers?.stop();
}, 120_000);

describe('printers on two app servers', () => {
  it('30 tickets placed on both servers, each printer polled through both at once: every job printed once', async () => {
    const { a, b } = servers;
    const owner = await adminToken(a, ADMIN);
    expect((await http(a, 'PATCH', '/api/v1/restaurant', owner, openAllDay)).status).toBe(200);
    const dishes = (await http(a, 'GET', '/api/v1/allProductsData')).body.data as {
      _id: string;
      category: string;
      options?: unknown[];
    }[];
    const plain = dishes.filter((d) => (d.options ?? []).length === 0);
    const sandwich = plain.find((d) => d.category === 'Sandwiches')?._id as string;
    const salad = plain.find((d) => d.category === 'Salads')?._id as string;
    const made = await Promise.all([
      http(a, 'POST', '/api/v1/printers', owner, {
        name: 'Hot',
        role: 'kitchen',
        categories: ['Sandwiches'],
        paperWidth: 80,
      }),
      http(b, 'POST', '/api/v1/printers', owner, {
        name: 'Cold',
        role: 'kitchen',
        categories: ['Salads'],
        paperWidth: 80,
      }),
    ]);
    const printers = made.map((m) => {
      const data = m.body.data as { _id: string; pollUrl: string };
      const path = new URL(data.pollUrl).pathname;
      // Two pollers per printer, each asking both servers in turn (one starts at a, the other at b).
      return {
        id: data._id,
        pollers: [
          new FakeCloudPrntPrinter({ urls: [`${a.base}${path}`, `${b.base}${path}`] }),
          new FakeCloudPrntPrinter({ urls: [`${b.base}${path}`, `${a.base}${path}`] }),
        ],
      };
    });
    for (const printer of printers) for (const poller of printer.pollers) poller.start(20);

    const guests = await Promise.all([1, 2, 3].map((n) => signUp(n % 2 ? a : b, `two-printers-${n}`)));
    const tickets = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const server = i % 2 ? a : b;
        const guest = guests[i % 3] as { email: string; token: string };
        const ids: string[] = [];
        for (const dish of [sandwich, salad]) {
          const line = await http(
            server,
            'PATCH',
            `/api/v1/users/?email=${encodeURIComponent(guest.email)}`,
            guest.token,
            { orderId: dish, orderQuantity: 1, userGmail: guest.email, status: 'Conform' },
          );
          ids.push((line.body.data as { orderMainId: string }).orderMainId);
        }
        const placed = await http(server, 'POST', '/api/v1/checkout', guest.token, {
          orderIds: ids,
          fulfilment: 'pickup',
          when: 'asap',
          pay: { Method: 'cash' },
        });
        if (placed.status !== 201) throw new Error(`checkout: ${placed.status} ${JSON.stringify(placed.body)}`);
        return placed.body.data as Ticket;
      }),
    );
    const printedAll = async () => {
      for (const printer of printers) {
        const jobs = (await http(a, 'GET', `/api/v1/printers/${printer.id}/jobs`, owner)).body.data as PrintJobView[];
        if (jobs.length !== 30 || jobs.some((j) => j.status !== 'printed')) return false;
      }
      return true;
    };
    const end = Date.now() + 20_000;
    while (!(await printedAll()) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
    for (const printer of printers) for (const poller of printer.pollers) await poller.stop();

    expect(await printedAll()).toBe(true);
    for (const printer of printers) {
      const copies = printer.pollers.flatMap((p) => p.printed);
      expect(new Set(copies.map((c) => c.token)).size).toBe(copies.length);
      expect(copies.some((c) => c.text.includes('REPRINT'))).toBe(false);
      // Each ticket's order once at each printer (waiting jobs go out together), fetched through both servers.
      const text = copies.map((c) => c.text).join('');
      for (const ticket of tickets) expect(text.split(ticket.number), ticket.number).toHaveLength(2);
      expect(new Set(copies.map((c) => c.server)).size).toBe(2);
    }
  }, 120_000);
});
