/** SPEC.md §9: a dollar sign, the price, then .00 (prices are whole dollars). */
export function formatPrice(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** Today's date ("YYYY-MM-DD") in a time zone (the restaurant's), from this device's clock. */
export function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}
