import { dataReply, type PaymentMethodType, paymentRunListReplySchema, paymentRunSchema, statusImportSchema } from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFile, apiRequest } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

export const paymentRunKeys = {
  all: ['payment-runs'] as const,
  list: (page: number, perPage: number) => ['payment-runs', 'list', page, perPage] as const,
  one: (id: number) => ['payment-runs', 'one', id] as const,
};

const runReply = z.object({ data: paymentRunSchema, message: z.string() });

/** GET /v1/payment-runs (staff with payouts), newest first. */
export function usePaymentRuns(page: number, perPage: number) {
  return useQuery({
    queryKey: paymentRunKeys.list(page, perPage),
    queryFn: async () => paymentRunListReplySchema.parse(await apiRequest('/v1/payment-runs', { query: { page, per_page: perPage } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/payment-runs/{id}: items, checks, totals and the bank's answers. */
export function usePaymentRun(id: number | undefined) {
  return useQuery({
    queryKey: paymentRunKeys.one(id ?? 0),
    enabled: id !== undefined,
    queryFn: async () => dataReply(paymentRunSchema).parse(await apiRequest(`/v1/payment-runs/${id}`)).data,
  });
}

/** POST /v1/payment-runs: a draft run of the payouts to pay by one method. */
export function useCreatePaymentRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (method: PaymentMethodType) => runReply.parse(await apiRequest('/v1/payment-runs', { method: 'POST', body: { method } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentRunKeys.all }),
  });
}

export type RunAction = 'approve' | 'cancel' | 'mark-sent';

/** POST /v1/payment-runs/{id}/approve | cancel | mark-sent. */
export function usePaymentRunAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: RunAction }) => runReply.parse(await apiRequest(`/v1/payment-runs/${id}/${action}`, { method: 'POST', body: {} })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['payment-runs'] }).then(() => queryClient.invalidateQueries({ queryKey: ['payouts'] })),
  });
}

/** POST /v1/payment-runs/{id}/items/{payout_id}/drop. */
export function useDropRunItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, payoutId }: { id: number; payoutId: number }) => runReply.parse(await apiRequest(`/v1/payment-runs/${id}/items/${payoutId}/drop`, { method: 'POST', body: {} })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentRunKeys.all }),
  });
}

/** GET /v1/payment-runs/{id}/file, saved under the server's name. */
export function useDownloadRunFile() {
  return useMutation({
    mutationFn: async (id: number) => {
      const { blob, fileName } = await apiFile(`/v1/payment-runs/${id}/file`);
      saveFile(blob, fileName ?? `payment-run-${id}`);
    },
  });
}

/** POST /v1/payment-runs/status-files: the bank's answer, sent as the file itself. */
export function useUploadStatusFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => z.object({ data: statusImportSchema }).parse(await apiRequest('/v1/payment-runs/status-files', { method: 'POST', body: file })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentRunKeys.all }),
  });
}
