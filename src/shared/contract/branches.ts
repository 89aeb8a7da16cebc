import { z } from 'zod';
import { restaurantSettingsSchema } from './restaurant.ts';
import { said } from '../i18n/said.ts';

/**
 * The brand's branches (docs/reference/branches.md "The API", decision 062): read by anyone.
 * A branch's `name` is in the reader's language (the English one where no Bangla was written);
 * `translations` carries both as written, as a dish's names do. Its place (address, phone, time
 * zone, hours) is its settings'. Phase 1 reads only: creating, changing and archiving branches
 * come with phase 2, once every branch-scoped row carries its branch.
 */

/** A slug as the pages' addresses carry it: lower-case ASCII letters, digits and single hyphens. */
export const BRANCH_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_BRANCH_SLUG_LENGTH = 60;

const branchNames = z.object({ en: z.object({ name: z.string() }), bn: z.object({ name: z.string() }) });

/** When a closed branch opens next, on its own wall clock, and as an instant. */
const nextOpeningSchema = z.object({
  /** The branch's local date and time of the opening. */
  date: z.string(),
  time: z.string(),
  /** 0 Sunday … 6 Saturday. */
  weekday: z.number().int(),
  /** The opening as an instant (ISO 8601, UTC). */
  at: z.string(),
});

export const branchSchema = z.object({
  /** Its id, as text like every record's `_id` (tables, bookings, dishes). */
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  translations: branchNames,
  address: z.string(),
  phone: z.string(),
  timeZone: z.string(),
  /** Whether it is open at the moment of the answer, on its opening hours and closed dates. */
  openNow: z.boolean(),
  /** When it closes today when open, else null. */
  closesAt: z.string().nullable(),
  /** When it opens next when closed (null when open, or when no opening is known within a fortnight). */
  nextOpening: nextOpeningSchema.nullable(),
  /** The week's hours and the closed dates, as its settings have them (the branch's page shows them). */
  openingHours: restaurantSettingsSchema.shape.openingHours,
  closedDates: restaurantSettingsSchema.shape.closedDates,
});
export type Branch = z.infer<typeof branchSchema>;

export const branchListResponse = z.object({ data: z.array(branchSchema) });
export const branchResponse = z.object({ data: branchSchema });

/** `{idOrSlug}`: a branch's id (a whole number) or its slug. */
export const branchParams = z.object({
  idOrSlug: z
    .string()
    .max(MAX_BRANCH_SLUG_LENGTH, said('mostCharacters', { v0: 'idOrSlug', v1: MAX_BRANCH_SLUG_LENGTH }))
    .refine(
      (value) => /^[1-9]\d{0,9}$/.test(value) || BRANCH_SLUG.test(value),
      said('branchIdOrSlug', { v0: 'idOrSlug' }),
    ),
});
