/** A `tel:` address for a phone number as people write it: the digits and a leading plus. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/(?!^\+)\D/g, '')}`;
}
