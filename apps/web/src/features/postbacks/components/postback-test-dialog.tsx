import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PostbackTestResult } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'action.hover', p: 1, borderRadius: 1, m: 0 } as const;

export function deliveryColor(status: string): 'success' | 'error' | 'warning' | 'default' {
  if (status === 'delivered') return 'success';
  if (status === 'failed' || status === 'refused') return 'error';
  if (status === 'pending') return 'warning';
  return 'default';
}

/** "Send test": the request that was made and the answer (or why there was none). */
export function PostbackTestDialog({ result, onClose }: { result: PostbackTestResult; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="postback-test-title">
      <DialogTitle id="postback-test-title">
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <span>{t('offers.postbacks.testTitle')}</span>
          <Chip size="small" color={deliveryColor(result.status)} label={t(`offers.postbacks.statuses.${result.status}`)} />
        </Stack>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <section aria-label={t('offers.postbacks.request')}>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {t('offers.postbacks.request')}
            </Typography>
            <Typography component="pre" sx={mono}>{`${result.request.method} ${result.request.url}`}</Typography>
            {result.request.body ? (
              <Typography component="pre" sx={{ ...mono, mt: 1 }}>
                {result.request.body}
              </Typography>
            ) : null}
          </section>
          <section aria-label={t('offers.postbacks.answer')}>
            <Typography variant="subtitle2" component="h3" gutterBottom>
              {t('offers.postbacks.answer')}
            </Typography>
            {result.response ? (
              <>
                <Typography variant="body2" sx={{ mb: 1 }}>
                  {t('offers.postbacks.httpStatus')}: <strong>{result.response.status}</strong> · {t('offers.postbacks.duration')}:{' '}
                  {t('offers.postbacks.durationMs', { ms: result.response.duration_ms })}
                </Typography>
                <Typography component="pre" sx={mono}>
                  {result.response.body || ' '}
                </Typography>
              </>
            ) : (
              <Alert severity="error">{result.error ?? t('offers.postbacks.noAnswer')}</Alert>
            )}
          </section>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('offers.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
