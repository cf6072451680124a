import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type PaymentMethodType, paymentMethodTypes } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../../lib/format.ts';
import { useBilling } from '../api/get-billing.ts';
import { detailFields } from './billing-fields.ts';

/** Account numbers are shown by their last four characters only: enough to recognise, not to copy. */
const masked = new Set(['iban', 'account_number', 'wallet_address']);
export function maskDetail(name: string, value: string): string {
  if (!masked.has(name) || value.length <= 4) return value;
  return `•••• ${value.slice(-4)}`;
}

const isMethod = (v: string): v is PaymentMethodType => (paymentMethodTypes as readonly string[]).includes(v);

/** /payments: the billing info payouts are sent to, edited in the profile's billing tab. */
export function PaymentDetails() {
  const { t } = useTranslation();
  const billing = useBilling();
  const data = billing.data;
  const method = data?.method;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="payment-details-heading" sx={{ p: 2, height: '100%', minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="payment-details-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('billing.details.title')}
        </Typography>
        <Button size="small" component={RouterLink} to="/profile?tab=billing">
          {t('billing.details.edit')}
        </Button>
      </Stack>
      {billing.isError ? <Alert severity="error">{billing.error.message}</Alert> : null}
      {billing.isPending ? <Skeleton variant="rounded" height={120} sx={{ mt: 1 }} /> : null}
      {data && !method ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('billing.details.missing')}
        </Typography>
      ) : null}
      {data && method ? (
        <Stack component="dl" spacing={0.75} sx={{ m: 0, mt: 1, '& dt': { color: 'text.secondary', fontSize: '0.8125rem' }, '& dd': { m: 0, overflowWrap: 'anywhere' } }}>
          <div>
            <dt>{t('billing.details.method')}</dt>
            <dd>{t('billing.details.methodLine', { method: method.name, minimum: formatMoney(method.min_payout), fee: formatMoney(method.fee) })}</dd>
          </div>
          {data.recipient_type ? (
            <div>
              <dt>{t('billing.recipientType')}</dt>
              <dd>{t(`billing.recipientTypes.${data.recipient_type}`)}</dd>
            </div>
          ) : null}
          {(isMethod(method.type) ? detailFields[method.type] : [])
            .filter((f) => data.details[f.name])
            .map((f) => (
              <div key={f.name}>
                <dt>{t(`billing.fields.${f.name}` as 'billing.fields.iban')}</dt>
                <dd>{f.options ? t(`billing.options.${data.details[f.name]}` as 'billing.options.checking') : maskDetail(f.name, data.details[f.name]!)}</dd>
              </div>
            ))}
          {data.is_complete ? null : (
            <Alert severity="warning" variant="outlined" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
              {data.confirm_reason ? `${data.confirm_reason} ` : ''}
              {t('billing.incomplete')}
            </Alert>
          )}
        </Stack>
      ) : null}
    </Paper>
  );
}
