import { type FormEvent, useId, useState } from 'react';
import { showDone } from '@client/lib/dialogs.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { NumberInput, sentNumber } from '@client/components/ui/number-input.tsx';
import { t } from '@shared/i18n/i18n.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { useStaffBooking } from '../api/host.ts';
import { useAvailability } from '../api/reservations.ts';

/** A phone booking (for a time) or a walk-in (seated now). */
export function StaffBookingForm({ date }: { date: string }) {
  const add = useStaffBooking();
  const [kind, setKind] = useState<'phone' | 'walk_in'>('phone');
  const [time, setTime] = useState('19:00');
  const [partySize, setPartySize] = useState(2);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const { digits } = useNumbers();
  // The day's booking times, 24-hour as everything the product writes (a time input follows the
  // device's 12-hour clock): the server takes a phone booking only at one of them.
  const slots = useAvailability(date, partySize || 1);
  const times = [...new Set((slots.data ?? []).map((s) => s.time))];
  const chosenTime = times.includes(time) ? time : (times.find((t) => t >= '19:00') ?? times[0] ?? '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    try {
      const answer = await add.mutateAsync({
        source: kind,
        partySize: sentNumber(partySize),
        name: name.trim(),
        // A walk-in is in the room: the phone is theirs to give or not (issue 48, point 4).
        ...(phone.trim() ? { phone: phone.trim() } : {}),
        ...(kind === 'phone' ? { date, time: chosenTime } : {}),
        ...(email.trim() ? { email: email.trim() } : {}),
      });
      setName('');
      setPhone('');
      setEmail('');
      void showDone(
        kind === 'walk_in'
          ? t('dayBook.walkInSeated', '{{name}} seated at {{tables}}', {
              name: answer.data.name,
              tables: answer.data.tables.map((one) => one.name).join(' + '),
            })
          : answer.message,
      );
    } catch (error) {
      setFailure(
        errorMessage(
          error,
          kind === 'walk_in'
            ? t('dayBook.seatingWalkIn', 'seating the walk-in')
            : t('dayBook.theBooking', 'the booking'),
        ),
      );
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-box border border-base-300 bg-base-100 p-4">
      <h2 id={`${id}-title`} className="mb-3 text-lg font-bold">
        {t('dayBook.addBooking', 'Add a booking')}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">{t('dayBook.kindOfBooking', 'Kind of booking')}</legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${id}-kind`}
              checked={kind === 'phone'}
              onChange={() => setKind('phone')}
            />
            {t('dayBook.phoneBookingOn', 'Phone booking on {{date}}', { date: digits(date) })}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${id}-kind`}
              checked={kind === 'walk_in'}
              onChange={() => setKind('walk_in')}
            />
            {t('dayBook.walkInNow', 'Walk-in, seated now')}
          </label>
        </fieldset>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          {kind === 'phone' && (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-time`} className="text-sm font-semibold">
                {t('dayBook.time', 'Time')}
              </label>
              <select
                id={`${id}-time`}
                className="select select-sm w-full tabular-nums"
                value={chosenTime}
                onChange={(e) => setTime(e.target.value)}
                disabled={times.length === 0}
              >
                {times.length === 0 && (
                  <option value="">
                    {slots.isPending ? t('dayBook.loadingTimes', 'Loading…') : t('dayBook.noTimes', 'No booking times')}
                  </option>
                )}
                {times.map((slot) => (
                  <option key={slot} value={slot}>
                    {digits(slot)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <label className="flex flex-col gap-1">
            <span className="text-sm font-semibold">{t('dayBook.guestsLabel', 'Guests')}</span>
            <NumberInput className="input input-sm w-full" min={1} max={50} value={partySize} onChange={setPartySize} />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-semibold">{t('dayBook.guestName', "Guest's name")}</span>
            <input
              className="input input-sm w-full"
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-semibold">
              {kind === 'walk_in'
                ? t('dayBook.guestPhoneOptional', "Guest's phone (optional)")
                : t('dayBook.guestPhone', "Guest's phone")}
            </span>
            <input
              type="tel"
              className="input input-sm w-full"
              value={phone}
              maxLength={30}
              onChange={(e) => setPhone(e.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-semibold">{t('dayBook.emailOptional', 'E-mail (optional)')}</span>
            <input
              type="email"
              className="input input-sm w-full"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </label>
        </div>
        {failure && (
          <p role="alert" className="alert alert-error alert-soft">
            {failure}
          </p>
        )}
        <button
          type="submit"
          className="btn btn-primary btn-sm self-start"
          disabled={add.isPending}
          aria-busy={add.isPending}
        >
          {kind === 'walk_in'
            ? t('dayBook.seatWalkIn', 'Seat walk-in')
            : t('dayBook.addPhoneBooking', 'Add phone booking')}
        </button>
      </form>
    </section>
  );
}
