import { LANGUAGES } from '../i18n/languages.ts';
import { z } from 'zod';
import { hasControlCharacters } from './common.ts';
import { minutesOf } from '../domain/clock-time.ts';

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
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
}

/** An amount in the restaurant's currency: cents allowed, a third decimal refused (docs/reference/ordering.md "Money that agrees on every screen"). */
function amount(min: number, max: number) {
  return z
    .number({ error: 'must be a number' })
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'may carry at most two decimals');
}
const dividesHour = (value: number) => 60 % value === 0;

export const localDate = z
  .string({ error: 'must be a date (YYYY-MM-DD)' })
  .refine(isCalendarDate, 'must be a date of the calendar (YYYY-MM-DD)');
export const localTime = z.string({ error: 'must be a time (HH:MM)' }).regex(TIME, 'must be a time (HH:MM)');

function text(max: number) {
  return z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !hasControlCharacters(value), 'must be one line of text');
}

const openingSpan = z
  .object({
    day: int(0, 6),
    open: localTime.refine((t) => t !== '24:00', 'cannot open at 24:00'),
    close: localTime,
  })
  .refine((span) => minutesOf(span.close) > minutesOf(span.open), {
    message: 'must close after it opens',
    path: ['close'],
  });

const openingHours = z
  .array(openingSpan, { error: 'must be a list of { day, open, close }' })
  .max(50, 'must have at most 50 spans')
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
            message: `overlaps another span of the same day (${b.open}–${b.close})`,
            path: [i],
          });
        }
      }
    }
  });

const turnMinutes = z
  .array(z.object({ maxParty: int(1, 50), minutes: int(15, 600) }), {
    error: 'must be a list of { maxParty, minutes }',
  })
  .min(1, 'needs at least one entry')
  .max(20)
  .refine(
    (list) => list.every((entry, i) => i === 0 || entry.maxParty > (list[i - 1]?.maxParty ?? 0)),
    'must list maxParty in increasing order',
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
    { error: 'must be { fromPartySize, perCover, refundableUntilMinutes }' },
  )
  .strict();
export type DepositSettings = z.infer<typeof depositSettings>;

const reservationsFields = {
  slotMinutes: int(5, 60).refine(dividesHour, 'must divide 60'),
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
  bucketMinutes: int(5, 60).refine(dividesHour, 'must divide 60'),
  unitsPerBucket: int(1, 10_000),
  prepMinutes: int(0, 240),
  unitsPerCover: z.number({ error: 'must be a number' }).min(0, 'must be at least 0').max(100, 'must be at most 100'),
  firstCourseMinutes: int(0, 240),
  extraDelayMinutes: int(0, 240),
  acceptingOrders: z.boolean({ error: 'must be true or false' }),
  pausedUntil: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 instant or null' }).nullable(),
  warnMinutes: int(0, 60),
});

const fulfilmentSettings = z.object({
  dineIn: z.boolean({ error: 'must be true or false' }),
  pickup: z.boolean({ error: 'must be true or false' }),
  delivery: z.boolean({ error: 'must be true or false' }),
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
const unpaidOrdersSettings = z.object(unpaidOrdersFields, { error: 'must be { perGuest, maxUnits }' });

/** A percentage 0–100 with at most two decimals (docs/reference/ordering.md "The bill"). */
function percentField() {
  return amount(0, 100);
}

const categoryName = z
  .string()
  .trim()
  .min(1, 'a category name is required')
  .max(60, 'a category name must be at most 60 characters');

/**
 * Billing (docs/reference/ordering.md "The bill"): the tax's name and number, whether prices include it, the
 * rates (dine-in, takeaway, per category), the service charge on dine-in bills, the tips offered
 * and how much of a bill staff may take off without an administrator.
 */
const billingFields = {
  taxName: text(20),
  taxInclusive: z.boolean({ error: 'must be true or false' }),
  taxNumber: z
    .string({ error: 'must be text' })
    .trim()
    .max(40, 'must be at most 40 characters')
    .refine((value) => !hasControlCharacters(value), 'must be one line of text'),
  rates: z.object({ dineIn: percentField(), takeaway: percentField() }, { error: 'must be { dineIn, takeaway }' }),
  categoryRates: z
    .record(categoryName, percentField(), { error: 'must be { category: rate }' })
    .refine((rates) => Object.keys(rates).length <= 100, 'must list at most 100 categories'),
  serviceChargePercent: percentField(),
  tipSuggestions: z
    .array(percentField(), { error: 'must be a list of percentages' })
    .max(5, 'must have at most 5 values'),
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
const billingSettings = z.object(billingFields, { error: 'must be the billing settings' });
export type BillingSettings = z.infer<typeof billingSettings>;

/** PATCH's billing: any subset; `rates` merge; in `categoryRates` a category set to null is removed. */
const billingPatch = z
  .object({
    ...billingFields,
    rates: billingFields.rates.partial(),
    categoryRates: z.record(categoryName, percentField().nullable(), { error: 'must be { category: rate or null }' }),
  })
  .partial()
  .strict();

export const restaurantSettingsSchema = z.object({
  name: text(100),
  address: text(200),
  phone: text(40),
  timeZone: z
    .string({ error: 'must be an IANA time zone name' })
    .refine(isTimeZone, 'must be an IANA time zone name (e.g. Europe/London, UTC)'),
  currency: z
    .string({ error: 'must be a currency code' })
    .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code (e.g. USD)'),
  // The default language of guests who chose none and of staff screens, receipts and e-mails
  // (docs/reference/service.md "Bangla and English", decision 045); `latinDigits` keeps 0-9 in Bangla.
  language: z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` }).default('en'),
  latinDigits: z.boolean({ error: 'must be true or false' }).default(false),
  openingHours,
  closedDates: z.array(localDate, { error: 'must be a list of dates' }).max(400, 'must list at most 400 dates'),
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
    language: z.enum(LANGUAGES, { error: `must be one of ${LANGUAGES.join(', ')}` }).optional(),
    latinDigits: z.boolean({ error: 'must be true or false' }).optional(),
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
