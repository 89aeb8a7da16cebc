import { z } from 'zod';
import { restaurantSettingsSchema } from './restaurant.ts';
import { said } from '../i18n/said.ts';

/**
 * The brand's branches (docs/reference/branches.md "The API", decision 062): read by anyone.
 * A branch's `name` is in the reader's language (the English one where no Bangla was written);
 * `translations` carries both as written, as a dish's names do. Its place (address, phone, time
 * zone, hours) is its settings'. Brand admins make, change and archive branches (POST, PATCH,
 * DELETE); a branch's place and rules are changed as its settings (PATCH /api/v1/restaurant?branch=).
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

/** A new branch's slug: its pages' address; not only digits (an id) and not `all` (the brand, in the reports). */
const slugField = z
  .string()
  .trim()
  .max(MAX_BRANCH_SLUG_LENGTH, said('mostCharacters', { v0: 'slug', v1: MAX_BRANCH_SLUG_LENGTH }))
  .refine(
    (value) => BRANCH_SLUG.test(value) && !/^\d+$/.test(value) && value !== 'all',
    said('branchSlug', { v0: 'slug' }),
  );

const bnName = z
  .object({
    bn: z
      .object({
        name: z
          .string()
          .trim()
          .max(100, said('mostCharacters', { v0: 'translations.bn.name', v1: 100 })),
      })
      .strict(),
  })
  .strict();

/**
 * POST /api/v1/branches (brand admins): its slug, its names, its place; its other settings
 * (reservations, kitchen, fulfilment, billing) start as the first branch's and are its own from then on.
 */
export const branchCreateBody = z
  .object({
    slug: slugField,
    name: restaurantSettingsSchema.shape.name,
    translations: bnName.optional(),
    address: restaurantSettingsSchema.shape.address,
    phone: restaurantSettingsSchema.shape.phone,
    timeZone: restaurantSettingsSchema.shape.timeZone,
    openingHours: restaurantSettingsSchema.shape.openingHours.optional(),
    closedDates: restaurantSettingsSchema.shape.closedDates.optional(),
  })
  .strict();
export type BranchCreateBody = z.infer<typeof branchCreateBody>;

/** PATCH /api/v1/branches/{idOrSlug} (brand admins): the branch's own fields; its place is its settings'. */
export const branchPatchBody = z
  .object({
    slug: slugField.optional(),
    /** Its name in English (the brand's own name is `PATCH /api/v1/restaurant`'s `name`). */
    name: restaurantSettingsSchema.shape.name.optional(),
    translations: bnName.optional(),
    /** Its place in the lists (1 first). */
    position: z.number().int().min(1).max(100_000).optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, said('sendLeastOneFieldChange'));
export type BranchPatchBody = z.infer<typeof branchPatchBody>;

/** DELETE /api/v1/branches/{idOrSlug}: removed when it had no history, else archived (its pages answer 410, its data stays in the reports). */
export const branchRemovedResponse = z.object({ data: z.object({ _id: z.string(), archived: z.boolean() }) });
