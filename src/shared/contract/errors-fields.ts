import { t } from '../i18n/i18n.ts';
import type { Language } from '../i18n/languages.ts';

/**
 * The fields any form or query may have (a text's length, a number's bounds, a key, a page's cursor,
 * an audit period): the server's messages by code, one area of MESSAGES (errors.ts).
 */
export const FIELD_CODES = {
  positiveWholeNumber: (l: Language, v: { v0: string }) =>
    t('server.field.positiveWholeNumber', '{{v0}} must be a positive whole number', v, l),
  givenOnceText: (l: Language) => t('server.field.givenOnceText', 'must be given once, as text', undefined, l),
  mostCharacters: (l: Language, v: { v0: string; v1: string }) =>
    t('server.field.mostCharacters', '{{v0}} must be at most {{v1}} characters', v, l),
  required: (l: Language, v: { v0: string }) => t('server.field.required', '{{v0}} is required', v, l),
  most: (l: Language, v: { v0: string; v1: string }) => t('server.field.most', '{{v0}} must be at most {{v1}}', v, l),
  least: (l: Language, v: { v0: string; v1: string }) =>
    t('server.field.least', '{{v0}} must be at least {{v1}}', v, l),
  wholeNumber: (l: Language, v: { v0: string }) => t('server.field.wholeNumber', '{{v0}} must be a whole number', v, l),
  aNumber: (l: Language, v: { v0: string }) => t('server.field.aNumber', '{{v0}} must be a number', v, l),
  aText: (l: Language, v: { v0: string }) => t('server.field.aText', '{{v0}} must be text', v, l),
  mayCarryMostTwoDecimals: (l: Language, v: { v0: string }) =>
    t('server.field.mayCarryMostTwoDecimals', '{{v0}} may carry at most two decimals', v, l),
  haveLeast5Digits: (l: Language, v: { v0: string }) =>
    t('server.field.haveLeast5Digits', '{{v0}} must have at least 5 digits', v, l),
  phoneNumberDigitsSpaces: (l: Language, v: { v0: string }) =>
    t('server.field.phoneNumberDigitsSpaces', '{{v0}} must be a phone number (digits, spaces, + ( ) - .)', v, l),
  most30Characters: (l: Language, v: { v0: string }) =>
    t('server.field.most30Characters', '{{v0}} must be at most 30 characters', v, l),
  limitWholeNumberFrom1: (l: Language, v: { v0: string }) =>
    t('server.field.limitWholeNumberFrom1', 'limit must be a whole number from 1 to {{v0}}', v, l),
  cursorNextCursorPageBefore: (l: Language) =>
    t('server.field.cursorNextCursorPageBefore', 'cursor must be the nextCursor of the page before', undefined, l),
  keyPrintableCharactersWithoutSpaces: (l: Language) =>
    t(
      'server.field.keyPrintableCharactersWithoutSpaces',
      'key must be printable characters without spaces',
      undefined,
      l,
    ),
  key864Characters: (l: Language) => t('server.field.key864Characters', 'key must be 8 to 64 characters', undefined, l),
  keyRequired: (l: Language) => t('server.field.keyRequired', 'key is required', undefined, l),
  most2: (l: Language, v: { v0: string }) => t('server.field.most2', 'must be at most {{v0}}', v, l),
  least2: (l: Language, v: { v0: string }) => t('server.field.least2', 'must be at least {{v0}}', v, l),
  wholeNumber2: (l: Language) => t('server.field.wholeNumber2', 'must be a whole number', undefined, l),
  number: (l: Language) => t('server.field.number', 'must be a number', undefined, l),
  mayCarryMostTwoDecimals2: (l: Language) =>
    t('server.field.mayCarryMostTwoDecimals2', 'may carry at most two decimals', undefined, l),
  dateCalendarYYYYMMDD: (l: Language) =>
    t('server.field.dateCalendarYYYYMMDD', 'must be a date of the calendar (YYYY-MM-DD)', undefined, l),
  dateYYYYMMDD: (l: Language) => t('server.field.dateYYYYMMDD', 'must be a date (YYYY-MM-DD)', undefined, l),
  timeHHMM: (l: Language) => t('server.field.timeHHMM', 'must be a time (HH:MM)', undefined, l),
  oneLineText: (l: Language) => t('server.field.oneLineText', 'must be one line of text', undefined, l),
  mostCharacters2: (l: Language, v: { v0: string }) =>
    t('server.field.mostCharacters2', 'must be at most {{v0}} characters', v, l),
  required2: (l: Language) => t('server.field.required2', 'is required', undefined, l),
  text: (l: Language) => t('server.field.text', 'must be text', undefined, l),
  statusOne: (l: Language, v: { v0: string }) => t('server.field.statusOne', 'status must be one of: {{v0}}', v, l),
  kindOne: (l: Language, v: { v0: string }) => t('server.field.kindOne', 'kind must be one of: {{v0}}', v, l),
  staffUserId: (l: Language) => t('server.field.staffUserId', 'staff must be a user id', undefined, l),
  fromNotAfterTo: (l: Language) => t('server.field.fromNotAfterTo', 'from must not be after to', undefined, l),
  mostDaysOnce: (l: Language, v: { v0: string }) => t('server.field.mostDaysOnce', 'at most {{v0}} days at once', v, l),
  now: (l: Language, v: { v0: string; v1: string }) => t('server.field.now', '{{v0}} is now {{v1}}', v, l),
  hasBeenDeleted: (l: Language, v: { v0: string }) => t('server.field.hasBeenDeleted', '{{v0}} has been deleted', v, l),
  keyNotContainControlCharacters: (l: Language) =>
    t(
      'server.field.keyNotContainControlCharacters',
      'key must not contain control characters or surrounding spaces',
      undefined,
      l,
    ),
  keyCharacters: (l: Language, v: { v0: string; v1: string }) =>
    t('server.field.keyCharacters', 'key must be {{v0}} to {{v1}} characters', v, l),
} as const;
