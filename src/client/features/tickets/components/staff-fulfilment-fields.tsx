import type { StaffOrderInput } from '@shared/contract/staff-orders.ts';
import type { DiningTableView } from '@shared/contract/tables.ts';
import type { DeliveryAddress } from '@shared/contract/tickets.ts';
import { STAFF_ORDER_TEXT } from '@shared/texts-ordering.ts';
import { t } from '@shared/i18n/i18n.ts';
import { useNumbers } from '@client/data/restaurant.ts';
import { AddressFields } from './address-fields.tsx';

export type Fulfilment = StaffOrderInput['fulfilment'];

/** The ways an order is for, as the form offers them (read at render: the texts follow the language). */
const fulfilmentChoices = (): { value: Fulfilment; label: string }[] => [
  { value: 'dine_in', label: STAFF_ORDER_TEXT.table },
  { value: 'pickup', label: STAFF_ORDER_TEXT.pickup },
  { value: 'delivery', label: STAFF_ORDER_TEXT.delivery },
];

interface Props {
  formId: string;
  fulfilment: Fulfilment;
  onFulfilment: (fulfilment: Fulfilment) => void;
  tableId: string;
  onTable: (tableId: string) => void;
  tables: DiningTableView[];
  address: DeliveryAddress;
  onAddress: (address: DeliveryAddress) => void;
}

/** "Order for" on New order: a table (chosen from the dining room's active tables), a pick-up, or a delivery with its address. */
export function StaffFulfilmentFields({
  formId,
  fulfilment,
  onFulfilment,
  tableId,
  onTable,
  tables,
  address,
  onAddress,
}: Props) {
  const { digits } = useNumbers();
  return (
    <fieldset className="fieldset rounded-box border border-base-300 bg-base-100 p-4">
      <legend className="fieldset-legend text-lg">{t('staffOrder.orderForLegend', 'Order for')}</legend>
      <div className="flex flex-wrap gap-4">
        {fulfilmentChoices().map((choice) => (
          <label key={choice.value} className="flex min-h-11 cursor-pointer items-center gap-2 text-base">
            <input
              type="radio"
              className="radio radio-primary"
              name={`${formId}-fulfilment`}
              value={choice.value}
              checked={fulfilment === choice.value}
              onChange={() => onFulfilment(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {fulfilment === 'dine_in' && (
        <label className="flex flex-col gap-1">
          <span className="text-base">{STAFF_ORDER_TEXT.table}</span>
          <select
            className="select select-bordered w-full"
            value={tableId}
            required
            onChange={(event) => onTable(event.target.value)}
          >
            <option value="">{t('staffOrder.chooseTable', 'Choose a table')}</option>
            {tables
              .filter((table) => table.active)
              .map((table) => (
                <option key={table._id} value={table._id}>
                  {table.name} ({digits(table.minCovers)}–{digits(table.maxCovers)})
                </option>
              ))}
          </select>
        </label>
      )}
      {fulfilment === 'delivery' && (
        <AddressFields
          staff
          className="grid gap-2 sm:grid-cols-2"
          address={address}
          onChange={onAddress}
          labels={{
            line1: t('staffOrder.address', 'Address'),
            area: t('staffOrder.area', 'Area'),
            phone: t('staffOrder.riderPhone', 'Phone for the rider (else the customer’s)'),
            instructions: t('staffOrder.deliveryInstructions', 'Delivery instructions (optional)'),
          }}
        />
      )}
    </fieldset>
  );
}
