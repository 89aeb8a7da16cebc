import { t } from '@shared/i18n/i18n.ts';
import type { RestaurantSettings } from '@shared/contract/restaurant.ts';
import { telHref } from '@client/lib/format.ts';
import { SignInToReserve } from './sign-in-to-reserve.tsx';
import { useBooking } from './use-booking.ts';
import { TimeFieldset } from './booking-time-fieldset.tsx';
import { ReserveNotices } from './booking-notices.tsx';

/**
 * "Book a table" (docs/reference/operations.md): a date (today … the horizon), the party, the day's times as
 * buttons (unavailable ones greyed with their reason), name, phone, notes and Reserve. The
 * date, party and time live in the address, so they survive signing in and a reload.
 */

export function BookingForm({ settings }: { settings: RestaurantSettings }) {
  const booking = useBooking(settings);
  const {
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
    ids,
    deposit,
    depositDue,
    nameField,
    phoneField,
    notesField,
    choose,
    chosenSlot,
    submit,
  } = booking;

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

      <TimeFieldset settings={settings} booking={booking} />

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

      <ReserveNotices settings={settings} booking={booking} />
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
