import type { Kysely } from 'kysely';

/**
 * The guest's language on a reservation (decision 049): the language the guest's booking was
 * made in ('en' or 'bn', as the request asked: `?lang=`, the `lang` cookie, a browser asking for
 * Bangla first), so that its e-mails and calendar events are written in it; null for a booking
 * made without one (staff's phone bookings and walk-ins, and every booking made before), whose
 * mails follow the restaurant's `language` setting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reservations').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reservations').dropColumn('language').execute();
}
