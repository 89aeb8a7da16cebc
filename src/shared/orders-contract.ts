import { z } from 'zod';
import { ACCOUNT_NUMBER_MAX_EXCLUSIVE, FAVORITE_STATUS, MAX_QUANTITY, MAX_REPORT_TEXT_LENGTH, MIN_QUANTITY, PAYMENT_METHODS, PAYMENT_PAID } from './constants.ts';
import { emailBody, emailQuery, favoriteListedSchema, orderListedSchema, reportListedSchema } from './users-contract.ts';

/**
 * The contract of what a guest does with dishes (SPEC.md §3, §7; issue 4) and of the
 * administrators' record deletions (issue 5). Field names are the spec's.
 *
 * Guest calls (Authorization: Bearer <accessToken>; only the token's owner may call them):
 *   PATCH /api/v1/users/?email=                orderPatchBody  → 201 orderPatchResponse
 *         (orderEntryBody: an order → orderResponse; confirmFavoriteBody, with orderMainIdPending:
 *         the favourite confirmed and booked as an order → confirmFavoriteResponse)
 *   PATCH /api/v1/users/favorites/?email=      favoriteEntryBody → 201 favoriteResponse (200 when already a favourite)
 *   PUT   /api/v1/users/favorites/{id}         ownerEmailBody  → 200 favoriteResponse   ({id} is the dish id, orderId)
 *   PATCH /api/v1/users/reports/?email=        reportEntryBody → 201 reportResponse (409 when already reported)
 *   PUT   /api/v1/users/reports/{orderMainId}  ownerEmailBody  → 200 reportResponse
 *   PUT   /api/v1/users/{orderMainId}          ownerEmailBody  → 200 orderResponse (the order is deleted)
 *   PATCH /api/v1/users/{orderMainId}          payOrderBody    → 200 orderResponse (409 when already paid)
 *
 * Administrator calls (no body):
 *   DELETE /api/v1/admin/users/{email}/orders/{orderMainId}     → 200 orderResponse
 *   DELETE /api/v1/admin/users/{email}/favorites/{orderMainId}  → 200 favoriteResponse
 *   DELETE /api/v1/admin/users/{email}/reports/{orderMainId}    → 200 reportResponse
 *
 * Errors are { success: false, message }: 400 bad input, 401 no token, 403 someone else's
 * e-mail (or not an admin), 404 unknown dish or record (another user's records are unknown
 * to you), 409 conflict. Ids in paths are positive integers; anything else is a 404.
 *
 * Prices are never taken from the body: name, picture, category and unit price come from
 * the catalogue, the total is unit price × quantity. orderName, orderImg, orderPrice,
 * orderCategory and status are accepted because the spec's client sends them, and ignored.
 */

/** PostgreSQL's integer: ids beyond it cannot exist. */
export const MAX_RECORD_ID = 2_147_483_647;
const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** A record or dish id in a path or body, as text ("12") or a number (12); null when it cannot be one. */
export function parseRecordId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!ID_PATTERN.test(text)) return null;
  const id = Number(text);
  return id <= MAX_RECORD_ID ? id : null;
}

function recordId(field: string) {
  return z
    .union([z.string().max(32), z.number()], { error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a positive whole number`) })
    .transform((value, ctx) => {
      const id = parseRecordId(value);
      if (id === null) {
        ctx.addIssue({ code: 'custom', message: `${field} must be a positive whole number` });
        return z.NEVER;
      }
      return id;
    });
}

/** The dish id (SPEC.md calls it orderId). */
export const dishIdField = recordId('orderId');

/**
 * A whole number from MIN_QUANTITY to MAX_QUANTITY, as a number or a numeric string
 * (forms send text). "2.5", "1e2", "", -1, 0, 2.5 and 100 are refused.
 */
export const quantityField = z
  .union([z.number(), z.string().trim().regex(/^\d{1,6}$/, 'orderQuantity must be a whole number').transform(Number)], {
    error: (issue) => (issue.input === undefined ? 'orderQuantity is required' : 'orderQuantity must be a whole number'),
  })
  .pipe(
    z
      .number()
      .int('orderQuantity must be a whole number')
      .min(MIN_QUANTITY, `orderQuantity must be at least ${MIN_QUANTITY}`)
      .max(MAX_QUANTITY, `orderQuantity must be at most ${MAX_QUANTITY}`),
  );

const optionalEmail = z.string().trim().toLowerCase().pipe(z.email('userGmail must be an e-mail address').max(254)).optional();

/** Sent by the spec's client, never trusted: the catalogue is the source of these values. */
const ignored = {
  orderName: z.unknown().optional(),
  orderImg: z.unknown().optional(),
  orderPrice: z.unknown().optional(),
  orderCategory: z.unknown().optional(),
  _id: z.unknown().optional(),
};

/** The query of the three "add" calls: the e-mail must be the caller's own. */
export const ownerEmailQuery = emailQuery;
/** The body of the delete calls: the e-mail must be the caller's own. */
export const ownerEmailBody = emailBody;
export type OwnerEmailBody = z.input<typeof ownerEmailBody>;

/** PATCH /api/v1/users/?email= without orderMainIdPending: a new booking order (status Conform). */
export const orderEntryBody = z.object({
  orderId: dishIdField,
  orderQuantity: quantityField,
  /** When given it must be the e-mail of the query (the caller's own). */
  userGmail: optionalEmail,
  status: z.unknown().optional(),
  ...ignored,
});
export type OrderEntryBody = z.input<typeof orderEntryBody>;

/**
 * PATCH /api/v1/users/?email= with orderMainIdPending: confirms the caller's pending favourite
 * with the chosen quantity and books it as an order, both in one transaction.
 */
export const confirmFavoriteBody = z.object({
  /** The favourite's orderMainId. */
  orderMainIdPending: recordId('orderMainIdPending'),
  orderQuantity: quantityField,
  status: z.literal(FAVORITE_STATUS.conform, { error: `status must be ${FAVORITE_STATUS.conform}` }).optional(),
  /** When given it must be the favourite's dish. */
  orderId: dishIdField.optional(),
  userGmail: optionalEmail,
  ...ignored,
});
export type ConfirmFavoriteBody = z.input<typeof confirmFavoriteBody>;

/**
 * What the route validates: either form above. One object (not a union) so that a bad
 * field gets its own clear message; the refinement requires orderId for a plain order.
 */
export const orderPatchBody = z
  .object({
    orderId: dishIdField.optional(),
    orderMainIdPending: recordId('orderMainIdPending').optional(),
    orderQuantity: quantityField,
    userGmail: optionalEmail,
    status: z.unknown().optional(),
    ...ignored,
  })
  .superRefine((body, ctx) => {
    if (body.orderMainIdPending === undefined && body.orderId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['orderId'], message: 'orderId is required' });
    }
    if (body.orderMainIdPending !== undefined && body.status !== undefined && body.status !== FAVORITE_STATUS.conform) {
      ctx.addIssue({ code: 'custom', path: ['status'], message: `status must be ${FAVORITE_STATUS.conform}` });
    }
  });
export type OrderPatchBody = z.input<typeof orderPatchBody>;

/** PATCH /api/v1/users/favorites/?email=: a Pending favourite, one per guest and dish. */
export const favoriteEntryBody = z.object({
  orderId: dishIdField,
  orderQuantity: quantityField.optional(),
  userGmail: optionalEmail,
  status: z.unknown().optional(),
  ...ignored,
});
export type FavoriteEntryBody = z.input<typeof favoriteEntryBody>;

/** True for C0 controls other than tab, line feed and carriage return, and for DEL. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** PATCH /api/v1/users/reports/?email=: one report per guest and dish. */
export const reportEntryBody = z.object({
  orderId: dishIdField,
  reportText: z
    .string({ error: 'reportText is required' })
    .trim()
    .min(1, 'reportText is required')
    .max(MAX_REPORT_TEXT_LENGTH, `reportText must be at most ${MAX_REPORT_TEXT_LENGTH} characters`)
    // Control characters (NUL above all, which PostgreSQL text refuses) have no place in a report; line breaks do.
    .refine((text) => !hasControlCharacters(text), 'reportText must not contain control characters'),
  userGmail: optionalEmail,
  ...ignored,
});
export type ReportEntryBody = z.input<typeof reportEntryBody>;

/**
 * The account number: digits only, 1 to ACCOUNT_NUMBER_MAX_EXCLUSIVE - 1 of them. A number
 * is accepted (the spec's input is of type number) but loses leading zeros: send text.
 */
export const accountNumberField = z
  .union([z.string().max(64), z.number().transform(String)], {
    error: (issue) => (issue.input === undefined ? 'AccountNumber is required' : 'AccountNumber must be digits only'),
  })
  .pipe(
    z
      .string()
      .trim()
      .min(1, 'AccountNumber is required')
      .max(ACCOUNT_NUMBER_MAX_EXCLUSIVE - 1, `AccountNumber must have fewer than ${ACCOUNT_NUMBER_MAX_EXCLUSIVE} digits`)
      .regex(/^\d+$/, 'AccountNumber must be digits only'),
  );

/** PATCH /api/v1/users/{orderMainId}: pays the caller's order. */
export const payOrderBody = z.object({
  pay: z.object(
    {
      Method: z.enum(PAYMENT_METHODS, { error: `Method must be one of ${PAYMENT_METHODS.join(', ')}` }),
      AccountNumber: accountNumberField,
    },
    { error: 'pay is required' },
  ),
  payment: z.literal(PAYMENT_PAID, { error: `payment must be ${PAYMENT_PAID}` }),
  email: emailBody.shape.email,
});
export type PayOrderBody = z.input<typeof payOrderBody>;

/** Path ids stay text in the schema; the route answers 404 when one is not a positive integer. */
const pathId = z.string().max(64);
export const orderMainIdParams = z.object({ orderMainId: pathId });
/** PUT /api/v1/users/favorites/{id}: id is the dish id (orderId), as the spec calls it. */
export const favoriteDishParams = z.object({ id: pathId });
export const adminRecordParams = z.object({ email: emailQuery.shape.email, orderMainId: pathId });

export const orderResponse = z.object({ success: z.literal(true), message: z.string(), data: orderListedSchema });
export const favoriteResponse = z.object({ success: z.literal(true), message: z.string(), data: favoriteListedSchema });
export const reportResponse = z.object({ success: z.literal(true), message: z.string(), data: reportListedSchema });
/** The confirm-favourite form answers with the new order and the confirmed favourite. */
export const confirmFavoriteResponse = orderResponse.extend({ favorite: favoriteListedSchema });
/** What PATCH /api/v1/users/?email= answers: an order, plus the favourite when one was confirmed. */
export const orderPatchResponse = orderResponse.extend({ favorite: favoriteListedSchema.optional() });
export type OrderResponse = z.infer<typeof orderResponse>;
export type FavoriteResponse = z.infer<typeof favoriteResponse>;
export type ReportResponse = z.infer<typeof reportResponse>;
export type ConfirmFavoriteResponse = z.infer<typeof confirmFavoriteResponse>;
