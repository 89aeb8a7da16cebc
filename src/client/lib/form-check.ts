import type { z } from 'zod';
import { currentLanguage } from '@shared/i18n/i18n.ts';
import { valueIn } from '@shared/i18n/field-names.ts';
import { saidIn } from '@shared/i18n/said.ts';
import { zodMessage } from '@shared/i18n/zod-messages.ts';

/**
 * A staff form's own check with the contract's schema (the settings, the dish's options): its
 * problems by path ("reservations.slotMinutes", "0.values.1.price"), the first of each, in the
 * page's language (decision 045). The schema's messages are the server's, made by code
 * (`said`, shared/i18n/said.ts): they are written again by the same catalog keys as the
 * server's answers to the same mistakes, zod's own messages through zod's locale for the language, and their
 * digits through `digits` (the page's, `useNumbers`). An English page shows them as written.
 */
export function checkWith<T>(
  schema: z.ZodType<T>,
  value: unknown,
  digits: (text: string) => string,
): { data?: T; problems: Map<string, string> } {
  const language = currentLanguage();
  // Only a shape without a message of ours comes here: the schema's own messages come first.
  const checked = schema.safeParse(value, {
    error: (issue) => zodMessage(language, issue as unknown as Record<string, unknown>),
  });
  if (checked.success) return { data: checked.data, problems: new Map() };
  const problems = new Map<string, string>();
  for (const issue of checked.error.issues) {
    const path = issue.path.join('.');
    if (!problems.has(path)) problems.set(path, digits(saidIn(issue.message, language, valueIn) ?? issue.message));
  }
  return { problems };
}
