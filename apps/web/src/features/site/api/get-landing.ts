import { type HomeData, type LandingImages, landingReplySchema, type Seo } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /v1/landing: the home page's SEO and section images (Global Settings edits them), and the live network and programs. */
export async function getLanding(): Promise<{ seo: Seo; images: LandingImages; home: HomeData }> {
  return landingReplySchema.parse(await apiRequest('/v1/landing', { auth: false })).data;
}

export const getLandingQueryOptions = () => queryOptions({ queryKey: ['landing'], queryFn: getLanding, staleTime: 10 * 60_000 });

export function useLanding() {
  return useQuery(getLandingQueryOptions());
}
