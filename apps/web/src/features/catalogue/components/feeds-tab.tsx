import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { feedFields } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LinkField } from '../../../components/link-field.tsx';
import { alertError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useChangeFeedKey, useFeedInfo } from '../api/feeds.ts';
import { FeedFields } from './feed-fields.tsx';

type Pending = 'regenerate' | 'revoke' | undefined;

/** Feeds: the affiliate's feed URLs in JSON, XML and RSS, the key's revoke and regenerate, and what each item holds. */
export function FeedsTab({ isClient }: { isClient: boolean }) {
  // Feed keys are an affiliate's own: staff see what a feed holds.
  return isClient ? <AffiliateFeeds /> : <FeedFields fields={feedFields} />;
}

function AffiliateFeeds() {
  const { t } = useTranslation();
  const info = useFeedInfo();
  const change = useChangeFeedKey();
  const [confirming, setConfirming] = useState<Pending>();
  const data = info.data;

  const run = (action: 'regenerate' | 'revoke') =>
    change.mutate(action, {
      onSuccess: () => {
        setConfirming(undefined);
        if (action === 'revoke') notify.success(t('catalogue.feeds.revoked'));
      },
      onError: alertError,
    });

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('catalogue.feeds.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('catalogue.feeds.intro')}
        </Typography>
        {data && !data.key ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="info">{t('catalogue.feeds.none')}</Alert>
            <Button variant="contained" onClick={() => run('regenerate')} disabled={change.isPending}>
              {t('catalogue.feeds.make')}
            </Button>
          </Stack>
        ) : null}
        {data?.key && data.scenes && data.models ? (
          <Stack spacing={2.5}>
            {(['scenes', 'models'] as const).map((file) => (
              <Box key={file}>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 1.25 }}>
                  {t(`catalogue.feeds.${file}`)}
                </Typography>
                <Stack spacing={1.5}>
                  {(['json', 'xml', 'rss'] as const).map((format) => (
                    <LinkField key={format} id={`feed-${file}-${format}`} label={t(`catalogue.feeds.format.${format}`)} value={data[file]![format]} />
                  ))}
                </Stack>
              </Box>
            ))}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
              {data.created_at ? (
                <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                  {t('catalogue.feeds.keyMade', { date: formatDate(data.created_at) })}
                </Typography>
              ) : null}
              <Button variant="outlined" color="warning" onClick={() => setConfirming('regenerate')}>
                {t('catalogue.feeds.regenerate')}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setConfirming('revoke')}>
                {t('catalogue.feeds.revoke')}
              </Button>
            </Stack>
          </Stack>
        ) : null}
      </Paper>
      <FeedFields fields={data?.fields ?? []} />
      <ConfirmDialog
        open={confirming !== undefined}
        titleId="feed-key-confirm-title"
        title={confirming === 'revoke' ? t('catalogue.feeds.revokeTitle') : t('catalogue.feeds.regenerateTitle')}
        text={confirming === 'revoke' ? t('catalogue.feeds.revokeText') : t('catalogue.feeds.regenerateText')}
        label={confirming === 'revoke' ? t('catalogue.feeds.revoke') : t('catalogue.feeds.regenerate')}
        cancelLabel={t('catalogue.feeds.cancel')}
        color={confirming === 'revoke' ? 'error' : 'warning'}
        pending={change.isPending}
        onConfirm={() => confirming && run(confirming)}
        onClose={() => setConfirming(undefined)}
      />
    </Stack>
  );
}
