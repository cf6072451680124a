import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { GalleryForm } from './gallery-form.tsx';
import { GalleryWidgets, Section } from './gallery-widgets.tsx';

/** /dev/gallery: every shared form widget on one page, for review and screenshots (development builds only). */
export function Component() {
  const { t } = useTranslation();
  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Stack spacing={3}>
        <Logo />
        <div>
          <Typography variant="h4" component="h1" gutterBottom>
            {t('forms.gallery.title')}
          </Typography>
          <Typography color="text.secondary">{t('forms.gallery.intro')}</Typography>
        </div>
        <Section title={t('forms.gallery.builder')}>
          <GalleryForm />
        </Section>
        <GalleryWidgets />
      </Stack>
    </Container>
  );
}
