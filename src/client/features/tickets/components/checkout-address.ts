/** The delivery address a guest's checkout remembers on this device, kept in localStorage under `ADDRESS_KEY`. */
import type { DeliveryAddress } from '@shared/contract/tickets.ts';

export const ADDRESS_KEY = 'checkout-address';

export function remembered(): DeliveryAddress {
  try {
    return {
      line1: '',
      area: '',
      phone: '',
      ...(JSON.parse(localStorage.getItem(ADDRESS_KEY) ?? '{}') as Partial<DeliveryAddress>),
    };
  } catch {
    return { line1: '', area: '', phone: '' };
  }
}
