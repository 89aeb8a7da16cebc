import type { Product } from '@shared/contract/catalog.ts';
import type { DeliveryAddress, Ticket } from '@shared/contract/tickets.ts';
import type { StaffOrderInput } from '@shared/contract/staff-orders.ts';
import { defaultChoice, lineCents, lineLabel, missingGroup } from '@shared/domain/option-choice.ts';
import { arrivalOf } from '@shared/domain/capacity.ts';
import { OPTION_TEXT, STAFF_ORDER_TEXT } from '@shared/texts-ordering.ts';
import { t } from '@shared/i18n/i18n.ts';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useNumbers, useMoney, useRestaurant, useRestaurantTime } from '@client/data/restaurant.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { NumberInput } from '@client/components/ui/number-input.tsx';
import { newIdempotencyKey } from '@client/lib/idempotency-key.ts';
import { useDiningTables } from '@client/features/tables/api/tables.ts';
import { useSendStaffOrder, useStaffQuote } from '../api/staff-order.ts';
import { QueuedOrder } from './queued-order.tsx';
import { type Fulfilment, StaffFulfilmentFields } from './staff-fulfilment-fields.tsx';
import { StaffDishMenu } from './staff-dish-menu.tsx';
import { OrderSummary } from '@client/components/ui/order-summary.tsx';
import { promiseText } from './ticket-status.ts';

/**
 * The staff "New order" page (docs/reference/ordering.md "Orders taken by staff"): a phone, counter or table order. Staff choose "Table",
 * "Pick-up" or "Delivery", write the customer's name and phone, add dishes by category or search, set each line's quantity,
 * options and note, and "Send to kitchen"; the page then says the promise to tell the caller ("Ready at 19:45") in a live
 * region, and offers a new order. One key is made for each order the page means to place and sent again on every retry of
 * it, so a retry after a lost answer never places a second ticket. The option groups are drawn by the picker the route hands in.
 */

/** What the page needs of an option picker (the catalogue's OptionPicker, composed by the route). */
export interface OptionPickerSlot {
  render: (props: {
    groups: Product['options'];
    selected: readonly number[];
    onChange: (next: number[]) => void;
    idPrefix: string;
    missing: { groupId: number; message: string } | null;
    disabled: boolean;
  }) => ReactNode;
  /** Moves the focus to a group of the picker rendered with `idPrefix`. */
  focusGroup: (idPrefix: string, groupId: number) => void;
}

interface Line {
  id: string;
  dish: Product;
  quantity: number;
  options: number[];
  note: string;
}

const EMPTY_ADDRESS: DeliveryAddress = { line1: '', area: '', phone: '', instructions: '' };

/**
 * `table`: a table's id to take its order for (`/staff/order?table=12`, the Floor's "Add items"):
 * the order starts as "Table" with that table chosen.
 */
export function StaffOrderForm({ optionPicker, table }: { optionPicker: OptionPickerSlot; table?: string | null }) {
  const money = useMoney();
  const { digits } = useNumbers();
  const formId = useId();
  const [key, setKey] = useState(newIdempotencyKey);
  const [fulfilment, setFulfilment] = useState<Fulfilment>(table ? 'dine_in' : 'pickup');
  const [tableId, setTableId] = useState(table ?? '');
  const [address, setAddress] = useState<DeliveryAddress>(EMPTY_ADDRESS);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [menuKey, setMenuKey] = useState(0);
  const [missing, setMissing] = useState<{ lineId: string; groupId: number; message: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [placed, setPlaced] = useState<Ticket | null>(null);
  const [queued, setQueued] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<'result' | 'name' | null>(null);
  const lineCount = useRef(0);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const tables = useDiningTables();
  const send = useSendStaffOrder();
  const time = useRestaurantTime();
  const restaurant = useRestaurant();
  const [chosenWhen, setWhen] = useState('asap');
  // The kitchen's forecast for the lines as they stand, once every required option is chosen.
  const quotable = lines.length > 0 && lines.every((line) => !missingGroup(line.dish.options, line.options));
  // A table's round is priced under the rules its open bill kept: the quote names the table.
  const quote = useStaffQuote(
    quotable && !placed
      ? {
          fulfilment,
          lines: lines.map((line) => ({ productId: line.dish._id, quantity: line.quantity, options: line.options })),
          ...(fulfilment === 'dine_in' && tableId ? { tableId } : {}),
        }
      : null,
  );
  // Without an ASAP promise (closed now), the first free time is the choice, as at checkout.
  const when =
    chosenWhen === 'asap' && quote.data && !quote.data.asap ? (quote.data.times[0]?.readyAt ?? 'asap') : chosenWhen;
  const promiseAt = (readyAt: string) =>
    promiseText(
      {
        fulfilment,
        readyAt,
        ...(fulfilment === 'delivery' && restaurant.data ? { arriveAt: arrivalOf(restaurant.data, readyAt) } : {}),
      },
      time,
    );

  const subtotalCents = lines.reduce(
    (sum, line) => sum + lineCents(line.dish.price, line.dish.options, line.options, line.quantity),
    0,
  );

  function addDish(dish: Product) {
    lineCount.current += 1;
    setLines((now) => [
      ...now,
      { id: `line-${lineCount.current}`, dish, quantity: 1, options: defaultChoice(dish.options), note: '' },
    ]);
    setAnnouncement(t('staffOrder.added', 'Added {{name}}', { name: dish.name }));
    setFailure(null);
  }
  const change = (id: string, patch: Partial<Line>) =>
    setLines((now) => now.map((line) => (line.id === id ? { ...line, ...patch } : line)));
  function remove(line: Line) {
    setLines((now) => now.filter((l) => l.id !== line.id));
    setAnnouncement(t('staffOrder.removed', 'Removed {{name}}', { name: line.dish.name }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setMissing(null);
    if (lines.length === 0) {
      setFailure(STAFF_ORDER_TEXT.noLines);
      document.getElementById(`${formId}-search`)?.focus();
      return;
    }
    for (const line of lines) {
      const group = missingGroup(line.dish.options, line.options);
      if (group) {
        setMissing({ lineId: line.id, groupId: group._id, message: OPTION_TEXT.choose(group.name, line.dish.name) });
        requestAnimationFrame(() => optionPicker.focusGroup(`${formId}-${line.id}`, group._id));
        return;
      }
    }
    const body: StaffOrderInput = {
      fulfilment,
      when,
      lines: lines.map((line) => ({
        productId: line.dish._id,
        quantity: line.quantity,
        options: line.options,
        ...(line.note.trim() ? { note: line.note.trim() } : {}),
      })),
      // A table's round goes by its table: the name is the caller's, for a pick-up or a delivery.
      customer: { ...(name.trim() ? { name: name.trim() } : {}), ...(phone.trim() ? { phone: phone.trim() } : {}) },
      ...(fulfilment === 'dine_in' ? { tableId } : {}),
      ...(fulfilment === 'delivery'
        ? {
            address: {
              line1: address.line1,
              area: address.area,
              phone: address.phone.trim() || phone.trim(),
              ...(address.instructions?.trim() ? { instructions: address.instructions } : {}),
            },
          }
        : {}),
      // The same key on every try of this order: a retry answers the ticket already placed.
      key,
    };
    try {
      const table = (tables.data ?? []).find((t) => t._id === tableId);
      const sent = await send.mutateAsync({
        body,
        label:
          fulfilment === 'dine_in'
            ? t('staffOrder.roundFor', 'Round for {{table}}', {
                table: table?.name ?? t('staffOrder.aTable', 'a table'),
              })
            : t('staffOrder.orderFor', 'Order for {{name}}', {
                name: name.trim() || t('staffOrder.aCaller', 'a caller'),
              }),
      });
      if (sent.queued) return setQueued(true);
      const answer = sent.answer;
      setPlaced(answer.data);
      setFocusTarget('result');
      setAnnouncement(
        `${t('staffOrder.sentToKitchen', 'Order {{number}} sent to the kitchen', { number: answer.data.number })}. ${promiseText(answer.data, time)}`,
      );
    } catch (error) {
      setFailure(errorMessage(error, t('kitchen.theOrder', 'the order')));
    }
  }

  function startNewOrder() {
    setKey(newIdempotencyKey());
    setPlaced(null);
    setQueued(false);
    setLines([]);
    setName('');
    setPhone('');
    setAddress(EMPTY_ADDRESS);
    setFulfilment(table ? 'dine_in' : 'pickup');
    setTableId(table ?? '');
    // A new order starts from the whole menu.
    setMenuKey((n) => n + 1);
    setWhen('asap');
    setFailure(null);
    setMissing(null);
    setAnnouncement('');
    setFocusTarget('name');
    send.reset();
  }

  // Once the order is sent the focus goes to what happened; on a new order, to the customer's name.
  useEffect(() => {
    if (focusTarget === 'result') resultHeading.current?.focus();
    if (focusTarget === 'name') nameInput.current?.focus();
  }, [focusTarget]);

  const liveRegion = (
    <p role="status" aria-live="polite" className="sr-only">
      {announcement}
    </p>
  );

  if (queued) return <QueuedOrder onNewOrder={startNewOrder} />;
  if (placed) {
    return (
      <section
        aria-labelledby={`${formId}-sent`}
        className="flex flex-col gap-4 rounded-box border border-success/50 bg-base-100 p-6"
      >
        {liveRegion}
        <h2 id={`${formId}-sent`} ref={resultHeading} tabIndex={-1} className="text-2xl font-bold">
          {t('staffOrder.sentToKitchen', 'Order {{number}} sent to the kitchen', { number: placed.number })}
        </h2>
        <p className="text-4xl font-black">{promiseText(placed, time)}</p>
        {placed.fulfilment !== 'dine_in' && (
          <p>{t('staffOrder.tellCaller', 'Tell the caller: {{promise}}.', { promise: promiseText(placed, time) })}</p>
        )}
        <ul className="list-inside list-disc">
          {placed.lines.map((line, index) => (
            <li key={index}>
              {digits(line.quantity)} × {lineLabel(line.name, line.options)}
              {line.note ? ` (${line.note})` : ''}
            </li>
          ))}
        </ul>
        <p>
          {placed.customer.name}
          {placed.customer.phone ? ` · ${placed.customer.phone}` : ''} · {money(placed.total)} ·{' '}
          {t('staffOrder.toPayOnBill', 'to pay on the bill')}
        </p>
        <button type="button" className="btn btn-primary btn-lg self-start" onClick={startNewOrder}>
          {STAFF_ORDER_TEXT.newOrder}
        </button>
      </section>
    );
  }

  const busy = send.isPending;
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-6"
      aria-labelledby={`${formId}-title`}
      noValidate={false}
    >
      {liveRegion}
      <h2 id={`${formId}-title`} className="sr-only">
        {STAFF_ORDER_TEXT.title}
      </h2>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="flex flex-col gap-6">
          <StaffFulfilmentFields
            formId={formId}
            fulfilment={fulfilment}
            onFulfilment={setFulfilment}
            tableId={tableId}
            onTable={setTableId}
            tables={tables.data ?? []}
            address={address}
            onAddress={setAddress}
          />

          <fieldset className="fieldset rounded-box border border-base-300 bg-base-100 p-4">
            <legend className="fieldset-legend text-lg">{t('staffOrder.customer', 'Customer')}</legend>
            <label className="flex flex-col gap-1">
              <span className="text-base">
                {fulfilment === 'dine_in'
                  ? t('staffOrder.customerNameOptional', 'Customer’s name (optional)')
                  : t('staffOrder.customerName', 'Customer’s name')}
              </span>
              <input
                ref={nameInput}
                className="input input-bordered w-full"
                autoComplete="off"
                required={fulfilment !== 'dine_in'}
                maxLength={100}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            </label>
            <label className="flex flex-col gap-1">
              <span className="text-base">{t('staffOrder.phoneOptional', 'Phone (optional)')}</span>
              <input
                className="input input-bordered w-full"
                type="tel"
                autoComplete="off"
                maxLength={30}
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
              />
            </label>
          </fieldset>

          <StaffDishMenu key={menuKey} formId={formId} busy={busy} onAdd={addDish} />
        </div>

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
                    {money(lineCents(line.dish.price, line.dish.options, line.options, line.quantity) / 100)}
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
            <p className="text-sm text-error">
              {errorMessage(quote.error, t('staffOrder.theForecast', 'the forecast'))}
            </p>
          ) : null}
          {/* The total is the server's (the bill's, taxes and fees in): none of the page's own. */}
          <OrderSummary
            figures={quote.data && quotable ? quote.data : undefined}
            fulfilment={fulfilment}
            subtotal={subtotalCents / 100}
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
      </div>
    </form>
  );
}
