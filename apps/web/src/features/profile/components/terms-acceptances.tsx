import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UserProfile } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useTermsAcceptances } from '../api/terms-acceptances.ts';

/** Affiliate Details: which Terms of Service version the affiliate accepted, when and from where, every time. */
export function TermsAcceptances({ affiliateId, user }: { affiliateId: number; user: UserProfile }) {
  const { t } = useTranslation();
  const list = useTermsAcceptances(affiliateId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="terms-acceptances-heading" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography id="terms-acceptances-heading" variant="h6" component="h3">
        {t('profile.terms.title')}
      </Typography>
      <Typography color={user.must_accept_terms ? 'warning.main' : 'text.secondary'} sx={{ mb: 1 }}>
        {user.must_accept_terms ? t('profile.terms.notCurrent', { date: formatDate(user.terms_version) }) : t('profile.terms.current', { date: formatDate(user.terms_version) })}
      </Typography>
      {list.isError ? <Alert severity="error">{list.error.message}</Alert> : null}
      {list.data === undefined && !list.isError ? <Skeleton variant="rounded" height={48} /> : null}
      {list.data?.length === 0 ? <Typography color="text.secondary">{t('profile.terms.none')}</Typography> : null}
      {list.data?.length ? (
        <ul aria-label={t('profile.terms.title')} style={{ margin: 0, paddingLeft: 20 }}>
          {list.data.map((a) => (
            <li key={`${a.version}-${a.accepted_at}`}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {t('profile.terms.row', { version: formatDate(a.version), at: formatDateTime(a.accepted_at), how: t(`profile.terms.sources.${a.source}`) })}
                {a.ip ? ` · ${a.ip}` : ''}
              </Typography>
            </li>
          ))}
        </ul>
      ) : null}
    </Paper>
  );
}
