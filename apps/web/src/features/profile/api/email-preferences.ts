import { type EmailPreferences, emailPreferencesReplySchema } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { type Target, targetQuery } from './profile-of.ts';

const keyOf = (userId: Target) => ['profile', 'email-preferences', userId ?? 'me'] as const;

/** GET /v1/user/email-preferences. */
export async function getEmailPreferences(userId: Target) {
  return emailPreferencesReplySchema.parse(await apiRequest('/v1/user/email-preferences', { query: targetQuery(userId) })).data;
}

export const getEmailPreferencesQueryOptions = (userId: Target) => queryOptions({ queryKey: keyOf(userId), queryFn: () => getEmailPreferences(userId) });

export function useEmailPreferences(userId: Target) {
  return useQuery(getEmailPreferencesQueryOptions(userId));
}

/** PUT /v1/user/email-preferences. */
export async function saveEmailPreferences(body: EmailPreferences, userId: Target) {
  return emailPreferencesReplySchema.parse(await apiRequest('/v1/user/email-preferences', { method: 'PUT', body, query: targetQuery(userId) })).data;
}

export function useSaveEmailPreferences(userId: Target) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: EmailPreferences) => saveEmailPreferences(body, userId), onSuccess: (data) => queryClient.setQueryData(keyOf(userId), data) });
}
