import { type ApiTokenInput, apiTokenCreatedReplySchema, apiTokenListReplySchema } from '@portal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const apiTokensQueryKey = ['profile', 'api-tokens'] as const;

/** GET /v1/user/api-tokens: names, scopes and last use (never the tokens). */
export async function getApiTokens() {
  return apiTokenListReplySchema.parse(await apiRequest('/v1/user/api-tokens')).data;
}

export const getApiTokensQueryOptions = () => queryOptions({ queryKey: apiTokensQueryKey, queryFn: getApiTokens });

export function useApiTokens() {
  return useQuery(getApiTokensQueryOptions());
}

/** POST /v1/user/api-tokens: the reply holds the token, shown this once. */
export async function createApiToken(body: ApiTokenInput) {
  return apiTokenCreatedReplySchema.parse(await apiRequest('/v1/user/api-tokens', { method: 'POST', body })).data;
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createApiToken, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }) });
}

/** DELETE /v1/user/api-tokens/{id}. */
export async function revokeApiToken(id: number) {
  await apiRequest(`/v1/user/api-tokens/${id}`, { method: 'DELETE' });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeApiToken, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }) });
}
