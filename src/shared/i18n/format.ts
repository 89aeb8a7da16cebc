import { formatMoney } from '../format-money.ts';
import { currentLanguage, loadLanguage, t } from './i18n.ts';
import { INTL_LOCALES, type Language } from './languages.ts';

/**
 * Numbers in a language (docs/reference/service.md "Bangla and English"): Bangla writes Bengali digits
 * ("১৯:৪৫") unless the restaurant keeps Latin ones (`latinDigits`). English is left exactly as
 * it was written: the restaurant's clock rules and docs/reference/storefront.md's amounts do not change.
 */
const BENGALI_DIGITS = [...new Intl.NumberFormat('bn-BD', { useGrouping: false }).format(1234567890).slice(-1)].concat([
  ...new Intl.NumberFormat('bn-BD', { useGrouping: false }).format(123456789),
]);

export function localDigits(text: string, language: Language, latinDigits = false): string {
  if (language === 'en' || latinDigits) return text;
  return text.replace(/[0-9]/g, (digit) => BENGALI_DIGITS[Number(digit)] ?? digit);
}

let pageLatinDigits = false;

/** The browser's page: whether the restaurant keeps Latin digits (its settings, once read; main.tsx). */
export function setPageLatinDigits(on: boolean): void {
  pageLatinDigits = on;
}

/** The digits of a text as the page writes them, for texts made outside React (an error's HTTP status). */
export function pageDigits(text: string | number): string {
  return localDigits(String(text), currentLanguage(), pageLatinDigits);
}

/**
 * A number as a person typed it, in Bengali or Latin digits ("১২.৫০", "12.50"): its digits made
 * Latin, so that `Number()` and the patterns of the checks read it. Nothing else changes.
 */
export function latinDigitsOf(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(BENGALI_DIGITS.indexOf(digit)));
}

/** A number typed in either digits ("১২.৫", " 12.5 "); NaN for an empty field or what is not a number. */
export function typedNumber(text: string): number {
  const latin = latinDigitsOf(text).trim();
  return latin === '' ? Number.NaN : Number(latin);
}

/** The plain number formats made so far, by language and digits (one made per call cost more than the page around it). */
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A plain number in the language ("১২"). */
export function formatNumber(value: number, language: Language, latinDigits = false): string {
  const key = latinDigits ? `${language} latn` : language;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[language], latinDigits ? { numberingSystem: 'latn' } : {});
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/**
 * What the server writes for one reader (decision 049): texts of the catalogs, digits and money
 * in `language` ("৳১,৫০০.০০", Latin digits when the restaurant keeps them). Loads Bangla first.
 */
export interface Writer {
  language: Language;
  t(key: string, english: string, values?: Record<string, string | number>): string;
  /** Digits in the language ("19:45" → "১৯:৪৫"). */
  digits(text: string | number): string;
  money(amount: number, currency: string): string;
}

export async function writerFor(language: Language, latinDigits = false): Promise<Writer> {
  await loadLanguage(language);
  return {
    language,
    t: (key, english, values) => t(key, english, values, language),
    digits: (text) => localDigits(String(text), language, latinDigits),
    money: (amount, currency) => formatMoney(amount, currency, language, latinDigits),
  };
}
