import type { z } from 'zod';
import type { Product } from '@shared/contract/catalog.ts';
import type { EmailBody } from '@shared/contract/common.ts';
import type { ReportEntryBody, ReportListed, ReportResponse, reportResponse } from '@shared/contract/reports.ts';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { apiPath } from '@client/lib/api-client.ts';
import { useRecordMutation } from '@client/data/record-mutation.ts';

/** Reports (docs/reference/storefront.md §4 "Report button", §7): one per guest and dish; the guest may delete theirs. */

export function reportEntry(product: Product, reportText: string, email: string): ReportEntryBody {
  return {
    orderId: product._id,
    orderName: product.name,
    orderImg: product.img,
    orderCategory: product.category,
    userGmail: email,
    reportText,
  };
}

export function hasReported(reports: ReportListed[] | undefined, dishId: string): boolean {
  return (reports ?? []).some((report) => report.orderId === dishId);
}

/** PATCH /api/v1/users/reports/?email= : answers 409 when this guest already reported the dish. */
export function addReport({ email, entry }: { email: string; entry: ReportEntryBody }): Promise<ReportResponse> {
  return authorizedRequest<z.infer<typeof reportResponse>>(apiPath('/api/v1/users/reports/', { email }), {
    method: 'PATCH',
    body: entry,
  });
}

/** PUT /api/v1/users/reports/{orderMainId} with { email }. */
export function deleteReport({ email, orderMainId }: { email: string; orderMainId: string }): Promise<ReportResponse> {
  const body: EmailBody = { email };
  return authorizedRequest<z.infer<typeof reportResponse>>(`/api/v1/users/reports/${encodeURIComponent(orderMainId)}`, {
    method: 'PUT',
    body,
  });
}

export const useAddReport = () => useRecordMutation(addReport);
export const useDeleteReport = () => useRecordMutation(deleteReport);
