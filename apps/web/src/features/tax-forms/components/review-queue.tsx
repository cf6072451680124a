import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { useTaxFormQueue } from '../api/review-tax-forms.ts';
import { TaxFormReviewDialog } from './review-dialog.tsx';

/**
 * The staff's queue of pending tax forms, oldest first. `?tax_form=<id>` opens one form's review
 * (the affiliates list links there with "view W9/W8 form").
 */
export function TaxFormReviewQueue() {
  const { t } = useTranslation();
  const queue = useTaxFormQueue();
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('tax_form')) || undefined;
  const view = (id?: number) => setParams(id ? { tax_form: String(id) } : {}, { replace: false });
  return (
    <>
      <Paper variant="outlined">
        <TableContainer tabIndex={0} role="region" aria-label={t('taxForms.review.heading')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('taxForms.review.affiliate')}</TableCell>
                <TableCell>{t('taxForms.review.form')}</TableCell>
                <TableCell>{t('taxForms.review.source')}</TableCell>
                <TableCell>{t('taxForms.review.submitted')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(queue.data?.data ?? []).map((f) => (
                <TableRow key={f.id}>
                  <TableCell>
                    {f.affiliate.name}
                    <Typography variant="body2" color="text.secondary">
                      {f.affiliate.email}
                    </Typography>
                  </TableCell>
                  <TableCell>{t(`taxForms.formNames.${f.form_type}`)}</TableCell>
                  <TableCell>{t(`taxForms.review.sources.${f.source}`)}</TableCell>
                  <TableCell>{formatDate(f.submitted_at)}</TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => view(f.id)}>
                      {t('taxForms.review.view')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
              {queue.data && !queue.data.data.length ? (
                <TableRow>
                  <TableCell colSpan={5}>{t('taxForms.review.empty')}</TableCell>
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
      {open ? <TaxFormReviewDialog key={open} id={open} onClose={() => view()} /> : null}
    </>
  );
}
