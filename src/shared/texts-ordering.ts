import { t } from './i18n/i18n.ts';

/* The texts that docs/reference/ordering.md and service.md quote (texts.ts has the storefront's). */
/** docs/reference/ordering.md "Dish options": the texts its screens quote (the server's refusals say the same). */
export const OPTION_TEXT = {
  /** A required group left without a choice: "Choose Size for Classic Cheeseburger". */
  choose: (group: string, dish: string) => t('option.choose', 'Choose {{group}} for {{dish}}', { group, dish }),
  get soldOut() {
    return t('option.soldOut', 'Sold out');
  },
  get required() {
    return t('option.required', 'Required');
  },
  /** A value's price beside its name: "+$2.50". */
  addOn: (price: string) => t('option.addOn', '+{{price}}', { price }),
};

/** The staff "New order" page (docs/reference/ordering.md "Orders taken by staff"). */
/** The Floor (docs/reference/ordering.md "The bill": `/staff/tables`): the tables' states and a table's bill. */
export const FLOOR_TEXT = {
  get title() {
    return t('floor.title', 'Floor');
  },
  get free() {
    return t('floor.free', 'Free');
  },
  get bookedSoon() {
    return t('floor.bookedSoon', 'Booked soon');
  },
  get seated() {
    return t('floor.seated', 'Seated');
  },
  get billOpen() {
    return t('floor.billOpen', 'Bill open');
  },
  get addItems() {
    return t('floor.addItems', 'Add items');
  },
  get discount() {
    return t('floor.discount', 'Discount');
  },
  get split() {
    return t('floor.split', 'Split');
  },
  get takePayment() {
    return t('floor.takePayment', 'Take payment');
  },
  get printReceipt() {
    return t('floor.printReceipt', 'Print receipt');
  },
  get giveBack() {
    return t('floor.giveBack', 'Give back');
  },
  /** A bill that took more than its total (a cancel, a discount): "Owed back $29.00". */
  owedBack: (amount: string) => t('floor.owedBack', 'Owed back {{amount}}', { amount }),
};

/** What a cancel gives back (docs/reference/ordering.md "Money that agrees on every screen"), amounts as formatMoney writes them. */
export const CANCEL_MONEY_TEXT = {
  /** "$12.00 was paid in cash: give it back" */
  giveBack: (amount: string, method: string) =>
    t('cancelMoney.giveBack', '{{amount}} was paid in {{method}}: give it back', { amount, method }),
  refund: (amount: string) => t('cancelMoney.refund', '{{amount}} paid online is refunded at once', { amount }),
  /** The guest's order once its money went back: "Refunded $12.00". */
  refunded: (amount: string) => t('cancelMoney.refunded', 'Refunded {{amount}}', { amount }),
};

export const STAFF_ORDER_TEXT = {
  get title() {
    return t('staffOrder.title', 'New order');
  },
  get table() {
    return t('staffOrder.table', 'Table');
  },
  get pickup() {
    return t('staffOrder.pickup', 'Pick-up');
  },
  get delivery() {
    return t('staffOrder.delivery', 'Delivery');
  },
  get send() {
    return t('staffOrder.send', 'Send to kitchen');
  },
  get newOrder() {
    return t('staffOrder.newOrder', 'New order');
  },
  get noLines() {
    return t('staffOrder.noLines', 'Add at least one dish');
  },
};

/** Staff screens that survive the Wi-Fi (docs/reference/service.md): the header's line, the outbox and its refusals. */
export const OFFLINE_TEXT = {
  get offline() {
    return t('offline.offline', 'Offline');
  },
  /** `number` writes the count in the page's digits (`useNumbers`). */
  waiting: (count: number, number: (n: number) => string = String) =>
    count === 1
      ? t('offline.waitingOne', 'Offline: {{n}} change waiting', { n: number(count) })
      : t('offline.waitingMany', 'Offline: {{n}} changes waiting', { n: number(count) }),
  sending: (count: number, number: (n: number) => string = String) =>
    count === 1
      ? t('offline.sendingOne', 'Sending {{n}} change…', { n: number(count) })
      : t('offline.sendingMany', 'Sending {{n}} changes…', { n: number(count) }),
  get allSent() {
    return t('offline.allSent', 'All changes sent');
  },
  get refusedTitle() {
    return t('offline.refusedTitle', 'Not done when sent');
  },
  get dismiss() {
    return t('offline.dismiss', 'Dismiss');
  },
  get queued() {
    return t('offline.queued', 'Saved on this tablet: it is sent as soon as the connection is back.');
  },
  get orderQueued() {
    return t('offline.orderQueued', 'Order saved on this tablet');
  },
  get guestOffline() {
    return t('offline.guestOffline', 'You are offline: ordering needs a connection');
  },
  get onlinePaymentOffline() {
    return t('offline.onlinePaymentOffline', 'Online payments (card, bKash) need the connection.');
  },
};
