import { type EventListReply, eventListReplySchema } from '@portal/contracts';

/** The filters and page as the screen holds them (blank filters are not applied). */
export type EventsQuery = Record<string, string | number>;
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFile, apiRequest } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

export const eventsKeys = { list: (q: EventsQuery) => ['events', q] as const };

export const getEventsQueryOptions = (q: EventsQuery) =>
  queryOptions({
    queryKey: eventsKeys.list(q),
    queryFn: async (): Promise<EventListReply> => eventListReplySchema.parse(await apiRequest('/v1/events', { query: { ...q } })),
    placeholderData: keepPreviousData,
  });
export const useEvents = (q: EventsQuery) => useQuery(getEventsQueryOptions(q));

/** The filtered history as a CSV file. */
export async function downloadEventsCsv(q: EventsQuery): Promise<void> {
  const { blob, fileName } = await apiFile('/v1/events', { query: { ...q, format: 'csv' } });
  saveFile(blob, fileName ?? 'event-history.csv');
}
