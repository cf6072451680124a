import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { type BillerEvent, billerNames } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../lib/format.ts';
import { conversionLogLink, statusColors } from '../lib/event-links.ts';

/** One biller event: what it became and why, its conversion, the post as stored (redacted) and the fields dropped. */
export function BillerEventDialog({ event, onClose, onReplay }: { event: BillerEvent; onClose: () => void; onReplay: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const link = conversionLogLink(event);
  const raw = Object.entries(event.raw);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby="biller-event-title" scroll="paper">
      <DialogTitle id="biller-event-title">{t('billers.events.detailsTitle', { id: event.id })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(event.received_at)} · {billerNames[event.biller]} · {event.site?.name ?? t('billers.events.noSite')} · {t('billers.events.method')} {event.method}
          </Typography>
          <Stack spacing={0.5}>
            <Typography variant="subtitle2" component="h3">
              {t('billers.events.became')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
              <Chip size="small" variant="outlined" color={statusColors[event.status]} label={t(`billers.events.statuses.${event.status}`)} />
              <Typography variant="body2">
                {[event.biller_event, event.event_type ? t(`billers.events.types.${event.event_type}`) : null].filter(Boolean).join(' · ')}
              </Typography>
            </Stack>
            {event.reason ? (
              <Typography variant="body2">
                {t('billers.events.why')}: {event.reason}
              </Typography>
            ) : null}
            {link ? (
              <Link component={RouterLink} to={link} variant="body2">
                {t('billers.events.openConversion', { id: event.conversion_id })}
              </Link>
            ) : null}
            {event.replayed_at ? (
              <Typography variant="caption" color="text.secondary">
                {t('billers.events.replayed', { when: formatDateTime(event.replayed_at) })}
              </Typography>
            ) : null}
          </Stack>
          <Stack spacing={0.5}>
            <Typography variant="subtitle2" component="h3">
              {t('billers.events.raw')}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('billers.events.rawHint')}
            </Typography>
            <Table size="small" aria-label={t('billers.events.raw')}>
              <TableBody>
                {raw.map(([name, value]) => (
                  <TableRow key={name}>
                    <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', width: '35%', overflowWrap: 'anywhere', verticalAlign: 'top' }}>
                      {name}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Stack>
          <Typography variant="body2">
            {t('billers.events.dropped')}: {event.dropped_fields.length ? event.dropped_fields.join(', ') : t('billers.events.noneDropped')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button color="warning" onClick={onReplay} disabled={event.biller_account_id === null}>
          {t('billers.events.replay')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('billers.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
