import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isPseudoLocale, loadLanguage, setPseudoLocale, t } from '../../shared/i18n/i18n.ts';
import { type Language, chooseLanguage } from '../../shared/i18n/languages.ts';
import { STAFF_MESSAGES } from './staff-messages.ts';

/**
 * The server's side of Bangla and English (SERVICE.md, decision 045): the language of a request
 * (`?lang=`, the `lang` cookie, a browser asking for Bangla first, else the restaurant's
 * `language`), and the `message` of every error answer in it. The messages stay written in
 * English where they are made; here each is matched against the catalog's English templates
 * ("Choose {{group}} for {{dish}}") and written again in the requester's language.
 */

type Message = (language: Language, values?: Record<string, string>) => string;

/** The messages people read, as the catalogs have them. A message not listed goes out in English. */
const MESSAGES: Message[] = [
  (l, v) => t('server.signInFirst', 'Please sign in first', v, l),
  (l, v) => t('server.notAllowed', 'You are not allowed to do this', v, l),
  (l, v) => t('server.notFound', 'Not found', v, l),
  (l, v) => t('server.sessionEnded', 'Your session has ended, please sign in again', v, l),
  (l, v) => t('server.sessionExpired', 'Your session has expired, please sign in again', v, l),
  (l, v) => t('server.onlyAdmins', 'Only administrators may do this', v, l),
  (l, v) => t('server.onlyStaff', 'Only the restaurant staff may do this', v, l),
  (l, v) => t('server.ownAccount', 'You may only act for your own account', v, l),
  (l, v) => t('server.ownRecordsChange', 'You may only change your own records', v, l),
  (l, v) => t('server.ownRecordsSee', 'You may only see your own records', v, l),
  (l, v) => t('server.noSuchOrder', 'No such order', v, l),
  (l, v) => t('server.noSuchPayment', 'No such payment', v, l),
  (l, v) => t('server.noSuchReservation', 'No such reservation', v, l),
  (l, v) => t('server.noSuchReservationOfYours', 'No such reservation of yours', v, l),
  (l, v) => t('server.noDish', 'No dish with this id', v, l),
  (l, v) => t('server.noTable', 'No table with this id', v, l),
  (l, v) => t('server.soldOut', 'Sold out: {{names}}', v, l),
  (l, v) => t('server.chooseOnPage', 'Choose {{group}} for {{dish}} on its page', v, l),
  (l, v) => t('server.choose', 'Choose {{group}} for {{dish}}', v, l),
  (l, v) => t('server.chooseAtMost', 'Choose at most {{max}} {{group}} for {{dish}}', v, l),
  (l, v) => t('server.noLongerOnMenu', '{{name}} is no longer on the menu', v, l),
  (l, v) => t('server.alreadyPlaced', '{{name}} is already in a placed order', v, l),
  (l, v) => t('server.deliveryMinimum', 'A delivery needs at least {{minimum}} of food (this is {{subtotal}})', v, l),
  (l, v) => t('server.addressRequired', 'address is required for a delivery: { line1, area, phone }', v, l),
  (l, v) => t('server.customerName', 'customer.name is required for a pick-up or a delivery', v, l),
  (l, v) => t('server.notACookTime', 'when is not one of the times we can cook for: ask the quote for the free ones', v, l),
  (l, v) => t('server.dineInReservation', 'Dine-in orders are for your reservation of today', v, l),
  (l, v) => t('server.closedOnDay', 'Closed on this day', v, l),
  (l, v) => t('server.dateInPast', 'date is in the past', v, l),
  (l, v) => t('server.dateRequired', 'date is required', v, l),
  (l, v) => t('server.timeRequired', 'time is required', v, l),
  (l, v) => t('server.tooFarAhead', 'date is more than {{days}} days ahead', v, l),
  (l, v) => t('server.partyTooBig', 'partySize must be at most {{max}}: for a bigger party, please call us', v, l),
  (l, v) => t('server.callToChange', 'Please call us to change this late', v, l),
  (l, v) => t('server.tooManyUpcoming', 'You already have {{count}} upcoming reservations: please cancel one first or call us', v, l),
  (l, v) => t('server.cannotCancel', 'This reservation is {{status}} and cannot be cancelled', v, l),
  (l, v) => t('server.cannotChange', 'This reservation is {{status}} and can no longer be changed', v, l),
  (l, v) => t('text.addedToBag', 'Added to your bag', v, l),
  (l, v) => t('server.favoriteConfirmed', 'Your favourite has been confirmed as an order', v, l),
  (l, v) => t('server.orderRemoved', 'Your order has been deleted', v, l),
  (l, v) => t('server.orderPaid', 'Your payment has been received', v, l),
  (l, v) => t('server.tableReserved', 'Table reserved!', v, l),
  (l, v) => t('server.reservationChanged', 'Your reservation has been changed', v, l),
  (l, v) => t('server.reservationCancelled', 'Your reservation has been cancelled', v, l),
  (l, v) => t('server.timeTaken', 'That time is no longer available', v, l),
  (l, v) => t('server.lateCancel', 'Please call us to cancel this late', v, l),
  (l, v) => t('server.tableHeld', 'Table held: pay the deposit within 15 minutes to confirm it', v, l),
  (l, v) => t('server.tooLarge', 'The request is too large', v, l),
  (l, v) => t('server.badRequest', 'Bad request', v, l),
  (l, v) => t('server.unavailable', 'The service is temporarily unavailable, please try again', v, l),
  (l, v) => t('server.failed', 'Something went wrong on our side, please try again', v, l),
  ...STAFF_MESSAGES,
];

interface Compiled {
  pattern: RegExp;
  names: string[];
  message: Message;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let compiled: Compiled[] | undefined;
/** Each message's English template (a missing value stays "{{name}}") made a pattern, once. */
function patterns(): Compiled[] {
  compiled ??= MESSAGES.map((message) => {
    const template = message('en');
    const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] as string);
    const source = template.split(/\{\{\w+\}\}/).map(escapeRegExp).join('(.+?)');
    return { pattern: new RegExp(`^${source}$`, 's'), names, message };
  });
  return compiled;
}

/** A server message in `language`: the catalog's when the message is one of them, else as it is. */
export function translateMessage(message: string, language: Language): string {
  if (language === 'en' && !isPseudoLocale()) return message;
  for (const { pattern, names, message: write } of patterns()) {
    const match = pattern.exec(message);
    if (match) return write(language, Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])));
  }
  return message;
}

/** The language of a request, the restaurant's default last. */
export function languageOfRequest(request: FastifyRequest, restaurantDefault: Language | undefined): Language {
  const query = request.url.indexOf('?');
  return chooseLanguage({ search: query >= 0 ? request.url.slice(query + 1) : '', cookie: request.headers.cookie, acceptLanguage: request.headers['accept-language'] }, restaurantDefault);
}

/**
 * Every answer's `message` (`{ success: false, message }` from the error handler or a route, and
 * the few answers that say what was done, "Table reserved!") is in the requester's language.
 * `restaurantDefault` is read only for answers with a message.
 */
export function translateErrorAnswers(app: FastifyInstance, restaurantDefault: () => Promise<Language | undefined>): void {
  // The browser tests' pseudo-locale (I18N_PSEUDO=1): the pages and the messages in ⟦brackets⟧.
  if (process.env.I18N_PSEUDO === '1') setPseudoLocale(true);
  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const { message } = payload as { message?: unknown };
    if (typeof message !== 'string') return payload;
    const language = languageOfRequest(request, await restaurantDefault().catch(() => undefined));
    if (language === 'en' && !isPseudoLocale()) return payload;
    await loadLanguage(language);
    return { ...payload, message: translateMessage(message, language) };
  });
}
