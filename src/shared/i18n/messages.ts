import { isPseudoLocale, t, withoutPseudo } from './i18n.ts';
import type { Language } from './languages.ts';
import { ANSWER_MESSAGES } from './messages-answers.ts';
import { FIELD_MESSAGES, FIELD_NAMES } from './messages-fields.ts';

/**
 * The messages of the server and of the contract's schemas in a language (decisions 045, 049):
 * they stay written in English where they are made; each is matched against the catalog's
 * English templates ("Choose {{group}} for {{dish}}") and written again in the language. The
 * server writes its answers' `message` so (http/language.ts); the staff forms that check with
 * the contract's schemas write their problems so (client/lib/form-check.ts): one list for both.
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
  (l, v) =>
    t('server.notACookTime', 'when is not one of the times we can cook for: ask the quote for the free ones', v, l),
  (l, v) => t('server.dineInReservation', 'Dine-in orders are for your reservation of today', v, l),
  (l, v) => t('server.closedOnDay', 'Closed on this day', v, l),
  (l, v) => t('server.dateInPast', 'date is in the past', v, l),
  (l, v) => t('server.dateRequired', 'date is required', v, l),
  (l, v) => t('server.timeRequired', 'time is required', v, l),
  (l, v) => t('server.tooFarAhead', 'date is more than {{days}} days ahead', v, l),
  (l, v) => t('server.partyTooBig', 'partySize must be at most {{max}}: for a bigger party, please call us', v, l),
  (l, v) => t('server.callToChange', 'Please call us to change this late', v, l),
  (l, v) =>
    t(
      'server.tooManyUpcoming',
      'You already have {{count}} upcoming reservations: please cancel one first or call us',
      v,
      l,
    ),
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
  (l, v) => t('server.busy', 'We are very busy right now: please try again in a moment', v, l),
  (l, v) => t('server.failed', 'Something went wrong on our side, please try again', v, l),
];

interface Compiled {
  pattern: RegExp;
  names: string[];
  message: Message;
  /** How many characters of its own (not values) the template has. */
  own: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let compiled: Compiled[] | undefined;
/**
 * Each message's English template (a missing value stays "{{name}}") made a pattern, once; the
 * most specific first (the most words of its own), so "partySize must be at most {{max}}: for a
 * bigger party, please call us" is found before "{{v0}} must be at most {{v1}}".
 */
function patterns(): Compiled[] {
  compiled ??= [...MESSAGES, ...ANSWER_MESSAGES, ...FIELD_MESSAGES]
    .map((message) => {
      // The English as written, also in the pseudo-locale (whose texts are "⟦…⟧").
      const template = withoutPseudo(() => message('en'));
      const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] as string);
      const parts = template.split(/\{\{\w+\}\}/);
      return {
        pattern: new RegExp(`^${parts.map(escapeRegExp).join('(.+?)')}$`, 's'),
        names,
        message,
        own: parts.join('').length,
      };
    })
    .sort((a, b) => b.own - a.own);
  return compiled;
}

let fieldNames: Map<string, (language: Language) => string> | undefined;
/** A value that names a field ("price") in `language`; any other value as it is. */
function valueIn(value: string, language: Language): string {
  fieldNames ??= new Map(FIELD_NAMES.map((name) => [withoutPseudo(() => name('en')), name]));
  return fieldNames.get(value)?.(language) ?? value;
}

function translateWhole(message: string, language: Language): string | undefined {
  for (const { pattern, names, message: write } of patterns()) {
    const match = pattern.exec(message);
    if (match)
      return write(
        language,
        Object.fromEntries(names.map((name, index) => [name, valueIn(match[index + 1] ?? '', language)])),
      );
  }
  return undefined;
}

/**
 * A server message in `language`: the catalog's when the message is one of them (a field's
 * message too, "partySize: must be a whole number", its field name kept), else as it is.
 */
export function translateMessage(message: string, language: Language): string {
  if (language === 'en' && !isPseudoLocale()) return message;
  const whole = translateWhole(message, language);
  if (whole !== undefined) return whole;
  const field = /^([\w.[\]-]+): (.+)$/s.exec(message);
  const rest = field ? translateWhole(field[2] as string, language) : undefined;
  return field && rest !== undefined ? `${field[1]}: ${rest}` : message;
}
