import { t } from '../i18n/i18n.ts';
import type { Language } from '../i18n/languages.ts';

/**
 * Reservations, tables and their combinations, and their fields: the server's messages by code, one
 * area of MESSAGES (errors.ts).
 */
export const BOOKINGS_CODES = {
  noSuchReservation: (l: Language) => t('server.noSuchReservation', 'No such reservation', undefined, l),
  noSuchReservationOfYours: (l: Language) =>
    t('server.noSuchReservationOfYours', 'No such reservation of yours', undefined, l),
  noTable: (l: Language) => t('server.noTable', 'No table with this id', undefined, l),
  closedOnDay: (l: Language) => t('server.closedOnDay', 'Closed on this day', undefined, l),
  dateInPast: (l: Language) => t('server.dateInPast', 'date is in the past', undefined, l),
  dateRequired: (l: Language) => t('server.dateRequired', 'date is required', undefined, l),
  timeRequired: (l: Language) => t('server.timeRequired', 'time is required', undefined, l),
  tooFarAhead: (l: Language, v: { days: string }) =>
    t('server.tooFarAhead', 'date is more than {{days}} days ahead', v, l),
  partyTooBig: (l: Language, v: { max: string }) =>
    t('server.partyTooBig', 'partySize must be at most {{max}}: for a bigger party, please call us', v, l),
  callToChange: (l: Language) => t('server.callToChange', 'Please call us to change this late', undefined, l),
  tooManyUpcoming: (l: Language, v: { count: string }) =>
    t(
      'server.tooManyUpcoming',
      'You already have {{count}} upcoming reservations: please cancel one first or call us',
      v,
      l,
    ),
  cannotCancel: (l: Language, v: { status: string }) =>
    t('server.cannotCancel', 'This reservation is {{status}} and cannot be cancelled', v, l),
  cannotChange: (l: Language, v: { status: string }) =>
    t('server.cannotChange', 'This reservation is {{status}} and can no longer be changed', v, l),
  tableReserved: (l: Language) => t('server.tableReserved', 'Table reserved!', undefined, l),
  reservationChanged: (l: Language) =>
    t('server.reservationChanged', 'Your reservation has been changed', undefined, l),
  reservationCancelled: (l: Language) =>
    t('server.reservationCancelled', 'Your reservation has been cancelled', undefined, l),
  timeTaken: (l: Language) => t('server.timeTaken', 'That time is no longer available', undefined, l),
  lateCancel: (l: Language) => t('server.lateCancel', 'Please call us to cancel this late', undefined, l),
  tableHeld: (l: Language) =>
    t('server.tableHeld', 'Table held: pay the deposit within 15 minutes to confirm it', undefined, l),
  thereAlreadyTableNamed: (l: Language, v: { v0: string }) =>
    t('server.answer.thereAlreadyTableNamed', 'There is already a table named "{{v0}}"', v, l),
  noTableCombinationWithId: (l: Language) =>
    t('server.answer.noTableCombinationWithId', 'No table combination with this id', undefined, l),
  reservationChangedMeanwhileLookAgain: (l: Language) =>
    t(
      'server.answer.reservationChangedMeanwhileLookAgain',
      'This reservation changed meanwhile: look again',
      undefined,
      l,
    ),
  itsTableHasBeenGiven: (l: Language) =>
    t(
      'server.answer.itsTableHasBeenGiven',
      'Its table has been given away meanwhile: book the guest again',
      undefined,
      l,
    ),
  reservationCannotBecome: (l: Language, v: { v0: string; v1: string }) =>
    t('server.answer.reservationCannotBecome', 'A reservation that is {{v0}} cannot become {{v1}}', v, l),
  noShowCanBookedAgain: (l: Language) =>
    t('server.answer.noShowCanBookedAgain', 'A no-show can be booked again only on its own day', undefined, l),
  onlyRestaurantStaffMayBook: (l: Language) =>
    t(
      'server.answer.onlyRestaurantStaffMayBook',
      'Only the restaurant staff may book by phone or seat walk-ins',
      undefined,
      l,
    ),
  noFreeTableFitsNow: (l: Language, v: { v0: string; v1: string }) =>
    t('server.answer.noFreeTableFitsNow', 'No free table fits {{v0}} {{v1}} now', v, l),
  onlyRestaurantStaffMayChoose: (l: Language) =>
    t('server.answer.onlyRestaurantStaffMayChoose', 'Only the restaurant staff may choose the tables', undefined, l),
  reservationNow: (l: Language, v: { v0: string }) =>
    t('server.answer.reservationNow', 'The reservation is now {{v0}}', v, l),
  reservationNowBooked: (l: Language) =>
    t('server.answer.reservationNowBooked', 'The reservation is now booked', undefined, l),
  reservationNowSeated: (l: Language) =>
    t('server.answer.reservationNowSeated', 'The reservation is now seated', undefined, l),
  reservationNowCompleted: (l: Language) =>
    t('server.answer.reservationNowCompleted', 'The reservation is now completed', undefined, l),
  reservationNowCancelled: (l: Language) =>
    t('server.answer.reservationNowCancelled', 'The reservation is now cancelled', undefined, l),
  reservationNowNoShow: (l: Language) =>
    t('server.answer.reservationNowNoShow', 'The reservation is now no-show', undefined, l),
  reservationNowPendingDeposit: (l: Language) =>
    t('server.answer.reservationNowPendingDeposit', 'The reservation is now pending-deposit', undefined, l),
  tableHasBeenAdded: (l: Language) => t('server.answer.tableHasBeenAdded', 'The table has been added', undefined, l),
  tableHasBeenUpdated: (l: Language) =>
    t('server.answer.tableHasBeenUpdated', 'The table has been updated', undefined, l),
  tableHasBeenDeleted: (l: Language) =>
    t('server.answer.tableHasBeenDeleted', 'The table has been deleted', undefined, l),
  combinationHasBeenAdded: (l: Language) =>
    t('server.answer.combinationHasBeenAdded', 'The combination has been added', undefined, l),
  combinationHasBeenRemoved: (l: Language) =>
    t('server.answer.combinationHasBeenRemoved', 'The combination has been removed', undefined, l),
  partysizeWholeNumber: (l: Language) =>
    t('server.field.partysizeWholeNumber', 'partySize must be a whole number', undefined, l),
  sourceOne: (l: Language, v: { v0: string }) => t('server.field.sourceOne', 'source must be one of: {{v0}}', v, l),
  phoneRequired: (l: Language) => t('server.field.phoneRequired', 'phone is required', undefined, l),
  tableidsNeedsTable: (l: Language) => t('server.field.tableidsNeedsTable', 'tableIds needs a table', undefined, l),
  maxcoversLeastMinCovers: (l: Language) =>
    t('server.field.maxcoversLeastMinCovers', 'maxCovers must be at least minCovers', undefined, l),
  activeTrueFalse: (l: Language) => t('server.field.activeTrueFalse', 'active must be true or false', undefined, l),
  tableidsNotRepeatTable: (l: Language) =>
    t('server.field.tableidsNotRepeatTable', 'tableIds must not repeat a table', undefined, l),
  tableidsMayListMost8: (l: Language) =>
    t('server.field.tableidsMayListMost8', 'tableIds may list at most 8 tables', undefined, l),
  tableidsNeedsLeast2Tables: (l: Language) =>
    t('server.field.tableidsNeedsLeast2Tables', 'tableIds needs at least 2 tables', undefined, l),
  tableidsListTableIds: (l: Language) =>
    t('server.field.tableidsListTableIds', 'tableIds must be a list of table ids', undefined, l),
  hasUpcomingBookingsDeactivateInstead: (l: Language, v: { v0: string }) =>
    t('server.field.hasUpcomingBookingsDeactivateInstead', '{{v0}} has upcoming bookings: deactivate it instead', v, l),
  tableidsNoTableWithId: (l: Language, v: { v0: string }) =>
    t('server.field.tableidsNoTableWithId', 'tableIds: no table with the id {{v0}}', v, l),
  timeNotOneDayS: (l: Language, v: { v0: string }) =>
    t('server.field.timeNotOneDayS', "time {{v0}} is not one of the day's booking times", v, l),
  tableidsEachActiveTable: (l: Language) =>
    t('server.field.tableidsEachActiveTable', 'tableIds: each must be an active table', undefined, l),
  tableidsThoseTablesSeatFewer: (l: Language, v: { v0: string; v1: string }) =>
    t(
      'server.field.tableidsThoseTablesSeatFewer',
      'tableIds: those tables seat {{v0}}, fewer than the party of {{v1}}',
      v,
      l,
    ),
} as const;
