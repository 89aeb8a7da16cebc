/** SPEC.md §9: a dollar sign, the price, then .00 (prices are whole dollars). */
export function formatPrice(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** A `tel:` address for a phone number as people write it: the digits and a leading plus. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)\D/g, '')}`;
}
