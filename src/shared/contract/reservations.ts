import { z } from 'zod';
import {
  changed,
  emailField,
  listOf,
  phoneField,
  recordId,
  recordIdParams,
  singleQueryString,
  textField,
  wholeNumber,
} from './common.ts';
import { checkoutPayment } from './payments.ts';
import { localDate, localTime } from './restaurant.ts';

/**
 * Reservations (docs/reference/operations.md "Tables and reservations"). Statuses move by RESERVATION_TRANSITIONS
 * (shared/domain/workflows.ts); the server refuses anything else with 409.
 */

/** `pending_deposit`: a large party's booking holding its table while its deposit is paid (docs/reference/ordering.md "Payments"). */
export const RESERVATION_STATUSES = [
  'pending_deposit',
  'booked',
  'seated',
  'completed',
  'cancelled',
  'no_show',
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const RESERVATION_SOURCES = ['online', 'phone', 'walk_in'] as const;

export const RESERVATION_MESSAGES = {
  taken: said('timeTaken'),
  lateCancel: said('lateCancel'),
  booked: said('tableReserved'),
  changed: said('reservationChanged'),
  cancelled: said('reservationCancelled'),
  /** A change that lost a race: what it read is no longer so. */
  changedMeanwhile: said('reservationChangedMeanwhileLookAgain'),
  /** A large party's booking, answered before its deposit is paid. */
  depositDue: said('tableHeld'),
} as const;

import { DEPOSIT_PROVIDERS } from './values.ts';
import { said } from '../i18n/said.ts';
export { DEPOSIT_PROVIDERS } from './values.ts';

/** A reservation's deposit as its guest and the staff see it (amounts in the restaurant's currency). */
const depositSchema = z.object({
  paymentId: z.string(),
  amount: z.number(),
  currency: z.string(),
  /** The deposit payment's status: pending (due), succeeded (paid, kept or on the bill), refunded, failed or expired. */
  status: z.enum(['pending', 'succeeded', 'failed', 'expired', 'refunded', 'partially_refunded']),
  refunded: z.number(),
  /** Until when an unpaid deposit holds the table (pending only). */
  dueBy: z.string().nullable(),
  /** A cancel before this instant refunds the deposit; after it, the deposit is kept. */
  refundableUntil: z.string().nullable(),
});
export type ReservationDeposit = z.infer<typeof depositSchema>;

const partySize = wholeNumber('partySize', 1, 50);
const phone = phoneField('phone');

const reservationSchema = z.object({
  _id: z.string(),
  /** The branch it is booked at (docs/reference/branches.md). */
  branchId: z.string(),
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  partySize: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  notes: z.string(),
  status: z.enum(RESERVATION_STATUSES),
  tables: z.array(z.object({ _id: z.string(), name: z.string() })),
  source: z.enum(RESERVATION_SOURCES),
  createdAt: z.string(),
  seatedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  noShowAt: z.string().nullable(),
  /** Whether the guest may still cancel it online (before cancelCutoffMinutes). */
  cancellable: z.boolean(),
  /** Its deposit (a large party's), or null. */
  deposit: depositSchema.nullable(),
});
export type Reservation = z.infer<typeof reservationSchema>;

/** GET /api/v1/reservations/availability?date=&partySize= */
export const availabilityQuery = z.object({
  date: singleQueryString.pipe(localDate),
  partySize: singleQueryString
    .regex(/^\d{1,3}$/, said('partysizeWholeNumber'))
    .transform(Number)
    .pipe(partySize),
});
const slotSchema = z.object({
  time: z.string(),
  startsAt: z.string(),
  available: z.boolean(),
  reason: z.enum(['past', 'too soon', 'full', 'no table']).optional(),
});
export const availabilityResponse = listOf(slotSchema);

/** POST /api/v1/reservations: a guest's booking; staff add `source` phone or walk_in. */
export const createReservationBody = z
  .object({
    date: localDate.optional(),
    time: localTime.optional(),
    partySize,
    name: textField('name', 100),
    /** Required, but for a walk-in: the guest is in the room (issue 48, point 4). */
    phone: phone.optional(),
    notes: textField('notes', 500, { required: false, multiline: true }).optional(),
    email: emailField.optional(),
    source: z
      .enum(RESERVATION_SOURCES, { error: said('sourceOne', { v0: RESERVATION_SOURCES.join(', ') }) })
      .optional(),
    /** How a guest pays a deposit when the party needs one (the first provider offered when absent). */
    pay: z
      .object({
        provider: z.enum(DEPOSIT_PROVIDERS, { error: said('providerOne', { v0: DEPOSIT_PROVIDERS.join(', ') }) }),
      })
      .strict()
      .optional(),
  })
  .refine((body) => body.phone !== undefined || body.source === 'walk_in', {
    message: said('phoneRequired'),
    path: ['phone'],
  });
export type CreateReservationBody = z.infer<typeof createReservationBody>;

/** PATCH /api/v1/reservations/{id}: move or resize, atomically; staff may also move it to other tables. */
export const updateReservationBody = z
  .object({
    date: localDate.optional(),
    time: localTime.optional(),
    partySize: partySize.optional(),
    notes: textField('notes', 500, { required: false, multiline: true }).optional(),
    tableIds: z.array(recordId('each table id')).min(1, said('tableidsNeedsTable')).max(8).optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), said('sendLeastOneFieldChange'));
export type UpdateReservationBody = z.infer<typeof updateReservationBody>;

export const reservationStatusBody = z.object({
  status: z.enum(RESERVATION_STATUSES, { error: said('statusOne', { v0: RESERVATION_STATUSES.join(', ') }) }),
});
export const reservationIdParams = recordIdParams('id');
export const bookQuery = z.object({ date: singleQueryString.pipe(localDate) });
export const reservationListResponse = listOf(reservationSchema);
export const reservationChangedResponse = changed(reservationSchema);
/** POST /api/v1/reservations: a booking that needs a deposit answers the payment the guest is sent to (as checkout does). */
export const reservationCreatedResponse = reservationChangedResponse.extend({ payment: checkoutPayment.optional() });
