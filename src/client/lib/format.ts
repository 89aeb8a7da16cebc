/** SPEC.md §9: a dollar sign, the price, then .00 (prices are whole dollars). */
export function formatPrice(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
