import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';

export function Logo() {
  const { t } = useTranslation();
  return (
    <Box component={RouterLink} to="/" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}>
      <Box component="img" src="/favicon.svg" alt="" width={32} height={32} />
      <Typography component="span" variant="h6" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
        {t('brand')}
      </Typography>
    </Box>
  );
}
