import { currencyCodes, exchangeRateInputSchema, exchangeRateSettingsSchema, maxConversionAmountUpdateSchema } from '@portal/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DynamicForm } from '../../../components/forms/dynamic-form.tsx';
import type { FormItem } from '../../../components/forms/field-types.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { formatDateTime, formatDay, formatMoney } from '../../../lib/format.ts';
import { settingsKeys, useSaveSettingsSection, useSettingsSection } from '../api/settings-section.ts';
import { SectionCard, SectionLoading } from './section-card.tsx';

const document = { id: 'exchange-rates', path: '/v1/settings/exchange-rates' };
const x = 'settings.exchangeRates';
const foreign = currencyCodes.filter((c) => c !== 'USD').map((c) => ({ value: c, label: c }));

const rateFields: FormItem<{ currency: unknown; day?: unknown; rate: unknown }>[] = [
  { name: 'currency', label: `${x}.currency`, type: 'select', options: foreign, required: true, row: 1 },
  { name: 'day', label: `${x}.day`, type: 'date', row: 1, hint: `${x}.dayHint` },
  { name: 'rate', label: `${x}.rate`, type: 'text', required: true, row: 1, hint: `${x}.rateHint` },
];
const maxFields: FormItem<{ max_conversion_amount: unknown }>[] = [{ name: 'max_conversion_amount', label: `${x}.maximum`, type: 'text', required: true, hint: `${x}.maximumHint` }];

/** The server names a rate's fields `rates.0.<field>`; the form has them as `<field>`. */
function onTheForm(error: unknown): never {
  if (error instanceof ApiError && error.errors) {
    throw new ApiError(error.status, error.code, error.message, Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k.replace(/^rates\.0\./, ''), v])), error.retryAfter);
  }
  throw error;
}

/**
 * Global Settings > Exchange rates: the latest rate of each currency (USD per unit, its day and
 * source), whether the daily ECB load works, a form to set a rate, and the maximum per conversion.
 */
export function ExchangeRatesSection() {
  const { t } = useTranslation();
  const current = useSettingsSection(document, exchangeRateSettingsSchema);
  const save = useSaveSettingsSection(document);
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<{ currency: string; day: string; rate: number } | null>(null);
  const withdraw = useMutation({
    mutationFn: (r: { currency: string; day: string }) => apiRequest(`/v1/settings/exchange-rates/${r.currency}/${r.day}`, { method: 'DELETE' }),
    onSuccess: async () => {
      setAsked(null);
      await queryClient.invalidateQueries({ queryKey: settingsKeys.section(document.id) });
    },
  });
  const data = current.data;
  return (
    <SectionCard id={document.id} title={t('settings.names.exchangeRates')} description={t(`${x}.description`)}>
      {data ? (
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          {data.ecb.last_error ? (
            <Alert severity="warning">{t(`${x}.ecbFailed`, { at: formatDateTime(data.ecb.last_error_at), error: data.ecb.last_error.replace(/\.$/, ''), success: data.ecb.last_success_at ? formatDateTime(data.ecb.last_success_at) : t(`${x}.never`) })}</Alert>
          ) : (
            <Alert severity={data.ecb.last_success_at ? 'success' : 'info'}>
              {data.ecb.last_success_at ? t(`${x}.ecbLoaded`, { at: formatDateTime(data.ecb.last_success_at) }) : t(`${x}.ecbNotYet`)}
            </Alert>
          )}
          {data.rates.some((r) => r.source === 'demo') ? (
            <Alert severity="info" data-testid="demo-rates">
              {t(`${x}.demoRates`, { count: data.rates.filter((r) => r.source === 'demo').length })}
            </Alert>
          ) : null}
          {data.held.length ? <Alert severity="info">{t(`${x}.held`, { list: data.held.map((h) => `${h.currency} (${h.count})`).join(', ') })}</Alert> : null}
          <Box sx={{ overflowX: 'auto', maxHeight: 420 }}>
            <Table size="small" stickyHeader aria-label={t(`${x}.tableLabel`)}>
              <TableHead>
                <TableRow>
                  <TableCell>{t(`${x}.currency`)}</TableCell>
                  <TableCell align="right">{t(`${x}.rateColumn`)}</TableCell>
                  <TableCell>{t(`${x}.day`)}</TableCell>
                  <TableCell>{t(`${x}.source`)}</TableCell>
                  <TableCell>{t(`${x}.actions`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.rates.length ? (
                  data.rates.map((r) => (
                    <TableRow key={r.currency}>
                      <TableCell>{r.currency}</TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>{String(r.rate)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(r.day)}</TableCell>
                      <TableCell>{r.source === 'staff' ? t(`${x}.sourceStaff`, { name: r.updated_by ?? '' }) : t(r.source === 'demo' ? `${x}.sourceDemo` : `${x}.sourceEcb`)}</TableCell>
                      <TableCell>
                        {r.source === 'staff' ? (
                          <Button size="small" color="error" aria-label={t(`${x}.withdrawLabel`, { currency: r.currency, day: formatDay(r.day) })} onClick={() => setAsked(r)}>
                            {t(`${x}.withdraw`)}
                          </Button>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ))
                ) : (
                  <TableRow>
                    <TableCell colSpan={5}>{t(`${x}.none`)}</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </Box>
          {withdraw.error ? <Alert severity="error">{withdraw.error.message}</Alert> : null}
          <ConfirmDialog
            open={asked !== null}
            titleId="withdraw-rate-title"
            title={t(`${x}.withdrawTitle`)}
            text={asked ? t(`${x}.withdrawText`, { currency: asked.currency, day: formatDay(asked.day), rate: String(asked.rate) }) : ''}
            label={t(`${x}.withdraw`)}
            cancelLabel={t(`${x}.cancel`)}
            color="error"
            pending={withdraw.isPending}
            onConfirm={() => asked && withdraw.mutate(asked)}
            onClose={() => setAsked(null)}
          />
          <Box>
            <Typography variant="subtitle1" component="h3">
              {t(`${x}.setRate`)}
            </Typography>
            <DynamicForm
              id="exchange-rate-form"
              schema={exchangeRateInputSchema}
              fields={rateFields}
              defaultValues={{ currency: '', day: '', rate: '' } as never}
              mode="update"
              submitLabel={t('settings.save')}
              onSubmit={(values) => save.mutateAsync({ rates: [{ ...values, day: values.day || undefined }] }).catch(onTheForm)}
            />
          </Box>
          <Box>
            <Typography variant="subtitle1" component="h3">
              {t(`${x}.maximumTitle`)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t(`${x}.maximumNow`, { amount: formatMoney(data.max_conversion_amount) })}
            </Typography>
            <DynamicForm
              id="max-conversion-form"
              schema={maxConversionAmountUpdateSchema}
              fields={maxFields}
              defaultValues={{ max_conversion_amount: String(data.max_conversion_amount) } as never}
              mode="update"
              submitLabel={t('settings.save')}
              onSubmit={(values) => save.mutateAsync(values)}
            />
          </Box>
        </Stack>
      ) : (
        <SectionLoading error={current.error} />
      )}
    </SectionCard>
  );
}
