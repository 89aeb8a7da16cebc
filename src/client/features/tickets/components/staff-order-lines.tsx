/**
 * Staff's "This order": each line with its quantity, options and note, the ready time, the
 * server's total and "Send to kitchen".
 */
import { lineCents } from '@shared/domain/option-choice.ts';
import { toMajor } from '@shared/domain/money.ts';
import { STAFF_ORDER_TEXT } from '@shared/texts-ordering.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useMoney, useNumbers } from '@client/data/restaurant.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { NumberInput } from '@client/components/ui/number-input.tsx';
import { OrderSummary } from '@client/components/ui/order-summary.tsx';
import type { OptionPickerSlot } from './staff-order-line.ts';
import type { StaffOrder } from './use-staff-order.ts';

export function OrderLines({ order, optionPicker }: { order: StaffOrder; optionPicker: OptionPickerSlot }) {
  const money = useMoney();
  const { digits } = useNumbers();
  const {
    formId,
    fulfilment,
    lines,
    missing,
    setMissing,
    failure,
    send,
    when,
    setWhen,
    quotable,
    quote,
    promiseAt,
    subtotalCents,
    change,
    remove,
  } = order;
  const busy = send.isPending;
  return (
    <section
      aria-labelledby={`${formId}-lines`}
      className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <h2 id={`${formId}-lines`} className="text-lg font-bold">
        {t('staffOrder.thisOrder', 'This order')}
      </h2>
      {lines.length === 0 ? <p>{t('staffOrder.noDishesYet', 'No dishes yet: add them from the menu.')}</p> : null}
      {lines.map((line, index) => {
        const prefix = `${formId}-${line.id}`;
        return (
          <fieldset key={line.id} className="fieldset rounded-box border border-base-300 p-3">
            <legend className="fieldset-legend text-base">
              {digits(index + 1)}. {line.dish.name}
            </legend>
            <div className="flex flex-wrap items-end gap-3">
              <label className="flex flex-col gap-1">
                <span>{t('staffOrder.quantity', 'Quantity')}</span>
                <NumberInput
                  className="input input-bordered w-24"
                  min={1}
                  max={99}
                  required
                  value={line.quantity}
                  onChange={(n) => change(line.id, { quantity: Math.max(1, Math.min(99, Math.trunc(n) || 1)) })}
                />
              </label>
              <p className="tabular-nums">
                {money(toMajor(lineCents(line.dish.price, line.dish.options, line.options, line.quantity)))}
              </p>
              <button
                type="button"
                className="btn btn-ghost btn-sm ml-auto min-h-11"
                onClick={() => remove(line)}
                disabled={busy}
              >
                {t('staffOrder.remove', 'Remove')} <span className="sr-only">{line.dish.name}</span>
              </button>
            </div>
            {optionPicker.render({
              groups: line.dish.options,
              selected: line.options,
              onChange: (next) => {
                change(line.id, { options: next });
                if (missing?.lineId === line.id) setMissing(null);
              },
              idPrefix: prefix,
              missing: missing?.lineId === line.id ? { groupId: missing.groupId, message: missing.message } : null,
              disabled: busy,
            })}
            <label className="flex flex-col gap-1">
              <span>{t('staffOrder.noteForKitchen', 'Note for the kitchen (optional)')}</span>
              <input
                className="input input-bordered w-full"
                autoComplete="off"
                maxLength={200}
                value={line.note}
                onChange={(event) => change(line.id, { note: event.target.value })}
              />
            </label>
          </fieldset>
        );
      })}
      <label className="flex flex-col gap-1">
        <span className="text-base font-semibold">{t('staffOrder.readyTime', 'Ready time')}</span>
        <select
          className="select select-bordered w-full"
          value={when}
          onChange={(event) => setWhen(event.target.value)}
          disabled={!quote.data}
        >
          {(!quote.data || quote.data.asap) && (
            <option value="asap">
              {quote.data?.asap
                ? t('staffOrder.asapAt', 'As soon as possible ({{promise}})', {
                    promise: promiseAt(quote.data.asap.readyAt),
                  })
                : t('staffOrder.asap', 'As soon as possible')}
            </option>
          )}
          {(quote.data?.times ?? []).map((t) => (
            <option key={t.readyAt} value={t.readyAt}>
              {promiseAt(t.readyAt)}
            </option>
          ))}
        </select>
      </label>
      {quote.isError && quotable ? (
        <p className="text-sm text-error">{errorMessage(quote.error, t('staffOrder.theForecast', 'the forecast'))}</p>
      ) : null}
      {/* The total is the server's (the bill's, taxes and fees in): none of the page's own. */}
      <OrderSummary
        figures={quote.data && quotable ? quote.data : undefined}
        fulfilment={fulfilment}
        subtotal={toMajor(subtotalCents)}
        className="text-lg"
      />
      <p className="text-sm">{t('staffOrder.paidOnBill', 'Paid on the bill.')}</p>
      {failure && (
        <p role="alert" className="alert alert-error alert-soft">
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-lg" disabled={busy} aria-busy={busy}>
        {STAFF_ORDER_TEXT.send}
      </button>
    </section>
  );
}
