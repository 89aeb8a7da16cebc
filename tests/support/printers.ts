import type { Product } from '../../src/shared/contract/catalog.ts';
import type { PrintJobView, PrinterView } from '../../src/shared/contract/printers.ts';
import type { Ticket } from '../../src/shared/contract/tickets.ts';
import type { TestAccount } from './factories.ts';
import { call as send } from './records.ts';
import { order, post } from './staff-orders.ts';
import type { TestApp } from './test-app.ts';

/** The printers' API tests' helpers: printers made, their jobs, the staff's orders that print. */

export type Made = PrinterView & { pollUrl: string };

export async function addPrinter(t: TestApp, admin: TestAccount, body: Record<string, unknown>): Promise<Made> {
  const res = await send(t, 'POST', '/api/v1/printers', admin, body);
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as Made;
}

/** The printer's address on the listening test server (PUBLIC_URL names another host). */
export const on = (base: string, made: { pollUrl: string }) => `${base}${new URL(made.pollUrl).pathname}`;
export const jobsOf = async (t: TestApp, admin: TestAccount, id: string) =>
  (await send(t, 'GET', `/api/v1/printers/${id}/jobs`, admin)).json().data as PrintJobView[];
export const byCategory = (dishes: Product[], category: string) =>
  dishes.filter((d) => d.category === category && !d.options?.length);
export const removeAll = async (t: TestApp) => {
  await t.database.db.deleteFrom('print_jobs').execute();
  await t.database.db.deleteFrom('printers').execute();
};

export async function staffOrder(
  t: TestApp,
  staff: TestAccount,
  lines: { productId: string; quantity: number; note?: string }[],
  body: Record<string, unknown> = {},
): Promise<Ticket> {
  const res = await post(t, staff, { ...order({ _id: lines[0]?.productId } as Product), lines, ...body });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as Ticket;
}
