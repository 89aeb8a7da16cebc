import { t } from '../i18n/i18n.ts';
import type { Language } from '../i18n/languages.ts';

/**
 * The restaurant's settings (opening hours, booking rules, billing, currency and time zone) and its
 * printers, and their fields: the server's messages by code, one area of MESSAGES (errors.ts).
 */
export const SETTINGS_CODES = {
  staffMayOnlyChangeKitchen: (l: Language, v: { v0: string; v1: string }) =>
    t(
      'server.answer.staffMayOnlyChangeKitchen',
      "Staff may only change the kitchen's busy controls ({{v0}}), not {{v1}}",
      v,
      l,
    ),
  unknownPrinter: (l: Language) => t('server.answer.unknownPrinter', 'Unknown printer', undefined, l),
  noPrinterWithId: (l: Language) => t('server.answer.noPrinterWithId', 'No printer with this id', undefined, l),
  noPrintJobWithId: (l: Language) => t('server.answer.noPrintJobWithId', 'No print job with this id', undefined, l),
  thereNoReceiptPrinterAdd: (l: Language) =>
    t(
      'server.answer.thereNoReceiptPrinterAdd',
      'There is no receipt printer: add one on the Printers page',
      undefined,
      l,
    ),
  printerHasBeenAddedType: (l: Language) =>
    t(
      'server.answer.printerHasBeenAddedType',
      'The printer has been added: type its address into the printer now, it is shown only once',
      undefined,
      l,
    ),
  printerHasBeenUpdated: (l: Language) =>
    t('server.answer.printerHasBeenUpdated', 'The printer has been updated', undefined, l),
  printerHasBeenRemoved: (l: Language) =>
    t('server.answer.printerHasBeenRemoved', 'The printer has been removed', undefined, l),
  newAddressTypeIntoPrinter: (l: Language) =>
    t(
      'server.answer.newAddressTypeIntoPrinter',
      'A new address: type it into the printer now, it is shown only once',
      undefined,
      l,
    ),
  testPageItsWay: (l: Language) => t('server.answer.testPageItsWay', 'A test page is on its way', undefined, l),
  reprinting: (l: Language) => t('server.answer.reprinting', 'Reprinting', undefined, l),
  receiptItsWayPrinter: (l: Language) =>
    t('server.answer.receiptItsWayPrinter', 'The receipt is on its way to the printer', undefined, l),
  noJobWaitingPrinter: (l: Language) =>
    t('server.answer.noJobWaitingPrinter', 'No job is waiting for this printer', undefined, l),
  noJobPrinterHoldsToken: (l: Language) =>
    t('server.answer.noJobPrinterHoldsToken', 'No job of this printer holds this token', undefined, l),
  confirmed: (l: Language) => t('server.answer.confirmed', 'Confirmed', undefined, l),
  cannotOpen2400: (l: Language) => t('server.field.cannotOpen2400', 'cannot open at 24:00', undefined, l),
  closeAfterOpens: (l: Language) => t('server.field.closeAfterOpens', 'must close after it opens', undefined, l),
  haveMost50Spans: (l: Language) => t('server.field.haveMost50Spans', 'must have at most 50 spans', undefined, l),
  listDayOpenClose: (l: Language) =>
    t('server.field.listDayOpenClose', 'must be a list of { day, open, close }', undefined, l),
  overlapsAnotherSpanSameDay: (l: Language, v: { v0: string; v1: string }) =>
    t('server.field.overlapsAnotherSpanSameDay', 'overlaps another span of the same day ({{v0}}–{{v1}})', v, l),
  listMaxPartyIncreasingOrder: (l: Language) =>
    t('server.field.listMaxPartyIncreasingOrder', 'must list maxParty in increasing order', undefined, l),
  needsLeastOneEntry: (l: Language) => t('server.field.needsLeastOneEntry', 'needs at least one entry', undefined, l),
  listMaxPartyMinutes: (l: Language) =>
    t('server.field.listMaxPartyMinutes', 'must be a list of { maxParty, minutes }', undefined, l),
  frompartysizePerCoverRefundableUntilMinutes: (l: Language) =>
    t(
      'server.field.frompartysizePerCoverRefundableUntilMinutes',
      'must be { fromPartySize, perCover, refundableUntilMinutes }',
      undefined,
      l,
    ),
  divide60: (l: Language) => t('server.field.divide60', 'must divide 60', undefined, l),
  most100: (l: Language) => t('server.field.most100', 'must be at most 100', undefined, l),
  least0: (l: Language) => t('server.field.least0', 'must be at least 0', undefined, l),
  trueFalse: (l: Language) => t('server.field.trueFalse', 'must be true or false', undefined, l),
  iso8601InstantNull: (l: Language) =>
    t('server.field.iso8601InstantNull', 'must be an ISO 8601 instant or null', undefined, l),
  perguestMaxUnits: (l: Language) => t('server.field.perguestMaxUnits', 'must be { perGuest, maxUnits }', undefined, l),
  categoryNameMost60Characters: (l: Language) =>
    t('server.field.categoryNameMost60Characters', 'a category name must be at most 60 characters', undefined, l),
  categoryNameRequired: (l: Language) =>
    t('server.field.categoryNameRequired', 'a category name is required', undefined, l),
  most40Characters: (l: Language) => t('server.field.most40Characters', 'must be at most 40 characters', undefined, l),
  dineinTakeaway: (l: Language) => t('server.field.dineinTakeaway', 'must be { dineIn, takeaway }', undefined, l),
  listMost100Categories: (l: Language) =>
    t('server.field.listMost100Categories', 'must list at most 100 categories', undefined, l),
  categoryRate: (l: Language) => t('server.field.categoryRate', 'must be { category: rate }', undefined, l),
  haveMost5Values: (l: Language) => t('server.field.haveMost5Values', 'must have at most 5 values', undefined, l),
  listPercentages: (l: Language) => t('server.field.listPercentages', 'must be a list of percentages', undefined, l),
  billingSettings: (l: Language) => t('server.field.billingSettings', 'must be the billing settings', undefined, l),
  categoryRateNull: (l: Language) =>
    t('server.field.categoryRateNull', 'must be { category: rate or null }', undefined, l),
  ianaTimeZoneNameE: (l: Language) =>
    t('server.field.ianaTimeZoneNameE', 'must be an IANA time zone name (e.g. Europe/London, UTC)', undefined, l),
  ianaTimeZoneName: (l: Language) => t('server.field.ianaTimeZoneName', 'must be an IANA time zone name', undefined, l),
  threeLetterCurrencyCodeE: (l: Language) =>
    t('server.field.threeLetterCurrencyCodeE', 'must be a three-letter currency code (e.g. USD)', undefined, l),
  currencyCode: (l: Language) => t('server.field.currencyCode', 'must be a currency code', undefined, l),
  one: (l: Language, v: { v0: string }) => t('server.field.one', 'must be one of {{v0}}', v, l),
  listMost400Dates: (l: Language) => t('server.field.listMost400Dates', 'must list at most 400 dates', undefined, l),
  listDates: (l: Language) => t('server.field.listDates', 'must be a list of dates', undefined, l),
  paperwidth: (l: Language, v: { v0: string }) => t('server.field.paperwidth', 'paperWidth must be {{v0}}', v, l),
  categoriesMayListMost50: (l: Language) =>
    t('server.field.categoriesMayListMost50', 'categories may list at most 50 categories', undefined, l),
  categoriesListCategoryNames: (l: Language) =>
    t('server.field.categoriesListCategoryNames', 'categories must be a list of category names', undefined, l),
  typeOne: (l: Language, v: { v0: string }) => t('server.field.typeOne', 'type must be one of: {{v0}}', v, l),
} as const;
