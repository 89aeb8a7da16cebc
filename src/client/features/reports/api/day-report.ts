import type { z } from 'zod';
import type { BrandDayReport, cashCountResponse, dayReportResponse } from '@shared/contract/bills.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@client/lib/api-client.ts';
import { authorizedRequest, readAccessToken, renewToken } from '@client/lib/access-token.ts';

export type DayReport = z.infer<typeof dayReportResponse>['data'];
export type CashCount = z.infer<typeof cashCountResponse>['data'];

/** GET /api/v1/reports/day?date= (admin). */
export function useDayReport(date: string) {
  return useQuery({
    queryKey: ['day-report', date],
    queryFn: async ({ signal }) =>
      (
        await authorizedRequest<z.infer<typeof dayReportResponse>>(
          `/api/v1/reports/day?date=${encodeURIComponent(date)}`,
          { signal },
        )
      ).data,
    enabled: date !== '',
  });
}

/** GET /api/v1/reports/day?date=&branch=all (brand admins): the brand's day, one row per branch; asked only with two branches or more. */
export function useBrandDayReport(date: string, enabled: boolean) {
  return useQuery({
    queryKey: ['day-report', date, 'all'],
    queryFn: async ({ signal }) =>
      (
        await authorizedRequest<{ data: BrandDayReport }>(
          `/api/v1/reports/day?date=${encodeURIComponent(date)}&branch=all`,
          { signal },
        )
      ).data,
    enabled: enabled && date !== '',
  });
}

/** POST /api/v1/reports/cash-count (admin): the cash counted for a day, against what was expected. */
export function useCashCount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { date: string; counted: number }) =>
      (
        await authorizedRequest<z.infer<typeof cashCountResponse>>('/api/v1/reports/cash-count', {
          method: 'POST',
          body,
        })
      ).data,
    // The day's reports (the branch's and the brand's) list its counts: read again, the one just kept is among them.
    onSuccess: (_data, body) => void client.invalidateQueries({ queryKey: ['day-report', body.date] }),
  });
}

/**
 * GET /api/v1/reports/day.csv?date= (admin) saved as a file, the branch's or (`brand`) the
 * brand's with a column per branch: the call needs the access token, which a plain link cannot
 * send, so the file is fetched and handed to the browser to save.
 */
export async function downloadDayCsv(date: string, brand = false): Promise<void> {
  const path = `/api/v1/reports/day.csv?date=${encodeURIComponent(date)}${brand ? '&branch=all' : ''}`;
  const send = (token: string | null) =>
    fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  let response = await send(readAccessToken());
  if (response.status === 401) response = await send(await renewToken());
  if (!response.ok) throw new ApiError(`HTTP error! Status: ${response.status}`, response.status);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `day-${date}${brand ? '-brand' : ''}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
