import type { Kysely } from 'kysely';

/**
 * The guest's language on a reservation, and an HTML body for the mails (decision 049): the language the guest's booking was
 * made in ('en' or 'bn', as the request asked: `?lang=`, the `lang` cookie, a browser asking for
 * Bangla first), so that its e-mails and calendar events are written in it; null for a booking
 * made without one (staff's phone bookings and walk-ins, and every booking made before), whose
 * mails follow the restaurant's `language` setting. `outbox.html`: a mail's HTML body beside its
 * text, which says its language (`<html lang>`) so the guest's mail reader picks a Bangla font.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reservations').addColumn('language', 'text').execute();
  await db.schema.alterTable('outbox').addColumn('html', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('html').execute();
  await db.schema.alterTable('reservations').dropColumn('language').execute();
}
