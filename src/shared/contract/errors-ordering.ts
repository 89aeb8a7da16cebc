import { t } from '../i18n/i18n.ts';
import type { Language } from '../i18n/languages.ts';

/**
 * Ordering: the bag, a dish's options as ordered, placing an order and paying it later, the kitchen's
 * changes of an order, and their fields: the server's messages by code, one area of MESSAGES (errors.ts).
 */
export const ORDERING_CODES = {
  noSuchOrder: (l: Language) => t('server.noSuchOrder', 'No such order', undefined, l),
  soldOut: (l: Language, v: { names: string }) => t('server.soldOut', 'Sold out: {{names}}', v, l),
  chooseOnPage: (l: Language, v: { group: string; dish: string }) =>
    t('server.chooseOnPage', 'Choose {{group}} for {{dish}} on its page', v, l),
  choose: (l: Language, v: { group: string; dish: string }) =>
    t('server.choose', 'Choose {{group}} for {{dish}}', v, l),
  chooseAtMost: (l: Language, v: { max: string; group: string; dish: string }) =>
    t('server.chooseAtMost', 'Choose at most {{max}} {{group}} for {{dish}}', v, l),
  noLongerOnMenu: (l: Language, v: { name: string }) =>
    t('server.noLongerOnMenu', '{{name}} is no longer on the menu', v, l),
  notOfferedHere: (l: Language, v: { name: string }) =>
    t('server.notOfferedHere', '{{name}} is not offered at this branch', v, l),
  bagIsForAnotherBranch: (l: Language, v: { bag: string; here: string }) =>
    t('server.bagIsForAnotherBranch', 'Your bag is for {{bag}}. Empty it and order from {{here}}?', v, l),
  paymentOpenAtAnotherBranch: (l: Language, v: { bag: string; here: string }) =>
    t(
      'server.paymentOpenAtAnotherBranch',
      'Your payment at {{bag}} is still open. Once it is paid or cancelled, you can order from {{here}}.',
      v,
      l,
    ),
  alreadyPlaced: (l: Language, v: { name: string }) =>
    t('server.alreadyPlaced', '{{name}} is already in a placed order', v, l),
  deliveryMinimum: (l: Language, v: { minimum: string; subtotal: string }) =>
    t('server.deliveryMinimum', 'A delivery needs at least {{minimum}} of food (this is {{subtotal}})', v, l),
  addressRequired: (l: Language) =>
    t('server.addressRequired', 'address is required for a delivery: { line1, area, phone }', undefined, l),
  customerName: (l: Language) =>
    t('server.customerName', 'customer.name is required for a pick-up or a delivery', undefined, l),
  notACookTime: (l: Language) =>
    t(
      'server.notACookTime',
      'when is not one of the times we can cook for: ask the quote for the free ones',
      undefined,
      l,
    ),
  dineInReservation: (l: Language) =>
    t('server.dineInReservation', 'Dine-in orders are for your reservation of today', undefined, l),
  addedToBag: (l: Language) => t('text.addedToBag', 'Added to your bag', undefined, l),
  favoriteConfirmed: (l: Language) =>
    t('server.favoriteConfirmed', 'Your favourite has been confirmed as an order', undefined, l),
  orderRemoved: (l: Language) => t('server.orderRemoved', 'Your order has been deleted', undefined, l),
  optionNotOneS: (l: Language, v: { v0: string; v1: string }) =>
    t('server.answer.optionNotOneS', "Option {{v0}} is not one of {{v1}}'s", v, l),
  orderAlreadyPlacedCanNo: (l: Language) =>
    t(
      'server.answer.orderAlreadyPlacedCanNo',
      'This order is already placed: it can no longer be deleted',
      undefined,
      l,
    ),
  orderHasBeenDeleted: (l: Language) =>
    t('server.answer.orderHasBeenDeleted', 'The order has been deleted', undefined, l),
  ordersPaidOnlineRightNow: (l: Language) =>
    t(
      'server.answer.ordersPaidOnlineRightNow',
      'Orders must be paid online right now: choose a card or mobile payment',
      undefined,
      l,
    ),
  orderTooLargePayLater: (l: Language, v: { v0: string; v1: string }) =>
    t(
      'server.answer.orderTooLargePayLater',
      'This order is too large to pay later (it needs {{v0}} kitchen units; at most {{v1}} can wait for payment): pay for it online, or place it as smaller orders',
      v,
      l,
    ),
  youAlreadyHaveUnpaidWaiting: (l: Language, v: { v0: string; v1: string }) =>
    t(
      'server.answer.youAlreadyHaveUnpaidWaiting',
      'You already have {{v0}} unpaid {{v1}} waiting: pay for this one online, or place it once one of them is paid or collected',
      v,
      l,
    ),
  weAreNotTakingOnline: (l: Language) =>
    t('server.answer.weAreNotTakingOnline', 'We are not taking online orders right now', undefined, l),
  weCannotTakeOrderSoon: (l: Language) =>
    t(
      'server.answer.weCannotTakeOrderSoon',
      'We cannot take an order for as soon as possible now: please choose a time',
      undefined,
      l,
    ),
  onlinePaymentTakenThroughPayments: (l: Language) =>
    t(
      'server.answer.onlinePaymentTakenThroughPayments',
      'An online payment is taken through the payments module',
      undefined,
      l,
    ),
  dineOrderNeedsYourReservation: (l: Language) =>
    t(
      'server.answer.dineOrderNeedsYourReservation',
      'A dine-in order needs your reservation (reservationId) or a table (tableId)',
      undefined,
      l,
    ),
  dineOrderNeedsTableTableId: (l: Language) =>
    t('server.answer.dineOrderNeedsTableTableId', 'A dine-in order needs a table (tableId)', undefined, l),
  orderHasAlreadyBeenPaid: (l: Language) =>
    t('server.answer.orderHasAlreadyBeenPaid', 'This order has already been paid', undefined, l),
  reservation: (l: Language, v: { v0: string }) => t('server.answer.reservation', 'This reservation is {{v0}}', v, l),
  orderWasAlreadySentKitchen: (l: Language) =>
    t('server.answer.orderWasAlreadySentKitchen', 'This order was already sent to the kitchen', undefined, l),
  keyWasUsedAnotherOrder: (l: Language) =>
    t(
      'server.answer.keyWasUsedAnotherOrder',
      'This key was used for another order: each new order needs a new key',
      undefined,
      l,
    ),
  yourOrderHasBeenPlaced: (l: Language) =>
    t('server.answer.yourOrderHasBeenPlaced', 'Your order has been placed', undefined, l),
  orderHasBeenSentKitchen: (l: Language) =>
    t('server.answer.orderHasBeenSentKitchen', 'The order has been sent to the kitchen', undefined, l),
  cancellingOrderNeedsReason: (l: Language) =>
    t('server.answer.cancellingOrderNeedsReason', 'Cancelling an order needs a reason', undefined, l),
  keyWasAlreadyUsedAnother4: (l: Language) =>
    t(
      'server.answer.keyWasAlreadyUsedAnother4',
      'This key was already used for another change of an order',
      undefined,
      l,
    ),
  orderCannotBecome: (l: Language, v: { v0: string; v1: string }) =>
    t('server.answer.orderCannotBecome', 'An order that is {{v0}} cannot become {{v1}}', v, l),
  orderCanRecalledOnlyWithin: (l: Language, v: { v0: string }) =>
    t(
      'server.answer.orderCanRecalledOnlyWithin',
      'An order can be recalled only within {{v0}} minutes of completing it',
      v,
      l,
    ),
  orderChangedMeanwhileLookAgain: (l: Language) =>
    t('server.answer.orderChangedMeanwhileLookAgain', 'This order changed meanwhile: look again', undefined, l),
  orderNow: (l: Language, v: { v0: string; v1: string }) =>
    t('server.answer.orderNow', 'Order {{v0}} is now {{v1}}', v, l),
  orderNowReceived: (l: Language, v: { v0: string }) =>
    t('server.answer.orderNowReceived', 'Order {{v0}} is now received', v, l),
  orderNowPreparing: (l: Language, v: { v0: string }) =>
    t('server.answer.orderNowPreparing', 'Order {{v0}} is now preparing', v, l),
  orderNowReady: (l: Language, v: { v0: string }) =>
    t('server.answer.orderNowReady', 'Order {{v0}} is now ready', v, l),
  orderNowCompleted: (l: Language, v: { v0: string }) =>
    t('server.answer.orderNowCompleted', 'Order {{v0}} is now completed', v, l),
  orderNowCancelled: (l: Language, v: { v0: string }) =>
    t('server.answer.orderNowCancelled', 'Order {{v0}} is now cancelled', v, l),
  fulfilmentOne: (l: Language, v: { v0: string }) =>
    t('server.field.fulfilmentOne', 'fulfilment must be one of: {{v0}}', v, l),
  orderidsMayListMostOrders: (l: Language, v: { v0: string }) =>
    t('server.field.orderidsMayListMostOrders', 'orderIds may list at most {{v0}} orders', v, l),
  orderidsOrderIdsSeparatedCommas: (l: Language) =>
    t('server.field.orderidsOrderIdsSeparatedCommas', 'orderIds must be order ids separated by commas', undefined, l),
  addressLine1AreaPhoneInstructions: (l: Language) =>
    t(
      'server.field.addressLine1AreaPhoneInstructions',
      'address must be { line1, area, phone, instructions? }',
      undefined,
      l,
    ),
  payMethodAccountNumberMethodCash: (l: Language, v: { v0: string }) =>
    t(
      'server.field.payMethodAccountNumberMethodCash',
      'pay must be { Method: {{v0}}, AccountNumber }, { Method: "cash" } or { provider: "stripe" | "bkash" }',
      v,
      l,
    ),
  orderidsNeedsLeastOneOrder: (l: Language) =>
    t('server.field.orderidsNeedsLeastOneOrder', 'orderIds needs at least one order', undefined, l),
  orderidsListOrderIds: (l: Language) =>
    t('server.field.orderidsListOrderIds', 'orderIds must be a list of order ids', undefined, l),
  whenAsapReadyTimeISO: (l: Language) =>
    t('server.field.whenAsapReadyTimeISO', 'when must be "asap" or a ready time (ISO 8601)', undefined, l),
  usergmailYourOwnEMail: (l: Language) =>
    t('server.field.usergmailYourOwnEMail', 'userGmail must be your own e-mail', undefined, l),
  orderquantityWholeNumber: (l: Language) =>
    t('server.field.orderquantityWholeNumber', 'orderQuantity must be a whole number', undefined, l),
  orderquantityMost: (l: Language, v: { v0: string }) =>
    t('server.field.orderquantityMost', 'orderQuantity must be at most {{v0}}', v, l),
  orderquantityLeast: (l: Language, v: { v0: string }) =>
    t('server.field.orderquantityLeast', 'orderQuantity must be at least {{v0}}', v, l),
  usergmailEMailAddress: (l: Language) =>
    t('server.field.usergmailEMailAddress', 'userGmail must be an e-mail address', undefined, l),
  optionsNotListValueTwice: (l: Language) =>
    t('server.field.optionsNotListValueTwice', 'options must not list a value twice', undefined, l),
  optionsMayListMostValues: (l: Language, v: { v0: string }) =>
    t('server.field.optionsMayListMostValues', 'options may list at most {{v0}} values', v, l),
  optionsListOptionValueIds: (l: Language) =>
    t('server.field.optionsListOptionValueIds', 'options must be a list of option value ids', undefined, l),
  status: (l: Language, v: { v0: string }) => t('server.field.status', 'status must be {{v0}}', v, l),
  orderidRequired: (l: Language) => t('server.field.orderidRequired', 'orderId is required', undefined, l),
  payRequired: (l: Language) => t('server.field.payRequired', 'pay is required', undefined, l),
  payment: (l: Language, v: { v0: string }) => t('server.field.payment', 'payment must be {{v0}}', v, l),
  quantityMost: (l: Language, v: { v0: string }) =>
    t('server.field.quantityMost', 'quantity must be at most {{v0}}', v, l),
  quantityLeast: (l: Language, v: { v0: string }) =>
    t('server.field.quantityLeast', 'quantity must be at least {{v0}}', v, l),
  quantityWholeNumber: (l: Language) =>
    t('server.field.quantityWholeNumber', 'quantity must be a whole number', undefined, l),
  eachLineProductIdQuantityOptions: (l: Language) =>
    t(
      'server.field.eachLineProductIdQuantityOptions',
      'each line must be { productId, quantity, options?, note? }',
      undefined,
      l,
    ),
  linesMayListMostDishes: (l: Language, v: { v0: string }) =>
    t('server.field.linesMayListMostDishes', 'lines may list at most {{v0}} dishes', v, l),
  linesNeedsLeastOneDish: (l: Language) =>
    t('server.field.linesNeedsLeastOneDish', 'lines needs at least one dish', undefined, l),
  linesListProductIdQuantityOptions: (l: Language) =>
    t(
      'server.field.linesListProductIdQuantityOptions',
      'lines must be a list of { productId, quantity, options?, note? }',
      undefined,
      l,
    ),
  customerNamePhone: (l: Language) =>
    t('server.field.customerNamePhone', 'customer must be { name?, phone? }', undefined, l),
  notOfferedRightNow: (l: Language, v: { v0: string }) =>
    t('server.field.notOfferedRightNow', '{{v0}} is not offered right now', v, l),
  tableidNotTableRestaurant: (l: Language) =>
    t('server.field.tableidNotTableRestaurant', 'tableId is not a table of the restaurant', undefined, l),
  reasonMost200Characters: (l: Language) =>
    t('server.field.reasonMost200Characters', 'reason must be at most 200 characters', undefined, l),
  reasonText: (l: Language) => t('server.field.reasonText', 'reason must be text', undefined, l),
} as const;
