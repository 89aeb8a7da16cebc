import type { z } from 'zod';
import type { auditResponse } from '@shared/contract/audit.ts';
import type { AuditKind } from '@shared/contract/values.ts';
import type { backupStatusResponse } from '@shared/contract/backups.ts';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@client/lib/api-client.ts';
import { authorizedRequest, readAccessToken, renewToken } from '@client/lib/access-token.ts';

export type AuditReport = z.infer<typeof auditResponse>['data'];
export type BackupStatus = z.infer<typeof backupStatusResponse>['data'];
export interface AuditFilter {
  from: string;
  to: string;
  staff?: string | undefined;
  kind?: AuditKind | undefined;
}

function auditQuery(filter: AuditFilter): string {
  const query = new URLSearchParams({ from: filter.from, to: filter.to });
  if (filter.staff) query.set('staff', filter.staff);
  if (filter.kind) query.set('kind', filter.kind);
  return query.toString();
}

/** GET /api/v1/reports/audit (admin): the entries and the voids and discounts per staff member and day. */
export function useAuditReport(filter: AuditFilter) {
  return useQuery({
    queryKey: ['audit-report', filter.from, filter.to, filter.staff ?? '', filter.kind ?? ''],
    queryFn: async ({ signal }) =>
      (
        await authorizedRequest<z.infer<typeof auditResponse>>(`/api/v1/reports/audit?${auditQuery(filter)}`, {
          signal,
        })
      ).data,
    enabled: filter.from !== '' && filter.to !== '' && filter.from <= filter.to,
  });
}

/** GET /api/v1/dashboard/backups (admin): the last good backup and the last failure. */
export function useBackupStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['backup-status'],
    queryFn: async ({ signal }) =>
      (await authorizedRequest<z.infer<typeof backupStatusResponse>>('/api/v1/dashboard/backups', { signal })).data,
    enabled,
    refetchInterval: 60_000,
  });
}

/** GET /api/v1/reports/audit.csv (admin) saved as a file, fetched with the access token as the day report's CSV is. */
export async function downloadAuditCsv(filter: AuditFilter): Promise<void> {
  const path = `/api/v1/reports/audit.csv?${auditQuery(filter)}`;
  const send = (token: string | null) =>
    fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  let response = await send(readAccessToken());
  if (response.status === 401) response = await send(await renewToken());
  if (!response.ok) throw new ApiError(`HTTP error! Status: ${response.status}`, response.status);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `audit-${filter.from}-${filter.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
