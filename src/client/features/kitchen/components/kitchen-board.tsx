import type { LiveEvent } from '@shared/contract/events.ts';
import type { KitchenTicket } from '@shared/contract/kitchen.ts';
import { RECALL_MINUTES } from '@shared/contract/values.ts';
import type { TicketStatus } from '@shared/contract/tickets.ts';
import { useEffect, useRef, useState } from 'react';
import { t } from '@shared/i18n/i18n.ts';
import { ListStates } from '@client/components/ui/list-states.tsx';
import { confirmAction } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { useLiveEvents } from '@client/lib/live-events.ts';
import { useNumbers, useMoney, useRestaurant, useRestaurantTime } from '@client/data/restaurant.ts';
import { useProducts } from '@client/features/catalog/api/get-products.ts';
import { useSetOptionAvailability } from '@client/features/catalog/api/manage-menu.ts';
import {
  useAllDay,
  useBoardEvents,
  useKitchenTickets,
  useSetDishAvailable,
  useSetTicketStatus,
} from '../api/kitchen.ts';
import { BusyControls } from './busy-controls.tsx';
import { TicketCard, cashDue } from './ticket-card.tsx';
import { CancelDialog } from './cancel-dialog.tsx';
import { AllDay } from './all-day.tsx';
import { chime, useNow, isForLater } from './board-time.ts';
import { BranchSwitch } from '@client/components/ui/branch-switch.tsx';

const MUTE_KEY = 'kitchen-muted';
/** The board's queries, kept current from ticket and reservation events by patching (useBoardEvents). */
const KEPT_FROM_EVENTS = { ticket: [['kitchen']], reservation: [['kitchen']] };

/**
 * `/kitchen`: a card per ticket in promise order, moved on by its buttons, those to cook
 * later under their own heading; "All day" counts
 * with one-tap sold out; the busy controls; whether the board is live. Built for a tablet on
 * the pass: big type and targets, usable with a keyboard.
 */
export function KitchenBoard() {
  const [muted, setMuted] = useState(() => localStorage.getItem(MUTE_KEY) === '1');
  const mutedRef = useRef(muted);
  useEffect(() => {
    mutedRef.current = muted;
  }, [muted]);
  const patch = useBoardEvents();
  // A ticket's event patches its card (or reads that card alone), a booking's reads its cards alone: the board's pages are not read again (decision 063).
  const live = useLiveEvents((event: LiveEvent) => {
    patch(event);
    if (event.type === 'ticket' && event.status === 'received' && !mutedRef.current) chime();
  }, KEPT_FROM_EVENTS);
  const tickets = useKitchenTickets(live === 'live');
  const allDay = useAllDay(live === 'live');
  const restaurant = useRestaurant();
  const move = useSetTicketStatus();
  const availability = useSetDishAvailable();
  // Whether each dish is on: "All day" shows a sold-out dish as such (after a reload too), with "Back on".
  const menu = useProducts();
  const soldOutIds = new Set((menu.data ?? []).filter((p) => !p.available).map((p) => p._id));
  const [undo, setUndo] = useState<{ productId: string; name: string } | null>(null);
  // The option values named under "All day", by dish and name, to switch them.
  const switchOption = useSetOptionAvailability();
  const optionValues = new Map(
    (menu.data ?? []).flatMap((product) =>
      product.options.flatMap((group) => group.values.map((value) => [`${product._id}:${value.name}`, value] as const)),
    ),
  );
  const now = useNow();
  const time = useRestaurantTime();
  const money = useMoney();
  const { digits } = useNumbers();
  const [cancelling, setCancelling] = useState<KitchenTicket | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const warnMinutes = restaurant.data?.kitchen.warnMinutes ?? 5;
  const prepMinutes = restaurant.data?.kitchen.prepMinutes ?? 20;

  async function run(action: () => Promise<{ message: string }>, what: string) {
    try {
      setNotice((await action()).message);
    } catch (error) {
      setNotice(errorMessage(error, what));
    }
  }

  async function markSoldOut(productId: string, name: string) {
    if (
      !(await confirmAction(
        t('kitchen.markSoldOutQuestion', 'Mark {{name}} sold out?', { name }),
        t('kitchen.guestsCannotOrder', 'Guests cannot order it until you put it back on.'),
        t('kitchen.yesSoldOut', 'Yes, sold out'),
      ))
    )
      return;
    setUndo(null);
    await run(async () => {
      await availability.mutateAsync({ productId, name, available: false });
      setUndo({ productId, name });
      return { message: t('kitchen.soldOutName', 'Sold out: {{name}}', { name }) };
    }, name);
  }

  async function backOn(productId: string, name: string) {
    setUndo(null);
    await run(async () => {
      await availability.mutateAsync({ productId, name, available: true });
      return { message: t('kitchen.backOnName', 'Back on: {{name}}', { name }) };
    }, name);
  }

  /** An option value under "All day" sold out, or back on the menu. */
  async function switchOptionValue(
    count: { productId: string; name: string },
    option: string,
    value: { _id: number; available: boolean },
  ) {
    await run(async () => {
      await switchOption.mutateAsync({ productId: count.productId, valueId: value._id, available: !value.available });
      return {
        message: value.available
          ? t('kitchen.optionSoldOut', 'Sold out: {{option}} ({{dish}})', { option, dish: count.name })
          : t('kitchen.optionBackOn', 'Back on the menu: {{option}} ({{dish}})', { option, dish: count.name }),
      };
    }, option);
  }

  /** "Complete" on a pick-up or delivery whose cash is still due also records the money as taken: ask first (a table's round asks nothing: its bill is paid on the Floor). */
  async function moveTicket(ticket: KitchenTicket, to: TicketStatus) {
    if (to === 'completed' && cashDue(ticket)) {
      const taken = await confirmAction(
        t('kitchen.moneyTakenQuestion', 'Was the money for {{number}} taken?', { number: ticket.number }),
        t('kitchen.completingRecordsPaid', 'Cash due {{amount}}. Completing the order records it as paid.', {
          amount: money(ticket.total),
        }),
        t('kitchen.yesMoneyTaken', 'Yes, money taken'),
      );
      if (!taken) return;
    }
    await run(
      () => move.mutateAsync({ id: ticket._id, number: ticket.number, status: to }),
      t('kitchen.orderLower', 'order {{number}}', { number: ticket.number }),
    );
  }

  const toggleMute = () => {
    localStorage.setItem(MUTE_KEY, muted ? '0' : '1');
    setMuted(!muted);
  };

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-black">{t('kitchen.title', 'Kitchen')}</h1>
        <div className="flex items-center gap-3">
          <BranchSwitch className="text-sm" />
          <span role="status" className={`badge badge-lg gap-2 ${live === 'live' ? 'badge-success' : 'badge-warning'}`}>
            <span
              aria-hidden="true"
              className={`inline-block size-2 rounded-full ${live === 'live' ? 'bg-success-content' : 'bg-warning-content'}`}
            />
            {live === 'live'
              ? t('kitchen.live', 'Live')
              : live === 'reconnecting'
                ? t('kitchen.reconnecting', 'Reconnecting…')
                : t('kitchen.connecting', 'Connecting…')}
          </span>
          <button type="button" className="btn btn-sm" aria-pressed={muted} onClick={toggleMute}>
            {muted ? t('kitchen.soundOff', 'Sound off') : t('kitchen.soundOn', 'Sound on')}
          </button>
        </div>
      </header>
      <div className="flex min-h-6 flex-wrap items-center gap-3">
        <p role="status" aria-live="polite" className="text-lg">
          {notice}
        </p>
        {undo && (
          <button
            type="button"
            className="btn btn-sm"
            disabled={availability.isPending}
            onClick={() => void backOn(undo.productId, undo.name)}
          >
            {t('kitchen.undo', 'Undo')}
            <span className="sr-only"> {t('kitchen.soldOutLower', 'sold out: {{name}}', { name: undo.name })}</span>
          </button>
        )}
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-[1fr_20rem]">
        <section aria-labelledby="orders-title">
          {/* The cards' numbers are h3: a heading above them keeps the outline in order (axe heading-order). */}
          <h2 id="orders-title" className="sr-only">
            {t('kitchen.orders', 'Orders')}
          </h2>
          <ListStates
            pending={tickets.isPending}
            failed={tickets.isError}
            error={tickets.error}
            what={t('kitchen.theOrders', 'the orders')}
            onRetry={() => void tickets.refetch()}
            retrying={tickets.isFetching}
            items={tickets.data}
            emptyText={t('kitchen.noOrders', 'No orders right now.')}
          >
            {(list) => {
              const card = (ticket: KitchenTicket) => (
                <TicketCard
                  key={ticket._id}
                  ticket={ticket}
                  now={now}
                  warnMinutes={warnMinutes}
                  time={time}
                  money={money}
                  busy={move.isPending && move.variables?.id === ticket._id}
                  onMove={(to: TicketStatus) => void moveTicket(ticket, to)}
                  onCancel={() => setCancelling(ticket)}
                />
              );
              // Open tickets first, in promise order (the server's); those completed, kept for a
              // recall, come after every open one, so that new orders are on the first screen.
              // The board is patched, not read again (decision 063): a completed card leaves it once it can no longer be recalled, as the server's board drops it.
              const done = list.filter(
                (ticket) =>
                  ticket.status === 'completed' &&
                  !(ticket.completedAt && now - Date.parse(ticket.completedAt) > RECALL_MINUTES * 60_000),
              );
              const later = list.filter(
                (ticket) => ticket.status !== 'completed' && isForLater(ticket, now, prepMinutes),
              );
              const current = list.filter((ticket) => ticket.status !== 'completed' && !later.includes(ticket));
              return (
                <div className="flex flex-col gap-6">
                  {current.length > 0 ? (
                    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">{current.map(card)}</div>
                  ) : (
                    <p className="text-lg">{t('kitchen.nothingNow', 'Nothing to cook now.')}</p>
                  )}
                  {later.length > 0 && (
                    <section aria-labelledby="later-title" className="flex flex-col gap-3">
                      <h2 id="later-title" className="text-xl font-bold">
                        {t('kitchen.scheduledLater', 'Scheduled for later ({{n}})', { n: digits(later.length) })}
                      </h2>
                      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">{later.map(card)}</div>
                    </section>
                  )}
                  {done.length > 0 && (
                    <section aria-labelledby="done-title" className="flex flex-col gap-3">
                      <h2 id="done-title" className="text-xl font-bold">
                        {t('kitchen.completedRecently', 'Completed ({{n}})', { n: digits(done.length) })}
                      </h2>
                      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 2xl:grid-cols-3">{done.map(card)}</div>
                    </section>
                  )}
                </div>
              );
            }}
          </ListStates>
        </section>
        <aside className="flex flex-col gap-4">
          <AllDay
            allDay={allDay}
            soldOutIds={soldOutIds}
            optionValues={optionValues}
            availabilityBusy={availability.isPending}
            optionBusy={switchOption.isPending}
            onSoldOut={(productId, name) => void markSoldOut(productId, name)}
            onBackOn={(productId, name) => void backOn(productId, name)}
            onSwitchOption={(count, option, value) => void switchOptionValue(count, option, value)}
          />
          {restaurant.data && <BusyControls settings={restaurant.data} />}
        </aside>
      </div>
      <CancelDialog
        ticket={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={(message) => {
          setCancelling(null);
          setNotice(message);
        }}
      />
    </div>
  );
}
