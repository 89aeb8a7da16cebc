import { z } from 'zod';
import { MAX_REPORT_TEXT_LENGTH } from '../constants.ts';
import { changed, hasControlCharacters, recordIdParams } from './common.ts';
import { dishIdField, ignoredDishFields, listedRecordBase, userGmailField } from './record-fields.ts';
import { said } from '../i18n/said.ts';

/**
 * A guest's reports on dishes (docs/reference/storefront.md §3, §7), Authorization: Bearer; only the token's owner:
 *   PATCH /api/v1/users/reports/?email=       reportEntryBody → 201 reportResponse (409 when already reported)
 *   PUT   /api/v1/users/reports/{orderMainId} emailBody       → 200 reportResponse
 */

export const reportListedSchema = listedRecordBase.extend({
  userGmail: z.string(),
  reportText: z.string(),
});
export type ReportListed = z.infer<typeof reportListedSchema>;

/** One report per guest and dish. */
export const reportEntryBody = z.object({
  orderId: dishIdField,
  reportText: z
    .string({ error: said('reporttextRequired') })
    .trim()
    .min(1, said('reporttextRequired'))
    .max(MAX_REPORT_TEXT_LENGTH, said('reporttextMostCharacters', { v0: MAX_REPORT_TEXT_LENGTH }))
    // Control characters (NUL above all, which PostgreSQL text refuses) have no place in a report; line breaks do.
    .refine((text) => !hasControlCharacters(text), said('reporttextNotContainControlCharacters')),
  userGmail: userGmailField,
  ...ignoredDishFields,
});
export type ReportEntryBody = z.input<typeof reportEntryBody>;

export const reportIdParams = recordIdParams('orderMainId');

export const reportResponse = changed(reportListedSchema);
export type ReportResponse = z.infer<typeof reportResponse>;
