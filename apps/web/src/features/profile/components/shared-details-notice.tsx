import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { SharedDetail } from '@portal/contracts';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * Affiliate Details: the details this affiliate shares with other affiliates (payout details, tax
 * number, sign-up address; docs/fraud.md), each with links to those affiliates. Shown to staff, never a
 * payout hold; nothing when they share none.
 */
export function SharedDetailsNotice({ shared }: { shared: readonly SharedDetail[] }) {
  const { t } = useTranslation();
  if (!shared.length) return null;
  return (
    // A standing note, not an alert announced on arrival: a labelled section holding a warning-coloured box.
    <Alert severity="warning" variant="outlined" component="section" role="region" aria-label={t('profile.details.shared.title')} sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      <AlertTitle>{t('profile.details.shared.title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {shared.map((detail) => (
          <li key={detail.kind}>
            {t('profile.details.shared.with', { kind: t(`profile.details.shared.kinds.${detail.kind}`) })}{' '}
            {detail.with.map((other, i) => (
              <Fragment key={other.id}>
                {i > 0 ? ', ' : null}
                <Link component={RouterLink} to={`/profile?user=${other.id}&id=${other.id}`} color="inherit" sx={{ fontWeight: 600 }}>
                  {other.name}
                </Link>
              </Fragment>
            ))}
          </li>
        ))}
      </Box>
      <Box sx={{ mt: 1 }}>{t('profile.details.shared.note')}</Box>
    </Alert>
  );
}
