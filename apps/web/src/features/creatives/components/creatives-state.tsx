import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Loading, failed or empty: what a creatives grid shows instead of cards. */
export function CreativesState({ loading, error, empty, emptyText, onRetry }: { loading: boolean; error: boolean; empty: boolean; emptyText: string; onRetry: () => void }) {
  const { t } = useTranslation();
  if (loading) return <CircularProgress aria-label={t('creatives.tabsLabel')} sx={{ display: 'block', mx: 'auto', my: 4 }} />;
  if (error)
    return (
      <Alert severity="error" action={<Button onClick={onRetry}>{t('creatives.retry')}</Button>}>
        {t('creatives.loadError')}
      </Alert>
    );
  if (empty)
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Typography color="text.secondary">{emptyText}</Typography>
      </Paper>
    );
  return null;
}
