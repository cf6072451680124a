import Description from '@mui/icons-material/DescriptionOutlined';
import ReceiptLong from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import { type Payout, periodLabel } from '@portal/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertError } from '../../../lib/api-client.ts';
import { type PayoutFile, useDownloadPayoutFile } from '../api/download-payout-file.ts';

/** A history row's documents, as the affiliate has them: the invoice (not for a rejected payout) and, once paid, the receipt. */
export function DocumentButtons({ row }: { row: Payout }) {
  const { t } = useTranslation();
  const download = useDownloadPayoutFile();
  const [loading, setLoading] = useState<PayoutFile>();
  const button = (file: PayoutFile, label: string, icon: ReactNode) => (
    <Button
      size="small"
      startIcon={icon}
      loading={loading === file}
      onClick={() => {
        setLoading(file);
        download.mutate({ id: row.id, file }, { onError: alertError, onSettled: () => setLoading(undefined) });
      }}
      aria-label={t('payouts.documentLabel', { document: label, name: row.affiliate.name, period: periodLabel(row.period) })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {label}
    </Button>
  );
  return (
    <>
      {row.status !== 'rejected' ? button('invoice.pdf', t('payouts.invoice'), <Description />) : null}
      {row.status === 'paid' ? button('receipt.pdf', t('payouts.receipt'), <ReceiptLong />) : null}
    </>
  );
}
