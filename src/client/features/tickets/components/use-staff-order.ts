/**
 * The state and submission of staff's "New order": the fulfilment, table, address, customer and lines,
 * the kitchen's quote and ready time, "Send to kitchen" with its idempotency key, and a new order after.
 */
import type { Product } from '@shared/contract/catalog.ts';
import type { DeliveryAddress, Ticket } from '@shared/contract/tickets.ts';
import type { StaffOrderInput } from '@shared/contract/staff-orders.ts';
import { defaultChoice, lineCents, missingGroup } from '@shared/domain/option-choice.ts';
import { sumMinor } from '@shared/domain/money.ts';
import { arrivalOf } from '@shared/domain/capacity.ts';
import { OPTION_TEXT, STAFF_ORDER_TEXT } from '@shared/texts-ordering.ts';
import { t } from '@shared/i18n/i18n.ts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useRestaurant, useRestaurantTime } from '@client/data/restaurant.ts';
import { errorMessage } from '@client/lib/error-message.ts';
import { newIdempotencyKey } from '@client/lib/idempotency-key.ts';
import { useDiningTables } from '@client/features/tables/api/tables.ts';
import { useSendStaffOrder, useStaffQuote } from '../api/staff-order.ts';
import type { Fulfilment } from './staff-fulfilment-fields.tsx';
import { promiseText } from './ticket-status.ts';
import type { Line, OptionPickerSlot } from './staff-order-line.ts';

const EMPTY_ADDRESS: DeliveryAddress = { line1: '', area: '', phone: '', instructions: '' };

/** What the "New order" page shows and does, as `useStaffOrder` hands it to the page's parts. */
export type StaffOrder = ReturnType<typeof useStaffOrder>;

/** `table`: the table whose order the page takes (the order starts as "Table" with it chosen). */
export function useStaffOrder(optionPicker: OptionPickerSlot, table?: string | null) {
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

  const subtotalCents = sumMinor(
    lines.map((line) => lineCents(line.dish.price, line.dish.options, line.options, line.quantity)),
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

  return {
    formId,
    fulfilment,
    setFulfilment,
    tableId,
    setTableId,
    address,
    setAddress,
    name,
    setName,
    phone,
    setPhone,
    lines,
    menuKey,
    missing,
    setMissing,
    failure,
    placed,
    queued,
    announcement,
    resultHeading,
    nameInput,
    tables,
    send,
    time,
    when,
    setWhen,
    quotable,
    quote,
    promiseAt,
    subtotalCents,
    addDish,
    change,
    remove,
    submit,
    startNewOrder,
  };
}
