import { bn, en } from 'zod/locales';
import type { Language } from './languages.ts';

/**
 * Zod's own messages (a shape without a message of ours: "Invalid input: expected number,
 * received string") in a language, by zod's locales (decision 049): the server writes a refused
 * request's so (http/validation-language.ts), and the staff forms their own checks'
 * (client/lib/form-check.ts).
 */
const LOCALES: Record<Language, ReturnType<typeof en>> = { en: en(), bn: bn() };

/** Zod's message for a failed issue in `language` (undefined when its locale has none). */
export function zodMessage(language: Language, issue: Record<string, unknown>): string | undefined {
  const made = LOCALES[language].localeError(issue as never);
  return typeof made === 'string' ? made : made?.message;
}
