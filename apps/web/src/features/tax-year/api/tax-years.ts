import { dataReply, listReply, type TaxDocumentSettings, taxDeliverySchema, taxDocumentSchema, taxDocumentSettingsSchema, taxYearFormsReplySchema, issueReplySchema } from '@portal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFile, apiRequest } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

export const taxYearKeys = {
  all: ['tax-years'] as const,
  year: (year: number, page: number, perPage: number) => ['tax-years', year, page, perPage] as const,
  settings: ['tax-years', 'settings'] as const,
  mine: ['tax-documents'] as const,
  delivery: ['tax-documents', 'delivery'] as const,
};

/** GET /v1/tax-years/{year}/forms (staff with payouts): one line per payee. */
export function useTaxYear(year: number, page: number, perPage: number) {
  return useQuery({
    queryKey: taxYearKeys.year(year, page, perPage),
    queryFn: async () => taxYearFormsReplySchema.parse(await apiRequest(`/v1/tax-years/${year}/forms`, { query: { page, per_page: perPage } })),
    placeholderData: keepPreviousData,
  });
}

/** POST /v1/tax-years/{year}/issue. */
export function useIssueForms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (year: number) => issueReplySchema.parse(await apiRequest(`/v1/tax-years/${year}/issue`, { method: 'POST', body: {} })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taxYearKeys.all }),
  });
}

/** A file of the tax year (a payee's PDF, the IRS file), saved under the server's name. */
export function useDownloadTaxFile() {
  return useMutation({
    mutationFn: async ({ path, name }: { path: string; name: string }) => {
      const { blob, fileName } = await apiFile(path);
      saveFile(blob, fileName ?? name);
    },
  });
}

export function useTaxDocumentSettings(enabled: boolean) {
  return useQuery({ queryKey: taxYearKeys.settings, enabled, queryFn: async () => dataReply(taxDocumentSettingsSchema).parse(await apiRequest('/v1/settings/tax-documents')).data });
}

export function useSaveTaxDocumentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TaxDocumentSettings) => z.object({ message: z.string() }).parse(await apiRequest('/v1/settings/tax-documents', { method: 'PUT', body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taxYearKeys.all }),
  });
}

/** GET /v1/user/tax-documents: the affiliate's issued forms. */
export function useMyTaxDocuments() {
  return useQuery({ queryKey: taxYearKeys.mine, queryFn: async () => listReply(taxDocumentSchema).parse(await apiRequest('/v1/user/tax-documents')) });
}

export function useTaxDelivery() {
  return useQuery({ queryKey: taxYearKeys.delivery, queryFn: async () => dataReply(taxDeliverySchema).parse(await apiRequest('/v1/user/tax-documents/delivery')).data });
}

export function useSaveTaxDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (electronic: boolean) => z.object({ message: z.string() }).parse(await apiRequest('/v1/user/tax-documents/delivery', { method: 'PUT', body: { electronic } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taxYearKeys.delivery }),
  });
}
