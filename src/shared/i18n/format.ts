import { INTL_LOCALES, type Language } from './languages.ts';

/**
 * Numbers in a language (SERVICE.md "Bangla and English"): Bangla writes Bengali digits
 * ("১৯:৪৫") unless the restaurant keeps Latin ones (`latinDigits`). English is left exactly as
 * it was written: the restaurant's clock rules and SPEC.md's amounts do not change.
 */
const BENGALI_DIGITS = [...new Intl.NumberFormat('bn-BD', { useGrouping: false }).format(1234567890).slice(-1)].concat([...new Intl.NumberFormat('bn-BD', { useGrouping: false }).format(123456789)]);

export function localDigits(text: string, language: Language, latinDigits = false): string {
  if (language === 'en' || latinDigits) return text;
  return text.replace(/[0-9]/g, (digit) => BENGALI_DIGITS[Number(digit)] ?? digit);
}

/** A plain number in the language ("১২"). */
export function formatNumber(value: number, language: Language, latinDigits = false): string {
  return new Intl.NumberFormat(INTL_LOCALES[language], latinDigits ? { numberingSystem: 'latn' } : {}).format(value);
}
