import '@client/lib/zod-without-eval.ts';
import { type RestaurantSettings, restaurantSettingsSchema } from '@shared/contract/restaurant.ts';
import { checkWith } from '@client/lib/form-check.ts';
import { t } from '@shared/i18n/i18n.ts';
import type { Issues } from './settings-sections.tsx';

/**
 * The settings page's draft and its pure helpers (settings-form.tsx): the number fields of each
 * section, the check with the server's own schema, and what a change of currency does.
 */

export type Draft = RestaurantSettings;
/** A number field: its key, its label, and its step where it takes decimals (whole numbers otherwise). */
export type NumberField<K extends 'reservations' | 'kitchen' | 'fulfilment'> = [
  keyof Draft[K] & string,
  string,
  number?,
];
export const reservationFields = (): NumberField<'reservations'>[] => [
  ['slotMinutes', t('settings.reservations.slotMinutes', 'Slot length (minutes)')],
  ['leadMinutes', t('settings.reservations.leadMinutes', 'Book at least this many minutes ahead')],
  ['horizonDays', t('settings.reservations.horizonDays', 'Book up to this many days ahead')],
  ['maxPartySize', t('settings.reservations.maxPartySize', 'Largest party online')],
  ['cancelCutoffMinutes', t('settings.reservations.cancelCutoffMinutes', 'Guests may cancel until (minutes before)')],
  ['coversPerSlot', t('settings.reservations.coversPerSlot', 'Most guests arriving per slot')],
  ['lastSeatingMinutes', t('settings.reservations.lastSeatingMinutes', 'Last seating (minutes before closing)')],
];
export const kitchenFields = (): NumberField<'kitchen'>[] => [
  ['bucketMinutes', t('settings.kitchen.bucketMinutes', 'Kitchen slot (minutes)')],
  ['unitsPerBucket', t('settings.kitchen.unitsPerBucket', 'Portions the kitchen cooks per slot')],
  ['prepMinutes', t('settings.kitchen.prepMinutes', 'Minutes to cook an order')],
  ['unitsPerCover', t('settings.kitchen.unitsPerCover', 'Portions per seated guest'), 0.1],
  ['firstCourseMinutes', t('settings.kitchen.firstCourseMinutes', "Minutes from seating to a table's first course")],
  ['warnMinutes', t('settings.kitchen.warnMinutes', 'Warn the kitchen this many minutes before a promise')],
];
export const fulfilmentFields = (): NumberField<'fulfilment'>[] => [
  ['deliveryMinutes', t('settings.fulfilment.deliveryMinutes', 'Delivery takes (minutes)')],
  // Amounts may carry cents (docs/reference/ordering.md "Money that agrees on every screen").
  ['deliveryFee', t('settings.fulfilment.deliveryFee', 'Delivery fee'), 0.01],
  ['deliveryMinimum', t('settings.fulfilment.deliveryMinimum', 'Smallest delivery order'), 0.01],
];

/** The draft's problems by path, in the page's language and digits ("সর্বোচ্চ ১০০ হতে পারে"). */
export const issuesOf = (draft: Draft, digits: (text: string) => string): Issues =>
  checkWith(restaurantSettingsSchema, draft, digits).problems;

/** What saving another currency does, said before it is saved: amounts are relabelled, none converted. */
export const currencyChangeText = (from: string, to: string) =>
  t(
    'settings.currencyChange',
    'Saving changes the currency from {{from}} to {{to}}: every price keeps its number and is written in {{to}} (nothing is converted), so set the menu prices in {{to}} too. Bills already opened keep {{from}}, on their receipts too.',
    { from, to },
  );
