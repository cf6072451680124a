import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** The bank file of the payouts to pay with one payment method, as CSV. */
export async function exportBankFile(method: string): Promise<void> {
  const { blob, fileName } = await apiFile('/v1/payouts/export.csv', { query: { method } });
  saveFile(blob, fileName ?? `payouts-${method}.csv`);
}

export function useExportBankFile() {
  return useMutation({ mutationFn: exportBankFile });
}
