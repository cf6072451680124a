import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

export type PayoutFile = 'invoice.pdf' | 'receipt.pdf' | 'statement.csv';

/** GET /v1/payouts/{id}/invoice.pdf, receipt.pdf (once paid) or statement.csv, saved under the server's file name. */
export async function downloadPayoutFile({ id, file }: { id: number; file: PayoutFile }): Promise<void> {
  const { blob, fileName } = await apiFile(`/v1/payouts/${id}/${file}`);
  saveFile(blob, fileName ?? `payout-${id}-${file}`);
}

export function useDownloadPayoutFile() {
  return useMutation({ mutationFn: downloadPayoutFile });
}
