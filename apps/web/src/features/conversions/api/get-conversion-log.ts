import { type ConversionLogQuery, type ConversionLogReply, conversionLogReplySchema } from '@portal/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFile, apiRequest } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

export const conversionLogKeys = { all: ['conversion-log'] as const, list: (q: ConversionLogQuery) => ['conversion-log', q] as const };

export const getConversionLog = async (q: ConversionLogQuery): Promise<ConversionLogReply> => conversionLogReplySchema.parse(await apiRequest('/v1/conversion-log', { query: { ...q } }));

export const getConversionLogQueryOptions = (q: ConversionLogQuery) =>
  queryOptions({ queryKey: conversionLogKeys.list(q), queryFn: () => getConversionLog(q), placeholderData: keepPreviousData });

export const useConversionLog = (q: ConversionLogQuery, enabled = true) => useQuery({ ...getConversionLogQueryOptions(q), enabled });

/** The filtered log as a CSV file made by the server (every matching row, formula-safe). */
export async function downloadConversionLogCsv(q: ConversionLogQuery): Promise<void> {
  const { page: _page, per_page: _perPage, ...filters } = q;
  const { blob, fileName } = await apiFile('/v1/conversion-log.csv', { query: { ...filters } });
  saveFile(blob, fileName ?? 'conversion-log.csv');
}
