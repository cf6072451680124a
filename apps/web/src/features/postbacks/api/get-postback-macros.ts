import { postbackMacroSchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

const reply = z.object({ data: z.array(postbackMacroSchema) });

/** GET /v1/postbacks/macros: the macros a postback url may hold, with their descriptions. */
export async function getPostbackMacros() {
  return reply.parse(await apiRequest('/v1/postbacks/macros')).data;
}

export const getPostbackMacrosQueryOptions = () => queryOptions({ queryKey: ['postbacks', 'macros'], queryFn: getPostbackMacros, staleTime: Infinity });

export function usePostbackMacros() {
  return useQuery(getPostbackMacrosQueryOptions());
}
