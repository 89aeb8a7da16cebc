import { describe, expect, it } from 'vitest';
import type { AllDayCount, KitchenTicket } from '../../../src/shared/contract/kitchen.ts';
import type { TicketEvent } from '../../../src/shared/contract/events.ts';
import {
  allDayAfter,
  alreadyAsTold,
  boardWith,
  cardFromEvent,
} from '../../../src/client/features/kitchen/api/board-cache.ts';

/** The board patched in place by a tap's answer or a live event (decision 063). */

type Line = KitchenTicket['lines'][number];

function card(
  id: string,
  status: KitchenTicket['status'],
  readyAt: string,
  lines: Partial<Line>[] = [],
): KitchenTicket {
  return {
    _id: id,
    number: `A-${id}`,
    fulfilment: 'pickup',
    status,
    placedAt: '2026-11-29T11:00:00.000Z',
    readyAt,
    scheduled: false,
    lines: lines.map((line) => ({ orderMainId: null, name: 'Dish', quantity: 1, price: 10, allergens: [], ...line })),
    subtotal: 10,
    deliveryFee: 0,
    total: 10,
    payment: 'due',
    source: 'online',
    customer: { name: 'Guest', email: 'guest@example.com' },
    late: false,
  } as KitchenTicket;
}

const burger = (quantity: number, options?: string[]): Partial<Line> => ({
  productId: '7',
  name: 'Burger',
  quantity,
  ...(options ? { options: options.map((name) => ({ group: 'Size', name, price: 0 })) } : {}),
});
const soup = (quantity: number): Partial<Line> => ({ productId: '9', name: 'Soup', quantity });

describe('boardWith', () => {
  const a = card('1', 'received', '2026-11-29T12:00:00.000Z');
  const b = card('2', 'preparing', '2026-11-29T12:10:00.000Z');
  const c = card('3', 'ready', '2026-11-29T12:10:00.000Z');

  it('replaces a card in place, and puts a new one where the server orders it (promise, then id)', () => {
    expect(boardWith([a, b, c], { ...b, status: 'ready' }).map((t) => [t._id, t.status])).toEqual([
      ['1', 'received'],
      ['2', 'ready'],
      ['3', 'ready'],
    ]);
    const d = card('4', 'received', '2026-11-29T12:05:00.000Z');
    expect(boardWith([a, b, c], d).map((t) => t._id)).toEqual(['1', '4', '2', '3']);
    expect(boardWith([a, c], b).map((t) => t._id)).toEqual(['1', '2', '3']);
    expect(boardWith([a], card('10', 'received', '2026-11-29T13:00:00.000Z')).map((t) => t._id)).toEqual(['1', '10']);
  });

  it('takes a cancelled card off the board', () => {
    expect(boardWith([a, b, c], { ...b, status: 'cancelled' }).map((t) => t._id)).toEqual(['1', '3']);
  });
});

describe('a ticket event on a card', () => {
  const shown = card('5', 'ready', '2026-11-29T12:00:00.000Z');
  const event = (over: Partial<TicketEvent>): TicketEvent => ({
    type: 'ticket',
    _id: '5',
    status: 'ready',
    number: 'A-5',
    fulfilment: 'pickup',
    readyAt: shown.readyAt,
    payment: 'due',
    ...over,
  });

  it('changes nothing when the card is already as told (the device’s own tap)', () => {
    expect(alreadyAsTold(shown, event({}))).toBe(true);
    expect(alreadyAsTold(shown, event({ status: 'completed' }))).toBe(false);
    expect(alreadyAsTold(shown, event({ payment: 'paid' }))).toBe(false);
  });

  it('patches status, payment and the completed time, and their undoing on a recall', () => {
    const completed = cardFromEvent(
      shown,
      event({ status: 'completed', payment: 'paid', completedAt: '2026-11-29T12:03:00.000Z' }),
      Date.parse('2026-11-29T12:03:00.000Z'),
    );
    expect(completed).toMatchObject({
      status: 'completed',
      payment: 'paid',
      completedAt: '2026-11-29T12:03:00.000Z',
      late: false,
    });
    const recalled = cardFromEvent(
      completed as KitchenTicket,
      event({ status: 'ready', payment: 'paid' }),
      Date.parse('2026-11-29T12:04:00.000Z'),
    );
    expect(recalled).toMatchObject({ status: 'ready', payment: 'paid' });
    expect(recalled && 'completedAt' in recalled).toBe(false);
    // Back to cooking past its promise, it is late.
    expect(cardFromEvent(shown, event({ status: 'preparing' }), Date.parse('2026-11-29T12:30:00.000Z'))?.late).toBe(
      true,
    );
  });

  it('does not guess when the event does not say enough (an older server) or the promise moved', () => {
    const { payment: _payment, ...old } = event({ status: 'completed' });
    expect(cardFromEvent(shown, old, Date.now())).toBeUndefined();
    expect(cardFromEvent(shown, event({ readyAt: '2026-11-29T12:20:00.000Z' }), Date.now())).toBeUndefined();
  });
});

describe('allDayAfter', () => {
  const counts: AllDayCount[] = [
    { productId: '7', name: 'Burger', quantity: 5, options: [{ name: 'Large', quantity: 3 }] },
    { productId: '9', name: 'Soup', quantity: 2 },
  ];
  const cooking = card('1', 'preparing', '2026-11-29T12:00:00.000Z', [burger(3, ['Large']), soup(2)]);

  it('takes a card’s lines away once it is ready, dish, chosen value and all, in the server’s order', () => {
    expect(allDayAfter(counts, cooking, { ...cooking, status: 'ready' })).toEqual([
      { productId: '7', name: 'Burger', quantity: 2 },
    ]);
  });

  it('adds them back on a recall to cooking, a dish it had lost included', () => {
    const after = allDayAfter(
      [{ productId: '7', name: 'Burger', quantity: 2 }],
      { ...cooking, status: 'ready' },
      cooking,
    );
    expect(after).toEqual(counts);
  });

  it('changes nothing between two cooking statuses, or two that are not', () => {
    expect(allDayAfter(counts, { ...cooking, status: 'received' }, cooking)).toBe(counts);
    expect(allDayAfter(counts, { ...cooking, status: 'ready' }, { ...cooking, status: 'completed' })).toBe(counts);
  });

  it('counts a new card that cooks, and breaks ties by name', () => {
    const fresh = card('2', 'received', '2026-11-29T12:00:00.000Z', [soup(3)]);
    expect(allDayAfter(counts, undefined, fresh)?.map((c) => [c.name, c.quantity])).toEqual([
      ['Burger', 5],
      ['Soup', 5],
    ]);
  });

  it('asks for the counts again when a line names no dish, or takes away what was not counted', () => {
    expect(
      allDayAfter(
        counts,
        undefined,
        card('3', 'received', '2026-11-29T12:00:00.000Z', [{ name: 'Gone', quantity: 1 }]),
      ),
    ).toBeNull();
    expect(allDayAfter([], cooking, { ...cooking, status: 'ready' })).toBeNull();
  });
});
