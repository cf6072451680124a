import Typography from '@mui/material/Typography';
import Tooltip from '@mui/material/Tooltip';
import type { Site } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';

/** The site's last catalogue sync: when, what changed, and its error (whole on hover). */
export function LastSyncCell({ site }: { site: Site }) {
  const { t } = useTranslation();
  if (!site.models_api_url && !site.scenes_api_url) return <>{t('offers.admin.noCatalogue')}</>;
  const last = site.last_sync;
  if (!last) return <>{t('offers.admin.neverSynced')}</>;
  return (
    <>
      {/* One line in the table; on a phone's card it wraps rather than cutting the counts off. */}
      <Typography variant="body2" sx={{ whiteSpace: { xs: 'normal', md: 'nowrap' }, overflowWrap: 'anywhere' }}>
        {formatDate(last.at)} · {t('offers.admin.syncCounts', { added: last.added, updated: last.updated, removed: last.removed })}
      </Typography>
      {last.error ? (
        <Tooltip title={last.error}>
          <Typography variant="caption" color="warning.main" sx={{ display: 'block', maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {last.error}
          </Typography>
        </Tooltip>
      ) : null}
    </>
  );
}
