import { siteLogoListReplySchema } from '@portal/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFile, apiRequest } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

export const logosQueryKey = ['creatives', 'logos'] as const;

/** GET /v1/creatives/logos: every site's logos (a few per site), by site. */
export async function getLogos(siteId: number | undefined) {
  return siteLogoListReplySchema.parse(await apiRequest('/v1/creatives/logos', { query: { site_id: siteId, per_page: 200 } }));
}

export const getLogosQueryOptions = (siteId: number | undefined) => queryOptions({ queryKey: [...logosQueryKey, 'list', siteId ?? null], queryFn: () => getLogos(siteId) });

export function useLogos(siteId: number | undefined) {
  return useQuery({ ...getLogosQueryOptions(siteId), select: (reply) => reply.data });
}

/** GET /v1/creatives/logos/zip: a site's logos in one zip named after the site, handed to the browser's download. */
export async function downloadLogosZip(siteId: number, fallbackName: string) {
  const { blob, fileName } = await apiFile('/v1/creatives/logos/zip', { query: { site_id: siteId } });
  saveFile(blob, fileName ?? fallbackName);
}
