import type { DeliveryAddress } from '@shared/contract/tickets.ts';

/** What each field of a delivery address is called on its form (the guest's checkout, staff's New order). */
export type AddressLabels = Record<keyof DeliveryAddress, string>;

/** The server's limits (contract/tickets.ts), so that nothing longer can be typed. */
const MAX_LENGTH: Record<keyof DeliveryAddress, number> = { line1: 200, area: 100, phone: 30, instructions: 300 };
const FIELDS = ['line1', 'area', 'phone', 'instructions'] as const;

/**
 * A delivery's address, the same four fields on both order forms (issue 45, point 7): the
 * street line, the area, a phone for the rider and optional instructions. Staff's tablet asks
 * for the address and area (`required`) and turns the browser's autofill off (the address is
 * the caller's, not the tablet's); a guest's browser may fill in their own.
 */
export function AddressFields({
  address,
  onChange,
  labels,
  staff = false,
  className,
}: {
  address: DeliveryAddress;
  onChange: (address: DeliveryAddress) => void;
  labels: AddressLabels;
  staff?: boolean;
  className: string;
}) {
  return (
    <div className={className}>
      {FIELDS.map((field) => (
        <label
          key={field}
          className={`flex flex-col gap-1 ${field === 'line1' || field === 'instructions' ? 'sm:col-span-2' : ''}`}
        >
          <span className={staff ? 'text-base' : 'text-sm font-semibold'}>{labels[field]}</span>
          <input
            className={staff ? 'input input-bordered w-full' : 'input input-sm w-full'}
            type={field === 'phone' ? 'tel' : 'text'}
            maxLength={MAX_LENGTH[field]}
            {...(staff ? { autoComplete: 'off', required: field === 'line1' || field === 'area' } : {})}
            value={address[field] ?? ''}
            onChange={(event) => onChange({ ...address, [field]: event.target.value })}
          />
        </label>
      ))}
    </div>
  );
}
