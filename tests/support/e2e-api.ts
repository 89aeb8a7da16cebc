import type { BrowserContext } from 'playwright-core';
import type { Product } from '../../src/shared/contract/catalog.ts';
import type { Ticket } from '../../src/shared/contract/tickets.ts';
import type { E2eSuite } from './e2e-suite.ts';

/**
 * The API as a browser test's signed-in context calls it (its session cookie, then a bearer
 * token), for the setup a test does not walk through in the UI:
 *
 *   const { tokenOf, call } = suiteApi(suite);
 *   const token = await tokenOf(context, account.email);
 *   const ticket = await call<{ data: Ticket }>(context, token, 'POST', '/api/v1/checkout', body);
 */
export function suiteApi(suite: E2eSuite) {
  /** GET /api/v1/users/jwt?email=: the access token of the account the context is signed in as. */
  async function tokenOf(context: BrowserContext, email: string): Promise<string> {
    const answer = (await (
      await context.request.get(`${suite.server.baseUrl}/api/v1/users/jwt?email=${encodeURIComponent(email)}`)
    ).json()) as { accessToken: string };
    return answer.accessToken;
  }

  /** A JSON call with the token; a refusal throws with its status and body. */
  async function call<T>(
    context: BrowserContext,
    token: string,
    method: string,
    path: string,
    data?: unknown,
  ): Promise<T> {
    const res = await context.request.fetch(`${suite.server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, origin: suite.server.baseUrl },
      ...(data === undefined ? {} : { data }),
    });
    if (!res.ok()) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Opens Gulshan (POST /api/v1/branches) as a brand admin (`token`) does; `place` changes its fields. */
  function openGulshan(context: BrowserContext, token: string, place: Record<string, string> = {}) {
    return call<{ data: { _id: string } }>(context, token, 'POST', '/api/v1/branches', {
      slug: 'gulshan',
      name: 'Saffron Table Gulshan',
      address: 'House 32, Road 11, Gulshan 2',
      phone: '+880 1700-000002',
      timeZone: 'Asia/Dhaka',
      ...place,
    });
  }

  /** Gives the account of `email` the staff role, as the owner (`adminToken`) does on the Users page. */
  async function makeStaff(adminContext: BrowserContext, adminToken: string, email: string): Promise<void> {
    const users = await call<{ data: { _id: string; email: string }[] }>(
      adminContext,
      adminToken,
      'GET',
      '/api/v1/users/users',
    );
    await call(
      adminContext,
      adminToken,
      'PATCH',
      `/api/v1/users/users/${users.data.find((u) => u.email === email)?._id}`,
      { role: 'staff' },
    );
  }

  /**
   * A guest's cash order for pick-up of `quantity` of `dish`, as the storefront places it (a line
   * in the bag, the quote, the checkout): as soon as possible, or the first free time while the
   * kitchen is closed. The context is signed in as `email`.
   */
  async function placePickup(context: BrowserContext, email: string, dish: Product, quantity = 1): Promise<Ticket> {
    const token = await tokenOf(context, email);
    const line = await call<{ data: { orderMainId: string } }>(
      context,
      token,
      'PATCH',
      `/api/v1/users/?email=${encodeURIComponent(email)}`,
      { orderId: dish._id, orderQuantity: quantity, userGmail: email, status: 'Conform' },
    );
    const quote = await call<{ data: { asap: unknown; times: { readyAt: string }[] } }>(
      context,
      token,
      'GET',
      `/api/v1/checkout/quote?fulfilment=pickup&orderIds=${line.data.orderMainId}`,
    );
    const when = quote.data.asap ? 'asap' : (quote.data.times[0]?.readyAt as string);
    const placed = await call<{ data: Ticket }>(context, token, 'POST', '/api/v1/checkout', {
      orderIds: [line.data.orderMainId],
      fulfilment: 'pickup',
      when,
      pay: { Method: 'cash' },
    });
    return placed.data;
  }

  return { tokenOf, call, openGulshan, makeStaff, placePickup };
}
