import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/schema.ts';

/** How long a server may take over one event before another may take it over (it died meanwhile). */
export const EVENT_CLAIM_MS = 2 * 60_000;

/**
 * A provider's webhook events, each processed once (docs/reference/ordering.md "Payments"; "Money that agrees on
 * every screen": "a webhook event already processed answers `duplicate: true` without asking the
 * provider again"). An event is claimed before the provider is asked: of ten deliveries of one
 * event at once, one claims it and asks; the others find it claimed (or processed) and answer
 * duplicate. A claim ends when the event is processed (`finish`, in the transaction that settles
 * its payment), or is released when processing failed (the provider did not answer), so that the
 * provider's next delivery is processed; a claim left by a server that died runs out.
 */
export function createWebhookEvents(db: Kysely<AppDatabase>) {
  return {
    /** Whether this call claimed the event (false: processed already, or being processed now). */
    async claim(event: { id: string; type: string }, provider: string, now: string, until: string): Promise<boolean> {
      const inserted = await db
        .insertInto('payment_events')
        .values({
          event_id: event.id,
          provider,
          type: event.type,
          payment_id: null,
          received_at: now,
          claimed_until: until,
        })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true;
      const taken = await db
        .updateTable('payment_events')
        .set({ claimed_until: until, received_at: now })
        .where('event_id', '=', event.id)
        .where('claimed_until', 'is not', null)
        .where('claimed_until', '<', now)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    },

    /** Marks a claimed event processed (in `executor`, the settling transaction where there is one); whether this call did. */
    async finish(executor: Kysely<AppDatabase>, eventId: string, paymentId: number | null): Promise<boolean> {
      const done = await executor
        .updateTable('payment_events')
        .set((eb) => ({ claimed_until: null, payment_id: paymentId ?? eb.ref('payment_id') }))
        .where('event_id', '=', eventId)
        .where('claimed_until', 'is not', null)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },

    /** Processing failed: the event may be processed again (unless it was finished meanwhile). */
    async release(eventId: string): Promise<void> {
      await db
        .deleteFrom('payment_events')
        .where('event_id', '=', eventId)
        .where('claimed_until', 'is not', null)
        .execute();
    },
  };
}

export type WebhookEvents = ReturnType<typeof createWebhookEvents>;
