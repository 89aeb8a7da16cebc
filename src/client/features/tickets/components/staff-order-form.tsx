import { STAFF_ORDER_TEXT } from '@shared/texts-ordering.ts';
import { t } from '@shared/i18n/i18n.ts';
import { QueuedOrder } from './queued-order.tsx';
import { StaffFulfilmentFields } from './staff-fulfilment-fields.tsx';
import { StaffDishMenu } from './staff-dish-menu.tsx';
import type { OptionPickerSlot } from './staff-order-line.ts';
import { useStaffOrder } from './use-staff-order.ts';
import { SentOrder } from './staff-order-sent.tsx';
import { OrderLines } from './staff-order-lines.tsx';

export type { OptionPickerSlot } from './staff-order-line.ts';

/**
 * The staff "New order" page (docs/reference/ordering.md "Orders taken by staff"): a phone, counter or table order. Staff choose "Table",
 * "Pick-up" or "Delivery", write the customer's name and phone, add dishes by category or search, set each line's quantity,
 * options and note, and "Send to kitchen"; the page then says the promise to tell the caller ("Ready at 19:45") in a live
 * region, and offers a new order. One key is made for each order the page means to place and sent again on every retry of
 * it, so a retry after a lost answer never places a second ticket. The option groups are drawn by the picker the route hands in.
 */

/**
 * `table`: a table's id to take its order for (`/staff/order?table=12`, the Floor's "Add items"):
 * the order starts as "Table" with that table chosen.
 */
export function StaffOrderForm({ optionPicker, table }: { optionPicker: OptionPickerSlot; table?: string | null }) {
  const order = useStaffOrder(optionPicker, table);
  const {
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
    menuKey,
    placed,
    queued,
    announcement,
    resultHeading,
    nameInput,
    tables,
    send,
    addDish,
    submit,
    startNewOrder,
  } = order;

  const liveRegion = (
    <p role="status" aria-live="polite" className="sr-only">
      {announcement}
    </p>
  );

  if (queued) return <QueuedOrder onNewOrder={startNewOrder} />;
  if (placed) {
    return (
      <SentOrder
        formId={formId}
        placed={placed}
        liveRegion={liveRegion}
        resultHeading={resultHeading}
        startNewOrder={startNewOrder}
      />
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

        <OrderLines order={order} optionPicker={optionPicker} />
      </div>
    </form>
  );
}
