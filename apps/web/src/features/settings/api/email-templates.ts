import { type EmailTemplateUpdate, emailPreviewSchema, emailTemplateSchema } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

export const emailTemplateKeys = { all: ['settings', 'email-templates'] as const };

/** GET /v1/email-templates: every email type with its subject, body and variables. */
export async function getEmailTemplates() {
  return z.object({ data: z.array(emailTemplateSchema) }).parse(await apiRequest('/v1/email-templates')).data;
}
export const getEmailTemplatesQueryOptions = () => queryOptions({ queryKey: emailTemplateKeys.all, queryFn: getEmailTemplates });
export function useEmailTemplates() {
  return useQuery(getEmailTemplatesQueryOptions());
}

const one = z.object({ data: emailTemplateSchema });

/** PUT /v1/email-templates/{type}. */
export function useSaveEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ type, body }: { type: string; body: EmailTemplateUpdate }) => one.parse(await apiRequest(`/v1/email-templates/${type}`, { method: 'PUT', body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}

/** POST /v1/email-templates/{type}/reset: back to the shipped default. */
export function useResetEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (type: string) => one.parse(await apiRequest(`/v1/email-templates/${type}/reset`, { method: 'POST' })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });
}

/** POST /v1/email-templates/{type}/preview: the unsaved subject and body with an affiliate's data. */
export function usePreviewEmailTemplate() {
  return useMutation({
    mutationFn: async ({ type, body }: { type: string; body: { subject: string; body: string; affiliate_id: number | null } }) =>
      z.object({ data: emailPreviewSchema }).parse(await apiRequest(`/v1/email-templates/${type}/preview`, { method: 'POST', body })).data,
  });
}

/** POST /v1/email-templates/{type}/test: the draft being edited (subject and body), mailed to the signed-in staff member. */
export function useSendTestEmail() {
  return useMutation({
    mutationFn: async ({ type, body }: { type: string; body: { subject: string; body: string; affiliate_id: number | null } }) =>
      z.object({ data: z.object({ message: z.string() }) }).parse(await apiRequest(`/v1/email-templates/${type}/test`, { method: 'POST', body })).data.message,
  });
}
