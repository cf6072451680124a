import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center' }}>
      {/* One progress bar, named (the spinner is one already: a second, unnamed, is a serious axe finding). */}
      <CircularProgress aria-label={t('auth.guard.loading')} />
    </Box>
  );
}
