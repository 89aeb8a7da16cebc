import { z } from 'zod';
import { ROLES } from '../constants.ts';
import { emailField, recordIdParams } from './common.ts';
import { favoriteListedSchema } from './favorites.ts';
import { orderListedSchema } from './orders.ts';
import { reportListedSchema } from './reports.ts';
import { said } from '../i18n/said.ts';

/**
 * The /api/v1/users… calls about accounts (docs/reference/storefront.md §3, §7), field names spelt as the spec
 * spells them: the server record, the access token, the admin check.
 */

const roleSchema = z.enum(ROLES);

const name = z.string().trim().min(1, said('nameRequired')).max(100, said('nameMost100Characters'));
/** Only pictures stored by our own upload endpoint may become a user's photo. */
export const OWN_UPLOAD_PATTERN = /^\/images\/uploads\/[a-f0-9-]{36}\.webp$/;
const userImg = z
  .union([z.string().regex(OWN_UPLOAD_PATTERN, said('userimgPhotoUploadedSite')), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

/** GET /api/v1/users/admin/{email} */
export const emailParams = z.object({ email: emailField });

/** POST /api/v1/users: password, role and the lists are accepted for compatibility and ignored. */
export const createUserBody = z.object({
  name,
  email: emailField,
  userImg,
  password: z.unknown().optional(),
  role: z.unknown().optional(),
  orders: z.unknown().optional(),
  favorite: z.unknown().optional(),
  reports: z.unknown().optional(),
});
export type CreateUserBody = z.input<typeof createUserBody>;

/** PUT /api/v1/users after a Google sign-in. */
export const upsertUserBody = z.object({
  name,
  email: emailField,
  role: z.unknown().optional(),
  userImg: z.unknown().optional(),
});

/** What POST and PUT /api/v1/users answer. */
export const insertedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  insertedId: z.string().nullable(),
});

const userSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  userImg: z.string().nullable(),
  role: roleSchema,
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** GET /api/v1/users/?email=: the record with its orders, favourites and reports. */
const userRecordSchema = userSummarySchema.extend({
  orders: z.array(orderListedSchema),
  favorites: z.array(favoriteListedSchema),
  reports: z.array(reportListedSchema),
});
export type UserRecord = z.infer<typeof userRecordSchema>;
export const userRecordResponse = z.object({ success: z.literal(true), data: userRecordSchema });

/** GET /api/v1/users/jwt?email= */
export const accessTokenResponse = z.object({ accessToken: z.string() });

/** GET /api/v1/users/admin/{email}: `isAdmin` as the spec has it (admin or user); `role` says whether the account is staff. */
export const adminCheckResponse = z.object({
  success: z.literal(true),
  isAdmin: z.enum(['admin', 'user']),
  role: roleSchema,
});

/** GET /api/v1/users/branches (signed in): the branches (ids) the caller's role is held at; null: every branch (docs/reference/branches.md "Who may do what"). */
export const heldBranchesResponse = z.object({ data: z.object({ branches: z.array(z.string()).nullable() }) });

/** GET /api/v1/users/users (admin) */
export const userListResponse = z.object({ success: z.literal(true), data: z.array(userSummarySchema) });

/** PATCH /api/v1/users/users/{id} (admin) */
/**
 * PATCH /api/v1/users/users/{id} (brand admins): the role, and the branches it is held at
 * (docs/reference/branches.md "Who may do what"): ids, at least one; null: every branch (an
 * administrator without a list is a brand admin); left out: the list kept. A guest holds none.
 */
export const roleBody = z.object({
  role: z.enum(ROLES, { error: said('roleOne', { v0: ROLES.join(', ') }) }),
  branches: z.array(z.coerce.number().int().min(1).max(2_147_483_647)).min(1).max(500).nullable().optional(),
});
export const roleChangedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: userSummarySchema.extend({ branches: z.array(z.string()).nullable() }),
});

/** DELETE /api/v1/users/users/{id} (admin) */
export const userIdParams = recordIdParams('id');
export const deleteUserResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ deletedId: z.string(), email: z.string() }),
});
export type DeleteUserResponse = z.infer<typeof deleteUserResponse>;
