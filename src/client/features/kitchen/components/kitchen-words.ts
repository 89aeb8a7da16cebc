import type { KitchenTicket } from '@shared/contract/kitchen.ts';
import type { TicketStatus } from '@shared/contract/tickets.ts';
import { t } from '@shared/i18n/i18n.ts';

/** The kitchen's words, read at render (they follow the language). */
export const fulfilmentWord = (fulfilment: KitchenTicket['fulfilment']): string =>
  ({
    pickup: t('kitchen.pickup', 'Pick-up'),
    delivery: t('kitchen.delivery', 'Delivery'),
    dine_in: t('kitchen.dineIn', 'Dine-in'),
  })[fulfilment];
export const statusWord = (status: TicketStatus): string =>
  ({
    received: t('kitchen.statusNew', 'New'),
    preparing: t('kitchen.statusCooking', 'Cooking'),
    ready: t('kitchen.statusReady', 'Ready'),
    completed: t('kitchen.statusCompleted', 'Completed'),
    cancelled: t('kitchen.statusCancelled', 'Cancelled'),
    awaiting_payment: t('kitchen.statusAwaitingPayment', 'Awaiting payment'),
  })[status];

/** A bill payment's method as the cancel dialog says it ("was paid in cash"), read at render: the words follow the language. */
export const methodWord = (method: string): string =>
  ({
    cash: t('kitchen.paidInCash', 'cash'),
    card: t('kitchen.paidByCard', 'card'),
    bkash: 'bKash',
    nagad: 'Nagad',
    bank: t('kitchen.paidByBank', 'a bank transfer'),
  })[method] ?? method;

/** What the outbox calls a kitchen move kept while offline ("Order A-012 → Cooking"), in the kitchen's words. */
export const moveLabel = (number: string, status: TicketStatus): string =>
  t('kitchen.outboxMove', 'Order {{number}} → {{status}}', { number, status: statusWord(status) });

/** What the outbox calls the money given back for a cancelled order ("Give back cash for A-012"). */
export const giveBackLabel = (method: string, number: string): string =>
  t('kitchen.outboxGiveBack', 'Give back {{method}} for {{number}}', { method: methodWord(method), number });
