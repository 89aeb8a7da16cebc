/**
 * The state and submission of "Book a table": the date, party and time kept in the address, the guest's
 * name, phone and notes, the day's free times, the deposit and its provider, and "Reserve".
 */
import { currentLanguage, t } from '@shared/i18n/i18n.ts';
import { formatNumber } from '@shared/i18n/format.ts';
import type { RestaurantSettings } from '@shared/contract/restaurant.ts';
import { addDays, opensOn } from '@shared/domain/opening.ts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '@client/data/account-session.tsx';
import { showDone } from '@client/lib/dialogs.ts';
import { bookingSummary } from '../summary.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { useHydrated, useKeepTyped } from '@client/lib/hydration.ts';
import { todayIn } from '@client/lib/clock.ts';
import { useAvailability, useMyReservations, useReserve } from '../api/reservations.ts';
import { depositMinorFor } from '@shared/domain/deposits.ts';
import { DEPOSIT_PROVIDERS } from '@shared/contract/values.ts';
import { usePaymentProviders } from '@client/features/payments/api/payments.ts';
import { firstOpenDay, insideCutoff, isGone, refundableNow } from './booking-times.ts';

/** What the booking form shows and does, as `useBooking` hands it to the form's parts. */
export type Booking = ReturnType<typeof useBooking>;

export function useBooking(settings: RestaurantSettings) {
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
  const freeCount = slots.data?.filter((s) => s.available).length ?? 0;
  // A day with nothing free (closed, or full) offers the next day the restaurant opens.
  const nextDay =
    today && last && date !== '' && (closed || (slots.isSuccess && freeCount === 0))
      ? firstOpenDay(settings, date < today ? today : addDays(date, 1), last)
      : undefined;

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

  return {
    number,
    status,
    user,
    today,
    last,
    date,
    partySize,
    time,
    name,
    setName,
    phone,
    setPhone,
    notes,
    setNotes,
    failure,
    reserve,
    closed,
    slots,
    ids,
    deposit,
    depositDue,
    refundable,
    tooClose,
    offered,
    provider,
    setProvider,
    nameField,
    phoneField,
    notesField,
    choose,
    chosenSlot,
    gone,
    freeCount,
    nextDay,
    submit,
  };
}
