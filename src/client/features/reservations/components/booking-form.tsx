import { currentLanguage, t } from '@shared/i18n/i18n.ts';
import { formatNumber, localDigits } from '@shared/i18n/format.ts';
import type { RestaurantSettings } from '@shared/contract/restaurant.ts';
import type { Slot } from '@shared/domain/availability.ts';
import { addDays, instantAtWallClock, opensOn } from '@shared/domain/opening.ts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { QueryError } from '@client/components/ui/query-error.tsx';
import { useAuth } from '@client/data/account-session.tsx';
import { showDone } from '@client/lib/dialogs.ts';
import { bookingSummary } from '../summary.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { useHydrated, useKeepTyped } from '@client/lib/hydration.ts';
import { dayLabelInLanguage, todayIn } from '@client/lib/clock.ts';
import { telHref } from '@client/lib/format.ts';
import { useAvailability, useMyReservations, useReserve } from '../api/reservations.ts';
import { SignInToReserve } from './sign-in-to-reserve.tsx';
import { depositExplanation, depositMinorFor, depositRefundable } from '@shared/domain/deposits.ts';
import { minutesOf } from '@shared/domain/clock-time.ts';
import { DEPOSIT_PROVIDERS } from '@shared/contract/values.ts';
import { usePaymentProviders } from '@client/features/payments/api/payments.ts';

const providerName = (provider: (typeof DEPOSIT_PROVIDERS)[number]): string =>
  ({
    stripe: t('booking.providerStripe', 'Card (Stripe)'),
    bkash: 'bKash',
    demo: t('booking.providerDemo', 'Demo payment (no money moves)'),
  })[provider];

/**
 * "Book a table" (docs/reference/operations.md): a date (today … the horizon), the party, the day's times as
 * buttons (unavailable ones greyed with their reason), name, phone, notes and Reserve. The
 * date, party and time live in the address, so they survive signing in and a reload.
 */

/** Why a time cannot be booked, read at render (the words follow the language). */
const reasonText = (reason: NonNullable<Slot['reason']>): string =>
  ({
    past: t('booking.reasonPast', 'past'),
    'too soon': t('booking.reasonTooSoon', 'too soon'),
    full: t('booking.reasonFull', 'full'),
    'no table': t('booking.reasonNoTable', 'no table free'),
  })[reason];

/** A time that can no longer be booked today whatever the party: past, or inside the lead time. */
const isGone = (slot: Slot) => slot.reason === 'past' || slot.reason === 'too soon';

/** The first day from `from` to `last` on which the restaurant opens. */
function firstOpenDay(settings: RestaurantSettings, from: string, last: string): string | undefined {
  for (let day = from; day <= last; day = addDays(day, 1)) if (opensOn(settings, day)) return day;
  return undefined;
}

/** Whether a deposit paid now for `date` at `time` (the restaurant's clock) would still be refunded on a cancel. */
function refundableNow(
  deposit: NonNullable<RestaurantSettings['reservations']['deposit']>,
  date: string,
  time: string,
  timeZone: string,
): boolean {
  return (
    !/^\d{2}:\d{2}$/.test(time) ||
    depositRefundable(deposit, instantAtWallClock(date, minutesOf(time), timeZone), Date.now())
  );
}

/** Whether a booking for `date` at `time` would start inside the cancel cut-off: then it cannot be changed online once made. */
function insideCutoff(settings: RestaurantSettings, date: string, time: string): boolean {
  return (
    /^\d{2}:\d{2}$/.test(time) &&
    instantAtWallClock(date, minutesOf(time), settings.timeZone) - settings.reservations.cancelCutoffMinutes * 60_000 <=
      Date.now()
  );
}

export function BookingForm({ settings }: { settings: RestaurantSettings }) {
  // Counts in the page's digits (Bengali in Bangla unless the restaurant keeps Latin ones).
  const number = (value: number) => formatNumber(value, currentLanguage(), settings.latinDigits);
  const { status, user } = useAuth();
  const [params, setParams] = useSearchParams();
  // Today by this device's clock, once the page runs here (the server's HTML may be cached overnight).
  const today = useHydrated() ? todayIn(settings.timeZone) : undefined;
  const last = today && addDays(today, settings.reservations.horizonDays);
  const date = params.get('date') ?? today ?? '';
  const partySize = Math.min(Math.max(Number(params.get('guests')) || 2, 1), settings.reservations.maxPartySize);
  const time = params.get('time') ?? '';
  // The account's name until the guest types another.
  const [typedName, setName] = useState<string | null>(null);
  const name = typedName ?? user?.displayName ?? '';
  // The phone of the guest's last booking until they type another (accounts hold no phone).
  const mine = useMyReservations(Boolean(user));
  const [typedPhone, setPhone] = useState<string | null>(null);
  const phone = typedPhone ?? mine.data?.[0]?.phone ?? '';
  const [notes, setNotes] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const reserve = useReserve();
  // No date yet (before hydration): not closed, and no read (the times wait with a spinner).
  const closed = date !== '' && !opensOn(settings, date);
  const slots = useAvailability(closed ? '' : date, partySize);
  const ids = {
    times: useId(),
    failure: useId(),
    guests: useId(),
    guestsHint: useId(),
    notes: useId(),
    deposit: useId(),
  };
  // A party that pays a deposit is told what and why before "Reserve" (docs/reference/ordering.md "Payments").
  const deposit = settings.reservations.deposit;
  const depositDue = depositMinorFor(deposit, partySize) !== undefined;
  // Booked already inside the refund window (tonight, with 24 hours), it is not refundable: say so (once the page runs here, by this device's clock).
  const refundable = !deposit || !today || refundableNow(deposit, date, time, settings.timeZone);
  // Booked this close, it can only be changed by phone: said before "Reserve" (issue 48, point 2).
  const tooClose = Boolean(today) && insideCutoff(settings, date, time);
  const providers = usePaymentProviders();
  const offered = (providers.data ?? []).filter((p): p is (typeof DEPOSIT_PROVIDERS)[number] =>
    (DEPOSIT_PROVIDERS as readonly string[]).includes(p),
  );
  const [chosenProvider, setProvider] = useState<string | null>(null);
  const provider =
    chosenProvider !== null && offered.includes(chosenProvider as (typeof offered)[number])
      ? chosenProvider
      : offered[0];
  // What the guest typed before the page hydrated stays, and is what the booking sends.
  const nameField = useRef<HTMLInputElement>(null);
  const phoneField = useRef<HTMLInputElement>(null);
  const notesField = useRef<HTMLTextAreaElement>(null);
  useKeepTyped(nameField, name, setName);
  useKeepTyped(phoneField, phone, setPhone);
  useKeepTyped(notesField, notes, setNotes);

  const choose = (changes: Record<string, string | null>) => {
    // From the address as it is now, not as this render saw it: two quick choices (a date,
    // then a time before the new day's times have drawn) must not undo each other.
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setFailure(null);
    setParams(next, { replace: true, preventScrollReset: true });
  };

  const chosenSlot = slots.data?.find((s) => s.time === time && s.available);
  // Times already past or too soon are folded away: on a phone the first free time shows at once (issue 48, point 6).
  const gone = (slots.data ?? []).filter(isGone);
  const slotButton = (slot: Slot) => (
    <button
      key={slot.startsAt}
      type="button"
      className={`btn btn-sm min-w-20 ${slot.time === time && slot.available ? 'btn-primary' : 'btn-outline'}`}
      aria-pressed={slot.time === time && slot.available}
      disabled={!slot.available}
      title={slot.reason ? reasonText(slot.reason) : undefined}
      onClick={() => choose({ time: slot.time })}
    >
      {localDigits(slot.time, currentLanguage(), settings.latinDigits)}
      {slot.reason && <span className="text-xs font-normal">({reasonText(slot.reason)})</span>}
    </button>
  );
  const freeCount = slots.data?.filter((s) => s.available).length ?? 0;
  // A day with nothing free (closed, or full) offers the next day the restaurant opens.
  const nextDay =
    today && last && date !== '' && (closed || (slots.isSuccess && freeCount === 0))
      ? firstOpenDay(settings, date < today ? today : addDays(date, 1), last)
      : undefined;
  const tryNextDay = nextDay && (
    <button
      type="button"
      className="btn btn-sm btn-outline mb-3 mt-1"
      onClick={() => choose({ date: nextDay, time: null })}
    >
      {t('booking.tryDay', 'Try {{day}}', {
        day: dayLabelInLanguage(nextDay, currentLanguage(), settings.latinDigits),
      })}
    </button>
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosenSlot) return setFailure(t('booking.chooseAFreeTime', 'Choose one of the free times first.'));
    if (!name.trim()) return setFailure(t('booking.giveName', 'Please give the name for the booking.'));
    if (!/\d{5}/.test(phone.replace(/\D/g, '')))
      return setFailure(t('booking.givePhone', 'Please give a phone number we can call (at least 5 digits).'));
    try {
      const answer = await reserve.mutateAsync({
        date,
        time,
        partySize,
        name: name.trim(),
        phone: phone.trim(),
        notes: notes.trim() || undefined,
        ...(depositDue && provider ? { pay: { provider: provider as (typeof DEPOSIT_PROVIDERS)[number] } } : {}),
      });
      if (answer.payment) {
        // The table is held while the guest pays; they come back to /payments/{id}.
        window.location.assign(answer.payment.redirectUrl);
        return;
      }
      choose({ time: null });
      setNotes('');
      void showDone(answer.message, { detail: bookingSummary(answer.data, settings.latinDigits) });
    } catch (error) {
      setFailure(errorMessage(error, t('booking.theBooking', 'the booking')));
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-6 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-8"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t('booking.date', 'Date')}</span>
          <input
            type="date"
            className="input w-full"
            min={today}
            max={last}
            value={date}
            required
            onChange={(e) => e.target.value && choose({ date: e.target.value, time: null })}
          />
        </label>
        {/* Named "Guests" alone: the hint (with its link) is the select's description, outside its label. */}
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.guests} className="font-semibold">
            {t('booking.guests', 'Guests')}
          </label>
          <select
            id={ids.guests}
            className="select w-full"
            aria-describedby={ids.guestsHint}
            value={partySize}
            onChange={(e) => choose({ guests: e.target.value, time: null })}
          >
            {Array.from({ length: settings.reservations.maxPartySize }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {number(n)}
              </option>
            ))}
          </select>
          <span id={ids.guestsHint} className="text-xs text-base-content/70">
            {t('booking.moreThanCallUs', 'More than {{max}}? Call us on', {
              max: number(settings.reservations.maxPartySize),
            })}{' '}
            <a className="link" href={telHref(settings.phone)}>
              {settings.phone}
            </a>
            .
          </span>
        </div>
      </div>

      <fieldset aria-describedby={ids.times}>
        <legend className="mb-2 font-semibold">{t('booking.time', 'Time')}</legend>
        {closed ? (
          <>
            <p id={ids.times} role="status" className="font-medium">
              {t('booking.closedOnThisDay', 'Closed on this day')}
            </p>
            {tryNextDay}
          </>
        ) : slots.isError ? (
          <QueryError
            what="the free times"
            error={slots.error}
            onRetry={() => void slots.refetch()}
            retrying={slots.isFetching}
          />
        ) : slots.isPending ? (
          <Spinner label={t('booking.findingFreeTables', 'Finding free tables')} className="py-6" />
        ) : slots.data.length === 0 ? (
          <>
            <p id={ids.times} role="status">
              {t('booking.noTimesCanBeBooked', 'No times can be booked on this day.')}
            </p>
            {tryNextDay}
          </>
        ) : (
          <>
            <p id={ids.times} className="mb-2 text-sm text-base-content/70">
              {freeCount === 0
                ? t('booking.noFreeTimesLeft', 'No free times left')
                : freeCount === 1
                  ? t('booking.oneFreeTime', '1 free time')
                  : t('booking.freeTimes', '{{number}} free times', { number: number(freeCount) })}
              {partySize === 1
                ? t('booking.forOneGuest', ' for 1 guest on this day.')
                : t('booking.forGuests', ' for {{party}} guests on this day.', { party: number(partySize) })}
            </p>
            {tryNextDay}
            {gone.length > 0 && (
              <details className="mb-2">
                <summary className="cursor-pointer text-sm text-base-content/70">
                  {gone.length === 1
                    ? t('booking.oneEarlierTime', '1 earlier time (past or too soon)')
                    : t('booking.earlierTimes', '{{n}} earlier times (past or too soon)', { n: number(gone.length) })}
                </summary>
                <div className="mt-2 flex flex-wrap gap-2">{gone.map(slotButton)}</div>
              </details>
            )}
            <div className="flex flex-wrap gap-2">{slots.data.filter((slot) => !isGone(slot)).map(slotButton)}</div>
          </>
        )}
      </fieldset>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t('booking.name', 'Name')}</span>
          <input
            ref={nameField}
            className="input w-full"
            autoComplete="name"
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="font-semibold">{t('booking.phone', 'Phone')}</span>
          <input
            ref={phoneField}
            className="input w-full"
            type="tel"
            autoComplete="tel"
            maxLength={30}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            required
          />
        </label>
      </div>
      {/* Not wrapped in its label: the text React keeps inside a textarea would become part of the label's name. */}
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.notes} className="font-semibold">
          {t('booking.notes', 'Notes')}
        </label>
        <textarea
          id={ids.notes}
          ref={notesField}
          className="textarea w-full"
          rows={2}
          maxLength={500}
          value={notes}
          placeholder={t('booking.aBirthdayAHighChair', 'A birthday, a high chair, an allergy…')}
          onChange={(e) => setNotes(e.target.value)}
        />
      </div>

      {tooClose && (
        <p className="text-sm font-medium">
          {t(
            'booking.tooClose',
            'Booked this close to its time, it cannot be changed or cancelled online: to change it, call us on',
          )}{' '}
          <a className="link" href={telHref(settings.phone)}>
            {settings.phone}
          </a>
          .
        </p>
      )}
      {deposit && depositDue && (
        <div className="flex flex-col gap-3 rounded-box border border-warning/50 bg-warning/10 p-4">
          <p id={ids.deposit} className="font-medium">
            {t(
              'booking.depositThen',
              '{{explanation}} After “Reserve” you pay it on the next page; your table is held for 15 minutes until it is paid.',
              {
                explanation: depositExplanation(
                  deposit,
                  partySize,
                  settings.currency,
                  refundable,
                  settings.latinDigits,
                ),
              },
            )}
          </p>
          {offered.length > 1 && (
            <fieldset>
              <legend className="mb-1 font-semibold">{t('booking.payTheDepositBy', 'Pay the deposit by')}</legend>
              <div className="flex flex-wrap gap-4">
                {offered.map((p) => (
                  <label key={p} className="flex items-center gap-2">
                    <input
                      type="radio"
                      className="radio radio-sm"
                      name="deposit-provider"
                      value={p}
                      checked={provider === p}
                      onChange={() => setProvider(p)}
                    />
                    {providerName(p)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </div>
      )}
      {failure && (
        <p id={ids.failure} role="alert" className="alert alert-error alert-soft">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {status !== 'loading' && !user ? (
          <SignInToReserve />
        ) : (
          <button
            type="submit"
            className="btn btn-primary btn-lg"
            disabled={reserve.isPending || status === 'loading'}
            aria-busy={reserve.isPending}
            aria-describedby={deposit && depositDue ? ids.deposit : undefined}
          >
            {reserve.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            {t('booking.reserve', 'Reserve')}
          </button>
        )}
        {chosenSlot && (
          <p className="text-sm">
            {date} at {time}, {partySize} {partySize === 1 ? 'guest' : 'guests'}
          </p>
        )}
      </div>
    </form>
  );
}
