import Download from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { noFormReasonLabels, type TaxDocumentSettings, taxYearProblemLabels } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { alertError } from '../../../lib/api-client.ts';
import { formatDate, formatMoney, todayInLosAngeles } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useDownloadTaxFile, useIssueForms, useSaveTaxDocumentSettings, useTaxDocumentSettings, useTaxYear } from '../api/tax-years.ts';

/** Staff Payouts > Tax forms: a year's line per payee, what stops a form being filed, the recipient copies, the issue and the IRS file. */
export function TaxYearsPanel() {
  const { t } = useTranslation();
  const current = Number(todayInLosAngeles().slice(0, 4));
  const [year, setYear] = useState(current);
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(20);
  const [confirm, setConfirm] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const list = useTaxYear(year, page, perPage);
  const issue = useIssueForms();
  const download = useDownloadTaxFile();
  const [downloading, setDownloading] = useState<string>();
  const get = (path: string, name: string) => {
    setDownloading(path);
    download.mutate({ path, name }, { onError: alertError, onSettled: () => setDownloading(undefined) });
  };
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const years = Array.from({ length: 6 }, (_, i) => current - i);
  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          select
          size="small"
          label={t('taxYears.year')}
          value={year}
          onChange={(e) => {
            setYear(Number(e.target.value));
            setPage(1);
          }}
          sx={{ minWidth: 140 }}
        >
          {years.map((y) => (
            <MenuItem key={y} value={y}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={() => setConfirm(true)}>
          {t('taxYears.issue')}
        </Button>
        <Button variant="outlined" startIcon={<Download />} loading={downloading === `/v1/tax-years/${year}/irs-file`} onClick={() => get(`/v1/tax-years/${year}/irs-file`, `IRS-1099-NEC-${year}.txt`)}>
          {t('taxYears.irsFile')}
        </Button>
        <Button variant="outlined" startIcon={<Download />} onClick={() => get(`/v1/tax-years/${year}/irs-file?corrections=true`, `IRS-1099-NEC-${year}-corrections.txt`)}>
          {t('taxYears.corrections')}
        </Button>
        <Button onClick={() => setSettingsOpen(true)}>{t('taxYears.settings')}</Button>
      </Stack>
      {meta?.to_date ? <Alert severity="info">{t('taxYears.toDate', { year })}</Alert> : null}
      {meta ? (
        <Typography variant="body2" color="text.secondary" data-testid="tax-year-summary">
          {t('taxYears.summary', { nec: meta.totals.forms_1099, gross: formatMoney(meta.totals.gross_1099), withheld: formatMoney(meta.totals.withheld_1099), foreign: meta.totals.forms_1042s, problems: meta.totals.with_problems })}
        </Typography>
      ) : null}
      <ListTable
        label={t('taxYears.table')}
        columns={[
          t('taxYears.columns.payee'),
          t('taxYears.columns.form'),
          { label: t('taxYears.columns.gross'), align: 'right' },
          { label: t('taxYears.columns.withheld'), align: 'right' },
          t('taxYears.columns.problems'),
          t('taxYears.columns.delivery'),
          t('taxYears.columns.issued'),
          t('taxYears.columns.actions'),
        ]}
        count={rows.length}
        pending={list.isPending}
        empty={t('taxYears.empty')}
        compact
        paging={{ total: meta?.total ?? 0, page, perPage, all: false, onChange: (p: number, pp: number) => { setPage(p); setPerPage(pp || 20); } }}
      >
        {rows.map((r) => (
          <TableRow key={r.affiliate_id} data-testid={`tax-line-${r.affiliate_id}`}>
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {r.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                #{r.affiliate_id} · {r.email}
              </Typography>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {r.form ? <Chip size="small" variant="outlined" label={r.form} /> : <Typography variant="body2" color="text.secondary">{r.no_form_reason ? noFormReasonLabels[r.no_form_reason] : ''}</Typography>}
              {r.codes_1042s ? (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {`Income code ${r.codes_1042s.income_code}, ${r.codes_1042s.exemption_code ? `exemption ${r.codes_1042s.exemption_code}` : `rate ${r.codes_1042s.tax_rate}%`}`}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatMoney(r.gross)}
              {r.returned ? (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                  {t('taxYears.returned', { amount: formatMoney(r.returned) })}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatMoney(r.withheld)}
            </TableCell>
            <TableCell>
              <Stack spacing={0.5}>
                {r.form
                  ? r.problems.map((p) => (
                      <Typography key={p} variant="body2" color="error.main">
                        {taxYearProblemLabels[p]}
                      </Typography>
                    ))
                  : null}
              </Stack>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{r.form ? (r.electronic_delivery ? t('taxYears.electronic') : t('taxYears.paper')) : ''}</TableCell>
            <TableCell>
              {r.issued ? (
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <span>{formatDate(r.issued.issued_at)}</span>
                  {r.issued.corrected ? <Chip size="small" color="warning" label={t('taxYears.corrected')} /> : null}
                  {r.issued.changed ? (
                    <Typography variant="caption" color="warning.main">
                      {t('taxYears.changed')}
                    </Typography>
                  ) : null}
                </Stack>
              ) : r.form ? (
                <Typography variant="body2" color="text.secondary">
                  {t('taxYears.notIssued')}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell>
              {r.form ? (
                <Button
                  size="small"
                  startIcon={<Download />}
                  loading={downloading === `pdf-${r.affiliate_id}`}
                  onClick={() => {
                    setDownloading(`pdf-${r.affiliate_id}`);
                    download.mutate({ path: `/v1/tax-years/${year}/forms/${r.affiliate_id}.pdf`, name: `${r.form}-${year}-${r.affiliate_id}.pdf` }, { onError: alertError, onSettled: () => setDownloading(undefined) });
                  }}
                  aria-label={t('taxYears.pdfLabel', { form: r.form, name: r.name })}
                >
                  {t('taxYears.pdf')}
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      <ConfirmDialog
        open={confirm}
        titleId="issue-tax-forms-title"
        title={t('taxYears.issueTitle', { year })}
        text={t('taxYears.issueText')}
        label={t('taxYears.issue')}
        cancelLabel={t('taxYears.cancel')}
        color="primary"
        pending={issue.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          issue.mutate(year, {
            onSuccess: (reply) => {
              notify.success(reply.message);
              setConfirm(false);
            },
            onError: (error) => {
              setConfirm(false);
              alertError(error);
            },
          })
        }
      />
      {settingsOpen ? <SettingsDialog onClose={() => setSettingsOpen(false)} /> : null}
    </Stack>
  );
}

function SettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const settings = useTaxDocumentSettings(true);
  const save = useSaveTaxDocumentSettings();
  const [draft, setDraft] = useState<TaxDocumentSettings>();
  const value = draft ?? settings.data;
  const set = (patch: Partial<TaxDocumentSettings>) => value && setDraft({ ...value, ...patch });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="tax-settings-title">
      <DialogTitle id="tax-settings-title">{t('taxYears.settingsTitle')}</DialogTitle>
      <DialogContent>
        {value ? (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormControlLabel control={<Switch checked={value.exempt_corporations} onChange={(e) => set({ exempt_corporations: e.target.checked })} />} label={t('taxYears.exemptCorporations')} />
            <TextField label={t('taxYears.tcc')} value={value.transmitter_control_code} onChange={(e) => set({ transmitter_control_code: e.target.value })} />
            <TextField label={t('taxYears.contactName')} value={value.contact_name} onChange={(e) => set({ contact_name: e.target.value })} />
            <TextField label={t('taxYears.contactPhone')} value={value.contact_phone} onChange={(e) => set({ contact_phone: e.target.value })} />
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('taxYears.cancel')}</Button>
        <Button
          variant="contained"
          loading={save.isPending}
          disabled={!value}
          onClick={() =>
            value &&
            save.mutate(value, {
              onSuccess: (reply) => {
                notify.success(reply.message);
                onClose();
              },
              onError: alertError,
            })
          }
        >
          {t('taxYears.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
