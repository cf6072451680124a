import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../components/logo.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', px: 2, textAlign: 'center' }}>
      <Box>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 4 }}>
          <Logo />
        </Box>
        <Typography variant="h1" component="p" aria-hidden sx={{ fontWeight: 800, fontSize: { xs: '4rem', md: '6rem' } }} color="primary">
          404
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          {t('notFound.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('notFound.text')}
        </Typography>
        <Button component={RouterLink} to="/" variant="contained">
          {t('notFound.back')}
        </Button>
      </Box>
    </Box>
  );
}
