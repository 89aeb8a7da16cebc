import type { z } from 'zod';
import type {
  CreatePrinterBody,
  UpdatePrinterBody,
  printJobChangedResponse,
  printJobListResponse,
  printReceiptResponse,
  printerChangedResponse,
  printerListResponse,
  printerSecretResponse,
  printerStatesResponse,
} from '@shared/contract/printers.ts';
import { useQuery } from '@tanstack/react-query';
import { authorizedRequest } from '@client/lib/access-token.ts';
import { useInvalidating } from '@client/data/use-invalidating.ts';

/** The printers' calls (docs/reference/service.md "Printers that pull their jobs"): admins set them up; staff see the offline ones, reprint and print receipts. */

const PRINTERS = [['printers']];
/** A job made or printed again: the printers' waiting counts and the job lists (kept apart, so a deleted printer's list is not asked for). */
const JOBS = [['printers'], ['print-jobs']];
const path = (id: string, rest = '') => `/api/v1/printers/${encodeURIComponent(id)}${rest}`;

/** The printers with their last poll and waiting jobs, asked again every 10 s (a printer goes offline by not polling). */
export function usePrinters() {
  return useQuery({
    queryKey: ['printers'],
    queryFn: async ({ signal }) =>
      (await authorizedRequest<z.infer<typeof printerListResponse>>('/api/v1/printers', { signal })).data,
    refetchInterval: 10_000,
  });
}

export function usePrintJobs(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['print-jobs', id],
    enabled,
    queryFn: async ({ signal }) =>
      (await authorizedRequest<z.infer<typeof printJobListResponse>>(path(id, '/jobs'), { signal })).data,
    refetchInterval: 10_000,
  });
}

/** Each printer online or offline, for the kitchen board and the Floor (staff), asked again every 10 s. */
export function usePrinterStates() {
  return useQuery({
    queryKey: ['printers', 'states'],
    queryFn: async ({ signal }) =>
      (await authorizedRequest<z.infer<typeof printerStatesResponse>>('/api/v1/printers/states', { signal })).data,
    refetchInterval: 10_000,
  });
}

export const useAddPrinter = () =>
  useInvalidating(
    (body: CreatePrinterBody) =>
      authorizedRequest<z.infer<typeof printerSecretResponse>>('/api/v1/printers', { method: 'POST', body }),
    PRINTERS,
  );
export const useUpdatePrinter = () =>
  useInvalidating(
    ({ id, body }: { id: string; body: UpdatePrinterBody }) =>
      authorizedRequest<z.infer<typeof printerChangedResponse>>(path(id), { method: 'PATCH', body }),
    PRINTERS,
  );
export const useDeletePrinter = () =>
  useInvalidating(
    (id: string) => authorizedRequest<z.infer<typeof printerChangedResponse>>(path(id), { method: 'DELETE' }),
    PRINTERS,
  );
export const useRenewSecret = () =>
  useInvalidating(
    (id: string) => authorizedRequest<z.infer<typeof printerSecretResponse>>(path(id, '/secret'), { method: 'POST' }),
    PRINTERS,
  );
export const useTestPage = () =>
  useInvalidating(
    (id: string) => authorizedRequest<z.infer<typeof printJobChangedResponse>>(path(id, '/test'), { method: 'POST' }),
    JOBS,
  );
export const useReprint = () =>
  useInvalidating(
    (jobId: string) =>
      authorizedRequest<z.infer<typeof printJobChangedResponse>>(
        `/api/v1/printers/jobs/${encodeURIComponent(jobId)}/reprint`,
        { method: 'POST' },
      ),
    JOBS,
  );

/** "Print receipt": the bill's receipt on the receipt printer (409 when there is none). */
export const printReceipt = (billId: string) =>
  authorizedRequest<z.infer<typeof printReceiptResponse>>('/api/v1/printers/receipts', {
    method: 'POST',
    body: { billId },
  });
