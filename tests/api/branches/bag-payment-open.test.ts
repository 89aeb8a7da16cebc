import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Ticket } from '../../../src/shared/contract/tickets.ts';
import { GULSHAN, openGulshan } from '../../support/branches.ts';
import type { TestAccount } from '../../support/factories.ts';
import {
  type PaymentsWorld,
  deliverStripe,
  orderFor,
  payOnline,
  paymentRow,
  startPaymentsWorld,
} from '../../support/payments-world.ts';
import { call, orderEntry } from '../../support/records.ts';

/**
 * Issue 57, decision 074: the bag belongs to one branch even while an online payment is open.
 * Lines checked out at one branch and awaiting their payment come back to the bag if the payment
 * fails or expires, so until it ends they still hold the bag: an add at another branch answers
 * 409 ("Your payment at … is still open…") and adds nothing, an add at their own branch goes in,
 * and once the payment has failed the bag holds that one branch's lines only. A paid payment
 * holds nothing. On both engines, through the real Stripe client against the local Stripe.
 */
let w: PaymentsWorld;
let gulshan: string;
let mainName: string;

beforeAll(async () => {
  w = await startPaymentsWorld();
  gulshan = await openGulshan(w.t, w.admin);
  mainName = (await call(w.t, 'GET', '/api/v1/branches', w.alice)).json<{ data: { name: string }[] }>().data[0]!.name;
});
afterAll(async () => {
  await w?.close();
});

const addAtGulshan = (who: TestAccount) =>
  call(w.t, 'PATCH', `/api/v1/users/?email=${encodeURIComponent(who.email)}&branch=gulshan`, who, {
    ...orderEntry(w.dishes[1]!, 1, who.email),
  });

/** The guest's lines: branch and whether a ticket holds them, in id order. */
const lines = async (who: TestAccount) =>
  (
    await w.t.database.db
      .selectFrom('orders')
      .select(['branch_id', 'ticket_id'])
      .where('user_id', '=', Number(who.userId))
      .orderBy('id')
      .execute()
  ).map((l) => [l.branch_id, l.ticket_id === null ? 'bag' : 'ticket']);

async function checkoutOnline(who: TestAccount) {
  const res = await payOnline(w, who, [await orderFor(w, who)], 'stripe');
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<{ data: Ticket; payment: { _id: string } }>();
  expect(body.data.status).toBe('awaiting_payment');
  return { ticket: body.data, session: (await paymentRow(w, body.payment._id)).provider_ref as string };
}

describe('an open online payment keeps the bag at its branch (decision 074)', () => {
  test('another branch waits until the payment ends; after a failure the bag is one branch', async () => {
    const { ticket, session } = await checkoutOnline(w.alice);
    const before = await lines(w.alice);
    expect(before).toEqual([[1, 'ticket']]);

    // While Stripe has not answered, nothing goes in at Gulshan, in the reader's language.
    const refused = await addAtGulshan(w.alice);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      `Your payment at ${mainName} is still open. Once it is paid or cancelled, you can order from ${GULSHAN.name}.`,
    );
    const inBangla = await w.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/?email=${encodeURIComponent(w.alice.email)}`,
      headers: { authorization: `Bearer ${w.alice.accessToken}`, cookie: 'branch=gulshan; lang=bn' },
      payload: orderEntry(w.dishes[1]!, 1, w.alice.email),
    });
    expect(inBangla.statusCode).toBe(409);
    expect(inBangla.json<{ message: string }>().message).toContain('পেমেন্ট এখনও খোলা আছে');
    expect(await lines(w.alice)).toEqual(before);

    // At the payment's own branch the bag fills as ever.
    await orderFor(w, w.alice);
    expect(await lines(w.alice)).toEqual([...before, [1, 'bag']]);

    // The session expires: the ticket's line is back in the bag, beside the other, both at the first branch.
    for (const event of w.stripe.expire(session)) expect((await deliverStripe(w, event)).statusCode).toBe(200);
    const cancelled = await call(w.t, 'GET', `/api/v1/tickets/${ticket._id}`, w.alice);
    expect(cancelled.json<{ data: Ticket }>().data.status).toBe('cancelled');
    expect(await lines(w.alice)).toEqual([
      [1, 'bag'],
      [1, 'bag'],
    ]);
    const stillRefused = await addAtGulshan(w.alice);
    expect(stillRefused.statusCode).toBe(409);
    expect(stillRefused.json<{ message: string }>().message).toBe(
      `Your bag is for ${mainName}. Empty it and order from ${GULSHAN.name}?`,
    );
  });

  test('a paid payment holds nothing: Gulshan takes the next line', async () => {
    const { session } = await checkoutOnline(w.bob);
    for (const event of w.stripe.pay(session)) expect((await deliverStripe(w, event)).statusCode).toBe(200);
    const added = await addAtGulshan(w.bob);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<{ data: { branchId?: string } }>().data.branchId).toBe(gulshan);
    expect(await lines(w.bob)).toEqual([
      [1, 'ticket'],
      [Number(gulshan), 'bag'],
    ]);
  });
});
