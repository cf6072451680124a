import { useMutation } from '@tanstack/react-query';
import { apiFile } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';

export type PayoutDocument = 'invoice.pdf' | 'receipt.pdf';

/** GET /v1/payouts/{id}/invoice.pdf or receipt.pdf (once paid): the affiliate's documents, which staff open too. */
export async function downloadPayoutDocument({ id, file }: { id: number; file: PayoutDocument }): Promise<void> {
  const { blob, fileName } = await apiFile(`/v1/payouts/${id}/${file}`);
  saveFile(blob, fileName ?? `payout-${id}-${file}`);
}

export function useDownloadPayoutDocument() {
  return useMutation({ mutationFn: downloadPayoutDocument });
}
