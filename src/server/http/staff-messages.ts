import { t } from '../../shared/i18n/i18n.ts';
import type { Language } from '../../shared/i18n/languages.ts';

type Message = (language: Language, values?: Record<string, string>) => string;

/**
 * The answers the staff's screens show as they are (decision 045, "Server messages"): the
 * kitchen's moves, the host's status changes, the printers, the tables and New order. Listed
 * by language.ts with the rest; a status is a message of its own, so that it is said in the
 * language too ("Order A-012 is now preparing" → "অর্ডার A-012 এখন রান্না হচ্ছে").
 */
export const STAFF_MESSAGES: Message[] = [
  (l, v) => t('server.ticketReceived', 'Order {{number}} is now received', v, l),
  (l, v) => t('server.ticketPreparing', 'Order {{number}} is now preparing', v, l),
  (l, v) => t('server.ticketReady', 'Order {{number}} is now ready', v, l),
  (l, v) => t('server.ticketCompleted', 'Order {{number}} is now completed', v, l),
  (l, v) => t('server.ticketCancelled', 'Order {{number}} is now cancelled', v, l),
  (l, v) => t('server.reservationBooked', 'The reservation is now booked', v, l),
  (l, v) => t('server.reservationSeated', 'The reservation is now seated', v, l),
  (l, v) => t('server.reservationCompleted', 'The reservation is now completed', v, l),
  (l, v) => t('server.reservationCancelled', 'The reservation is now cancelled', v, l),
  (l, v) => t('server.reservationNoShow', 'The reservation is now no-show', v, l),
  (l, v) => t('server.reservationPendingDeposit', 'The reservation is now pending-deposit', v, l),
  (l, v) => t('server.staffOrderPlaced', 'The order has been sent to the kitchen', v, l),
  (l, v) => t('server.staffOrderRepeated', 'This order was already sent to the kitchen', v, l),
  (l, v) => t('server.printerAdded', 'The printer has been added: type its address into the printer now, it is shown only once', v, l),
  (l, v) => t('server.printerUpdated', 'The printer has been updated', v, l),
  (l, v) => t('server.printerRemoved', 'The printer has been removed', v, l),
  (l, v) => t('server.printerNewAddress', 'A new address: type it into the printer now, it is shown only once', v, l),
  (l, v) => t('server.reprinting', 'Reprinting', v, l),
  (l, v) => t('server.receiptToPrinter', 'The receipt is on its way to the printer', v, l),
  (l, v) => t('server.noReceiptPrinter', 'There is no receipt printer: add one on the Printers page', v, l),
  (l, v) => t('server.tableAdded', 'The table has been added', v, l),
  (l, v) => t('server.tableUpdated', 'The table has been updated', v, l),
  (l, v) => t('server.tableDeleted', 'The table has been deleted', v, l),
  (l, v) => t('server.combinationAdded', 'The combination has been added', v, l),
  (l, v) => t('server.combinationRemoved', 'The combination has been removed', v, l),
  (l, v) => t('server.billPaid', 'This bill is already paid', v, l),
  (l, v) => t('server.billVoid', 'This bill is void', v, l),
  (l, v) => t('server.billOverDue', "The amount is more than the bill's due ({{due}})", v, l),
];
