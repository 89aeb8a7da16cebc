import type { PaymentsContext } from './payments.context.ts';
import type { Refunds } from './refunds.ts';
import type { Settling } from './settling.ts';

/**
 * The pending sweep: one server at a time (a lease) asks again about payments still pending
 * after 15 minutes, every minute, and sends refunds that did not go through.
 */
export function createScheduler(ctx: PaymentsContext, settling: Settling, refunds: Refunds) {
  const { deps, payments, holder, iso, now, timing } = ctx;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  /** One pass: pending payments due to be asked again, and refunds not yet sent. */
  async function sweep(): Promise<{ checked: number; refunds: number }> {
    const at = now();
    if (!(await payments.lease('payments', holder, iso(at), iso(at + 2 * timing.recheckEveryMs))))
      return { checked: 0, refunds: 0 };
    let checked = 0;
    for (const row of await payments.due(iso(at), 50)) {
      checked++;
      try {
        const after = await settling.refresh(row);
        if (after.status === 'pending') await payments.checked(row.id, iso(at + timing.recheckEveryMs));
      } catch (error) {
        await payments.checked(row.id, iso(at + timing.recheckEveryMs));
        deps.log.warn(
          { paymentId: row.id, provider: row.provider },
          `could not ask the provider about a pending payment: ${error instanceof Error ? error.message : 'error'}`,
        );
      }
    }
    const pending = await payments.pendingRefunds(iso(at - 30_000), 50);
    for (const refund of pending) await refunds.send(refund.id);
    return { checked, refunds: pending.length };
  }

  return {
    sweep,

    /** Runs a pass every minute (with a lease, so one server at a time asks). */
    start(): void {
      if (timer) return;
      const tick = () => {
        running ??= sweep()
          .catch((error: unknown) => deps.log.warn({ err: error }, 'the payments scheduler failed a pass'))
          .finally(() => (running = undefined));
      };
      timer = setInterval(tick, timing.recheckEveryMs);
      timer.unref();
      tick();
    },

    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
      await payments.releaseLease('payments', holder).catch(() => {});
    },
  };
}
