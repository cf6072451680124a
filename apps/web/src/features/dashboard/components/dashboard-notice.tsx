import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDashboardNotice } from '../api/get-dashboard-notice.ts';

/** The network's message and links at the top of the dashboard; nothing while staff have set none. */
export function DashboardNotice() {
  const { t } = useTranslation();
  const notice = useDashboardNotice();
  const data = notice.data;
  if (!data || (!data.message && data.links.length === 0)) return null;
  return (
    <Alert severity="info" variant="outlined" role="region" aria-label={t('dashboard.notice')} sx={{ '& .MuiAlert-message': { minWidth: 0, width: '100%' } }}>
      {data.message ? <div style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{data.message}</div> : null}
      {data.links.length ? (
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: data.message ? 1 : 0 }}>
          {data.links.map((l) =>
            l.url.startsWith('/') ? (
              <Link key={l.url + l.label} component={RouterLink} to={l.url}>
                {l.label}
              </Link>
            ) : (
              <Link key={l.url + l.label} href={l.url} target="_blank" rel="noopener noreferrer">
                {l.label}
              </Link>
            ),
          )}
        </Stack>
      ) : null}
    </Alert>
  );
}
