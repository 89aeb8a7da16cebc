import { type Minor, toMajor } from './domain/money.ts';
import { INTL_LOCALES, type Language } from './i18n/languages.ts';

/**
 * An amount in the restaurant's currency as people read it: "$15.00" for USD (docs/reference/storefront.md §9's
 * dollar sign and two decimals), "BDT 1500.00" for taka. One formatter for the server's
 * messages and the screens, so no amount is ever shown without its currency (issue 41, point 6).
 * No thousands separators: docs/reference/storefront.md's prices read "$1250.00".
 */
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * In Bangla, `Intl` for bn-BD with the sign first, as people in Dhaka write prices:
 * "৳১,৫০০.০০" (lakh grouping, Bengali digits; Latin ones when the restaurant keeps them).
 */
function formatMoneyIn(
  amount: number,
  currency: string,
  language: Exclude<Language, 'en'>,
  latinDigits: boolean,
): string {
  const key = `${language} ${latinDigits ? 'latn' : ''} ${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[language], {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      ...(latinDigits ? { numberingSystem: 'latn' } : {}),
    });
    formatters.set(key, format);
  }
  const parts = format.formatToParts(amount);
  const sign = parts
    .filter((part) => part.type === 'minusSign')
    .map((part) => part.value)
    .join('');
  const symbol = parts
    .filter((part) => part.type === 'currency')
    .map((part) => part.value)
    .join('');
  const number = parts
    .filter((part) => !['minusSign', 'currency', 'literal'].includes(part.type))
    .map((part) => part.value)
    .join('');
  return `${sign}${symbol}${number}`;
}

export function formatMoney(amount: number, currency: string, language: Language = 'en', latinDigits = false): string {
  if (language !== 'en') return formatMoneyIn(amount, currency, language, latinDigits);
  let format = formatters.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'symbol',
      useGrouping: false,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(currency, format);
  }
  return format.format(amount);
}

/**
 * An amount in minor units (1250) as people read it ("$12.50"): the formatter of the server and
 * the shared rules, which count in minor units (decision 065); the same text as `formatMoney`
 * of the contract's number.
 */
export function formatMinor(amount: Minor, currency: string, language: Language = 'en', latinDigits = false): string {
  return formatMoney(toMajor(amount), currency, language, latinDigits);
}
