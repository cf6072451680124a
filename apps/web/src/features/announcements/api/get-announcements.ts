import { announcementSchema, listReply } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { announcementKeys } from './keys.ts';

const reply = listReply(announcementSchema);

/** GET /v1/announcements?orderBy=created_at&sortedBy=desc, paginated; a page size of 0 is All (`per_page=all`). */
export async function getAnnouncements(page: number, perPage: number) {
  return reply.parse(await apiRequest('/v1/announcements', { query: { orderBy: 'created_at', sortedBy: 'desc', page, per_page: perPage === 0 ? 'all' : perPage } }));
}

export const getAnnouncementsQueryOptions = (page: number, perPage: number) =>
  queryOptions({ queryKey: announcementKeys.list(page, perPage), queryFn: () => getAnnouncements(page, perPage), placeholderData: keepPreviousData });

export function useAnnouncements(page: number, perPage: number) {
  return useQuery(getAnnouncementsQueryOptions(page, perPage));
}
