import { z } from 'zod';
import { changed, emailField, hasControlCharacters, listOf, recordId, recordIdParams, singleQueryString } from './common.ts';
import { localDate, localTime } from './restaurant.ts';

/**
 * Reservations (OPERATIONS.md "Tables and reservations"). Statuses move by RESERVATION_TRANSITIONS
 * (shared/domain/workflows.ts); the server refuses anything else with 409.
 */

export const RESERVATION_STATUSES = ['booked', 'seated', 'completed', 'cancelled', 'no_show'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const RESERVATION_SOURCES = ['online', 'phone', 'walk_in'] as const;

export const RESERVATION_MESSAGES = {
  taken: 'That time is no longer available',
  lateCancel: 'Please call us to cancel this late',
  booked: 'Table reserved!',
  changed: 'Your reservation has been changed',
  cancelled: 'Your reservation has been cancelled',
} as const;

const partySize = z
  .number({ error: (issue) => (issue.input === undefined ? 'partySize is required' : 'partySize must be a whole number') })
  .int('partySize must be a whole number')
  .min(1, 'partySize must be at least 1')
  .max(50, 'partySize must be at most 50');

function line(field: string, max: number, required = true) {
  const base = z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .refine((text) => !hasControlCharacters(text), `${field} must not contain control characters`);
  return required ? base.pipe(z.string().min(1, `${field} is required`)) : base;
}

const phone = z
  .string({ error: 'phone is required' })
  .trim()
  .min(1, 'phone is required')
  .max(30, 'phone must be at most 30 characters')
  .regex(/^\+?[0-9 ()./-]{5,30}$/, 'phone must be a phone number (digits, spaces, + ( ) - .)')
  .refine((text) => (text.match(/\d/g) ?? []).length >= 5, 'phone must have at least 5 digits');

const reservationSchema = z.object({
  _id: z.string(),
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
});
export type Reservation = z.infer<typeof reservationSchema>;

/** GET /api/v1/reservations/availability?date=&partySize= */
export const availabilityQuery = z.object({
  date: singleQueryString.pipe(localDate),
  partySize: singleQueryString.regex(/^\d{1,3}$/, 'partySize must be a whole number').transform(Number).pipe(partySize),
});
const slotSchema = z.object({ time: z.string(), startsAt: z.string(), available: z.boolean(), reason: z.enum(['past', 'too soon', 'full', 'no table']).optional() });
export const availabilityResponse = listOf(slotSchema);

/** POST /api/v1/reservations: a guest's booking; staff add `source` phone or walk_in. */
export const createReservationBody = z.object({
  date: localDate.optional(),
  time: localTime.optional(),
  partySize,
  name: line('name', 100),
  phone,
  notes: line('notes', 500, false).optional(),
  email: emailField.optional(),
  source: z.enum(RESERVATION_SOURCES, { error: `source must be one of: ${RESERVATION_SOURCES.join(', ')}` }).optional(),
});
export type CreateReservationBody = z.infer<typeof createReservationBody>;

/** PATCH /api/v1/reservations/{id}: move or resize, atomically; staff may also move it to other tables. */
export const updateReservationBody = z
  .object({
    date: localDate.optional(),
    time: localTime.optional(),
    partySize: partySize.optional(),
    notes: line('notes', 500, false).optional(),
    tableIds: z.array(recordId('each table id')).min(1, 'tableIds needs a table').max(8).optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Send at least one field to change');
export type UpdateReservationBody = z.infer<typeof updateReservationBody>;

export const reservationStatusBody = z.object({ status: z.enum(RESERVATION_STATUSES, { error: `status must be one of: ${RESERVATION_STATUSES.join(', ')}` }) });
export const reservationIdParams = recordIdParams('id');
export const bookQuery = z.object({ date: singleQueryString.pipe(localDate) });
export const reservationListResponse = listOf(reservationSchema);
export const reservationChangedResponse = changed(reservationSchema);
