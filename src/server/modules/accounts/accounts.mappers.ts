import type { UserSummary } from '../../../shared/contract/users.ts';
import type { UserRow } from '../../db/schema.ts';
import { toRole } from '../auth/auth.service.ts';

export function toUserSummary(row: UserRow): UserSummary {
  return { _id: String(row.id), name: row.name, email: row.email, userImg: row.user_img, role: toRole(row.role) };
}
