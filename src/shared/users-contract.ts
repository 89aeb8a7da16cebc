import { z } from 'zod';
import { ROLES } from './constants.ts';

/**
 * The contract of the /api/v1/users… calls (SPEC.md §3, §7), field names spelt as the
 * spec spells them. Lists come as { data }, changes as { success, message }.
 */

const email = z.string().trim().toLowerCase().pipe(z.email('a valid e-mail address is required').max(254));
const name = z.string().trim().min(1, 'name is required').max(100, 'name must be at most 100 characters');
/** Only pictures stored by our own upload endpoint may become a user's photo. */
export const OWN_UPLOAD_PATTERN = /^\/images\/uploads\/[a-f0-9-]{36}\.webp$/;
const userImg = z
  .union([z.string().regex(OWN_UPLOAD_PATTERN, 'userImg must be a photo uploaded to this site'), z.literal(''), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

export const emailQuery = z.object({ email });
export const emailParams = z.object({ email });
export const emailBody = z.object({ email });

/** POST /api/v1/users: password, role and the lists are accepted for compatibility and ignored. */
export const createUserBody = z.object({
  name,
  email,
  userImg,
  password: z.unknown().optional(),
  role: z.unknown().optional(),
  orders: z.unknown().optional(),
  favorite: z.unknown().optional(),
  reports: z.unknown().optional(),
});
export type CreateUserBody = z.input<typeof createUserBody>;

/** PUT /api/v1/users after a Google sign-in. */
export const upsertUserBody = z.object({ name, email, role: z.unknown().optional(), userImg: z.unknown().optional() });

/** The fields every listed record shares: its own id (twice, as the spec lists it) and the dish it copies. */
const listedRecordBase = z.object({
  _id: z.string(),
  orderMainId: z.string(),
  orderId: z.string(),
  orderName: z.string(),
  orderImg: z.string(),
  orderCategory: z.string(),
});

export const orderListedSchema = listedRecordBase.extend({
  /** Total: unit price × quantity, in whole dollars. */
  orderPrice: z.number(),
  orderQuantity: z.number(),
  status: z.string(),
  payment: z.string().nullable(),
});
export type OrderListed = z.infer<typeof orderListedSchema>;

export const favoriteListedSchema = listedRecordBase.extend({
  /** Unit price. */
  orderPrice: z.number(),
  orderQuantity: z.number(),
  status: z.string(),
});
export type FavoriteListed = z.infer<typeof favoriteListedSchema>;

export const reportListedSchema = listedRecordBase.extend({
  userGmail: z.string(),
  reportText: z.string(),
});
export type ReportListed = z.infer<typeof reportListedSchema>;

export const userSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  userImg: z.string().nullable(),
  role: z.enum(ROLES),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userRecordSchema = userSummarySchema.extend({
  orders: z.array(orderListedSchema),
  favorites: z.array(favoriteListedSchema),
  reports: z.array(reportListedSchema),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export const userRecordResponse = z.object({ success: z.literal(true), data: userRecordSchema });
export const userListResponse = z.object({ success: z.literal(true), data: z.array(userSummarySchema) });
export const accessTokenResponse = z.object({ accessToken: z.string() });
export const adminCheckResponse = z.object({ success: z.literal(true), isAdmin: z.enum(ROLES) });
export const insertedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  insertedId: z.string().nullable(),
});
export const messageResponse = z.object({ success: z.literal(true), message: z.string() });
export const deleteUserResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ deletedId: z.string(), email: z.string() }),
});
export const uploadResponse = z.object({
  success: z.literal(true),
  data: z.object({ display_url: z.string() }),
});
export const userIdParams = z.object({ id: z.string().max(64) });
