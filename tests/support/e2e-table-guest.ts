import { expect } from 'vitest';
import type { Bill } from '../../src/shared/contract/bills.ts';
import type { Product } from '../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../src/shared/contract/tickets.ts';
import { newAccount, signInInContext, signUpInContext } from './e2e-accounts.ts';
import { suiteApi } from './e2e-api.ts';
import type { E2eSuite } from './e2e-suite.ts';

/** A phone, as the guests' browser tests open pages. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * A browser suite's restaurant with guests at its tables (the guest bill's tests): `admin()` signs
 * the owner in (and opens the kitchen all day, once, so a table can order whenever the test
 * runs); `tableGuest(n, prefix)` is a new guest on a phone who ordered at demo table T`n` from its
 * QR code (dine-in, paid at the table): two of one dish, one of another.
 */
export function tableGuests(suite: E2eSuite, owner: { email: string; password: string }) {
  const { tokenOf, call } = suiteApi(suite);
  let opened = false;

  async function admin() {
    const { context } = await suite.open();
    await signInInContext(context, suite.server.baseUrl, owner.email, owner.password);
    const token = await tokenOf(context, owner.email);
    if (!opened)
      await call(context, token, 'PATCH', '/api/v1/restaurant', {
        openingHours: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' })),
        kitchen: {
          bucketMinutes: 15,
          unitsPerBucket: 100,
          prepMinutes: 20,
          extraDelayMinutes: 0,
          acceptingOrders: true,
          pausedUntil: null,
        },
      });
    opened = true;
    return { context, token };
  }

  async function tableGuest(number: number, prefix: string) {
    await admin();
    const label = await suite.server.api<{ data: { _id: string; name: string } }>(`/api/v1/tables/${number}/label`);
    expect(label.status).toBe(200);
    const tableId = label.body.data._id;
    const { context, page } = await suite.open(PHONE);
    const guest = await signUpInContext(context, suite.server.baseUrl, newAccount(prefix));
    const token = await tokenOf(context, guest.email);
    const dishes = suite.menu.filter((d) => d.available && (d.options ?? []).length === 0) as Product[];
    const orderIds: string[] = [];
    for (const [dish, quantity] of [
      [dishes[0], 2],
      [dishes[1], 1],
    ] as const) {
      const line = await call<{ data: { orderMainId: string } }>(
        context,
        token,
        'PATCH',
        `/api/v1/users/?email=${encodeURIComponent(guest.email)}`,
        { orderId: (dish as Product)._id, orderQuantity: quantity, userGmail: guest.email, status: 'Conform' },
      );
      orderIds.push(line.data.orderMainId);
    }
    const ticket = (
      await call<{ data: Ticket }>(context, token, 'POST', '/api/v1/checkout', {
        orderIds,
        fulfilment: 'dine_in',
        tableId,
        when: 'asap',
        pay: { Method: 'cash' },
      })
    ).data;
    expect(ticket.billId).toBeDefined();
    const billId = ticket.billId as string;
    const bill = (await call<{ data: Bill }>(context, token, 'GET', `/api/v1/bills/${billId}`)).data;
    expect(bill).toMatchObject({ status: 'open', fulfilment: 'dine_in' });
    expect(bill.due).toBeGreaterThan(0);
    return { context, page, guest, token, ticket, billId, bill };
  }

  return { admin, tableGuest, tokenOf, call };
}
