import { LANGUAGES } from '../i18n/languages.ts';
import { z } from 'zod';
import { hasControlCharacters } from './common.ts';
import { minutesOf } from '../domain/clock-time.ts';
import { said } from '../i18n/said.ts';

/**
 * The restaurant's settings (docs/reference/operations.md "Restaurant settings"): read by anyone, changed by
 * admins (any field) and staff (the kitchen's busy controls). A PATCH sends any subset: objects
 * merge, arrays replace; every field is checked with its range, and a refusal names the field.
 */

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether "YYYY-MM-DD" names a day of the calendar (2026-02-30 does not). */
function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Whether the runtime knows an IANA time zone (UTC included, which Node 20's supportedValuesOf omits). */
function isTimeZone(name: string): boolean {
  if (name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function int(min: number, max: number) {
  return z
    .number({ error: said('number') })
    .int(said('wholeNumber2'))
    .min(min, said('least2', { v0: min }))
    .max(max, said('most2', { v0: max }));
}

/** An amount in the restaurant's currency: cents allowed, a third decimal refused (docs/reference/ordering.md "Money that agrees on every screen"). */
function amount(min: number, max: number) {
  return z
    .number({ error: said('number') })
    .min(min, said('least2', { v0: min }))
    .max(max, said('most2', { v0: max }))
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, said('mayCarryMostTwoDecimals2'));
}
const dividesHour = (value: number) => 60 % value === 0;

export const localDate = z.string({ error: said('dateYYYYMMDD') }).refine(isCalendarDate, said('dateCalendarYYYYMMDD'));
export const localTime = z.string({ error: said('timeHHMM') }).regex(TIME, said('timeHHMM'));

function text(max: number) {
  return z
    .string({ error: said('text') })
    .trim()
    .min(1, said('required2'))
    .max(max, said('mostCharacters2', { v0: max }))
    .refine((value) => !hasControlCharacters(value), said('oneLineText'));
}

const openingSpan = z
  .object({
    day: int(0, 6),
    open: localTime.refine((t) => t !== '24:00', said('cannotOpen2400')),
    close: localTime,
  })
  .refine((span) => minutesOf(span.close) > minutesOf(span.open), {
    message: said('closeAfterOpens'),
    path: ['close'],
  });

const openingHours = z
  .array(openingSpan, { error: said('listDayOpenClose') })
  .max(50, said('haveMost50Spans'))
  .superRefine((spans, ctx) => {
    for (let i = 0; i < spans.length; i += 1) {
      for (let j = 0; j < i; j += 1) {
        const a = spans[i];
        const b = spans[j];
        if (
          a &&
          b &&
          a.day === b.day &&
          minutesOf(a.open) < minutesOf(b.close) &&
          minutesOf(b.open) < minutesOf(a.close)
        ) {
          ctx.addIssue({
            code: 'custom',
            message: said('overlapsAnotherSpanSameDay', { v0: b.open, v1: b.close }),
            path: [i],
          });
        }
      }
    }
  });

const turnMinutes = z
  .array(z.object({ maxParty: int(1, 50), minutes: int(15, 600) }), {
    error: said('listMaxPartyMinutes'),
  })
  .min(1, said('needsLeastOneEntry'))
  .max(20)
  .refine(
    (list) => list.every((entry, i) => i === 0 || entry.maxParty > (list[i - 1]?.maxParty ?? 0)),
    said('listMaxPartyIncreasingOrder'),
  );

/**
 * Deposits for large parties (docs/reference/ordering.md "Payments"): a booking of `fromPartySize` guests or
 * more pays `perCover` (the restaurant's currency, cents allowed) a guest before it is booked;
 * cancelled more than `refundableUntilMinutes` before its start, it is refunded. Off when absent.
 */
export const depositSettings = z
  .object(
    {
      fromPartySize: int(1, 50),
      perCover: amount(0.01, 10_000),
      refundableUntilMinutes: int(0, 20_160),
    },
    { error: said('frompartysizePerCoverRefundableUntilMinutes') },
  )
  .strict();
export type DepositSettings = z.infer<typeof depositSettings>;

const reservationsFields = {
  slotMinutes: int(5, 60).refine(dividesHour, said('divide60')),
  leadMinutes: int(0, 10_080),
  horizonDays: int(1, 400),
  maxPartySize: int(1, 50),
  cancelCutoffMinutes: int(0, 20_160),
  coversPerSlot: int(1, 1000),
  lastSeatingMinutes: int(0, 600),
  turnMinutes,
};
const reservationsSettings = z.object({ ...reservationsFields, deposit: depositSettings.optional() });
/** PATCH's reservations: any subset; `deposit` replaces the whole deposit, null switches deposits off. */
const reservationsPatch = z.object({ ...reservationsFields, deposit: depositSettings.nullable() }).partial();

const kitchenSettings = z.object({
  bucketMinutes: int(5, 60).refine(dividesHour, said('divide60')),
  unitsPerBucket: int(1, 10_000),
  prepMinutes: int(0, 240),
  unitsPerCover: z
    .number({ error: said('number') })
    .min(0, said('least0'))
    .max(100, said('most100')),
  firstCourseMinutes: int(0, 240),
  extraDelayMinutes: int(0, 240),
  acceptingOrders: z.boolean({ error: said('trueFalse') }),
  pausedUntil: z.iso.datetime({ offset: true, error: said('iso8601InstantNull') }).nullable(),
  warnMinutes: int(0, 60),
});

const fulfilmentSettings = z.object({
  dineIn: z.boolean({ error: said('trueFalse') }),
  pickup: z.boolean({ error: said('trueFalse') }),
  delivery: z.boolean({ error: said('trueFalse') }),
  deliveryMinutes: int(0, 240),
  deliveryFee: amount(0, 1000),
  deliveryMinimum: amount(0, 100_000),
});

/**
 * Limits on tickets a guest places without paying (cash on collection, delivery or at the
 * table), so that unpaid orders cannot hold the kitchen (issue 40 point 6): how many of a
 * guest's may be open at once, and how many units of the kitchen one may take (null: a quarter
 * of a bucket's units). Staff are not limited.
 */
const unpaidOrdersFields = {
  perGuest: int(0, 100),
  maxUnits: int(1, 10_000).nullable(),
};
const UNPAID_ORDERS_DEFAULTS = { perGuest: 3, maxUnits: null } as const;
const unpaidOrdersSettings = z.object(unpaidOrdersFields, { error: said('perguestMaxUnits') });

/** A percentage 0–100 with at most two decimals (docs/reference/ordering.md "The bill"). */
function percentField() {
  return amount(0, 100);
}

const categoryName = z
  .string()
  .trim()
  .min(1, said('categoryNameRequired'))
  .max(60, said('categoryNameMost60Characters'));

/**
 * Billing (docs/reference/ordering.md "The bill"): the tax's name and number, whether prices include it, the
 * rates (dine-in, takeaway, per category), the service charge on dine-in bills, the tips offered
 * and how much of a bill staff may take off without an administrator.
 */
const billingFields = {
  taxName: text(20),
  taxInclusive: z.boolean({ error: said('trueFalse') }),
  taxNumber: z
    .string({ error: said('text') })
    .trim()
    .max(40, said('most40Characters'))
    .refine((value) => !hasControlCharacters(value), said('oneLineText')),
  rates: z.object({ dineIn: percentField(), takeaway: percentField() }, { error: said('dineinTakeaway') }),
  categoryRates: z
    .record(categoryName, percentField(), { error: said('categoryRate') })
    .refine((rates) => Object.keys(rates).length <= 100, said('listMost100Categories')),
  serviceChargePercent: percentField(),
  tipSuggestions: z.array(percentField(), { error: said('listPercentages') }).max(5, said('haveMost5Values')),
  staffDiscountMaxPercent: percentField(),
};
export const BILLING_DEFAULTS = {
  taxName: 'VAT',
  taxInclusive: true,
  taxNumber: '000123456-0101',
  rates: { dineIn: 15, takeaway: 5 },
  categoryRates: { Drinks: 15 },
  serviceChargePercent: 10,
  tipSuggestions: [5, 10, 15],
  staffDiscountMaxPercent: 20,
};
const billingSettings = z.object(billingFields, { error: said('billingSettings') });
export type BillingSettings = z.infer<typeof billingSettings>;

/** PATCH's billing: any subset; `rates` merge; in `categoryRates` a category set to null is removed. */
const billingPatch = z
  .object({
    ...billingFields,
    rates: billingFields.rates.partial(),
    categoryRates: z.record(categoryName, percentField().nullable(), { error: said('categoryRateNull') }),
  })
  .partial()
  .strict();

export const restaurantSettingsSchema = z.object({
  name: text(100),
  address: text(200),
  phone: text(40),
  timeZone: z.string({ error: said('ianaTimeZoneName') }).refine(isTimeZone, said('ianaTimeZoneNameE')),
  currency: z.string({ error: said('currencyCode') }).regex(/^[A-Z]{3}$/, said('threeLetterCurrencyCodeE')),
  // The default language of guests who chose none and of staff screens, receipts and e-mails
  // (docs/reference/service.md "Bangla and English", decision 045); `latinDigits` keeps 0-9 in Bangla.
  language: z.enum(LANGUAGES, { error: said('one', { v0: LANGUAGES.join(', ') }) }).default('en'),
  latinDigits: z.boolean({ error: said('trueFalse') }).default(false),
  openingHours,
  closedDates: z.array(localDate, { error: said('listDates') }).max(400, said('listMost400Dates')),
  reservations: reservationsSettings,
  kitchen: kitchenSettings,
  fulfilment: fulfilmentSettings,
  // Settings saved before these limits existed read as the defaults.
  unpaidOrders: unpaidOrdersSettings.default({ ...UNPAID_ORDERS_DEFAULTS }),
  // Settings saved before billing existed read as the defaults.
  billing: billingSettings.default(() => structuredClone(BILLING_DEFAULTS)),
});
export type RestaurantSettings = z.infer<typeof restaurantSettingsSchema>;

/** PATCH /api/v1/restaurant: any subset; objects merge, arrays replace. */
export const restaurantPatchBody = z
  .object({
    name: restaurantSettingsSchema.shape.name.optional(),
    address: restaurantSettingsSchema.shape.address.optional(),
    phone: restaurantSettingsSchema.shape.phone.optional(),
    timeZone: restaurantSettingsSchema.shape.timeZone.optional(),
    currency: restaurantSettingsSchema.shape.currency.optional(),
    language: z.enum(LANGUAGES, { error: said('one', { v0: LANGUAGES.join(', ') }) }).optional(),
    latinDigits: z.boolean({ error: said('trueFalse') }).optional(),
    openingHours: openingHours.optional(),
    closedDates: restaurantSettingsSchema.shape.closedDates.optional(),
    reservations: reservationsPatch.optional(),
    kitchen: kitchenSettings.partial().optional(),
    fulfilment: fulfilmentSettings.partial().optional(),
    unpaidOrders: unpaidOrdersSettings.partial().optional(),
    billing: billingPatch.optional(),
  })
  .strict();
export type RestaurantPatch = z.infer<typeof restaurantPatchBody>;

/** The busy controls: the only settings staff may change. */
export const STAFF_KITCHEN_FIELDS = ['extraDelayMinutes', 'acceptingOrders', 'pausedUntil'] as const;

export const restaurantResponse = z.object({ success: z.literal(true), data: restaurantSettingsSchema });
