import type { FavoriteResponse } from '@shared/contract/favorites.ts';
import type { OrderResponse } from '@shared/contract/orders.ts';
import type { ReportResponse } from '@shared/contract/reports.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';

/** The three lists an administrator may remove a record from. */
export type RecordList = 'orders' | 'favorites' | 'reports';

export interface DeleteRecordInput {
  list: RecordList;
  /** The record owner's e-mail. */
  email: string;
  orderMainId: string;
}

/**
 * DELETE /api/v1/admin/users/{email}/{orders|favorites|reports}/{orderMainId} (admin only):
 * removes exactly that record of that user (src/shared/contract/admin.ts).
 */
export async function deleteUserRecord({
  list,
  email,
  orderMainId,
}: DeleteRecordInput): Promise<OrderResponse | FavoriteResponse | ReportResponse> {
  return authorizedRequest(
    `/api/v1/admin/users/${encodeURIComponent(email)}/${list}/${encodeURIComponent(orderMainId)}`,
    { method: 'DELETE' },
  );
}

/** Deletes one record, then refreshes every view of the user's record (docs/reference/storefront.md's "refetch"). */
export function useDeleteUserRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserRecord,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['user-record'] }),
  });
}
