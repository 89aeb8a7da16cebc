import { z } from 'zod';
import { emailField, pathId } from './common.ts';

/**
 * The administrators' deletion of one record of one user (issue 5), no body:
 *   DELETE /api/v1/admin/users/{email}/orders/{orderMainId}     → 200 orderResponse
 *   DELETE /api/v1/admin/users/{email}/favorites/{orderMainId}  → 200 favoriteResponse
 *   DELETE /api/v1/admin/users/{email}/reports/{orderMainId}    → 200 reportResponse
 * The users list and DELETE /api/v1/users/users/{id} are in users.ts (their paths are the spec's).
 */
export const adminRecordParams = z.object({ email: emailField, orderMainId: pathId('orderMainId') });
