/**
 * An amount in the restaurant's currency as people read it: "$15.00" for USD (SPEC.md §9's
 * dollar sign and two decimals), "BDT 1500.00" for taka. One formatter for the server's
 * messages and the screens, so no amount is ever shown without its currency (issue 41, point 6).
 * No thousands separators: SPEC.md's prices read "$1250.00".
 */
const formatters = new Map<string, Intl.NumberFormat>();

export function formatMoney(amount: number, currency: string): string {
  let format = formatters.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'symbol', useGrouping: false, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(currency, format);
  }
  return format.format(amount);
}
