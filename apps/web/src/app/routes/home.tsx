import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { SiteFooter } from '../../components/site-footer.tsx';
import type { Translation } from '../../locales/en.ts';

const sections = ['features', 'network', 'programs'] as const;
type Item = Translation['home']['features'][number];

function ItemCards({ items }: { items: Item[] }) {
  return (
    <Grid container spacing={2}>
      {items.map((item) => (
        <Grid key={item.title} size={{ xs: 12, md: 4 }}>
          <Card variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6" component="h3" gutterBottom>
                {item.title}
              </Typography>
              <Typography color="text.secondary">{item.text}</Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const tab = params.get('tab');

  useEffect(() => {
    if (tab && (sections as readonly string[]).includes(tab)) {
      document.getElementById(tab)?.scrollIntoView({ behavior: 'smooth' });
    }
  }, [tab]);

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="sticky" color="transparent" elevation={0} sx={{ backdropFilter: 'blur(8px)', borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap', py: 1 }}>
          <Logo />
          <Stack component="nav" direction="row" spacing={1} sx={{ flexGrow: 1, display: { xs: 'none', md: 'flex' } }}>
            {sections.map((s) => (
              <Button key={s} component={RouterLink} to={`/?tab=${s}`} color="inherit">
                {t(`nav.${s}`)}
              </Button>
            ))}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
            <Button component={RouterLink} to="/signin" color="inherit">
              {t('nav.login')}
            </Button>
            <Button component={RouterLink} to="/signup" variant="contained">
              {t('nav.signup')}
            </Button>
          </Stack>
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Container maxWidth="lg" sx={{ py: { xs: 6, md: 10 } }}>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '3rem' } }} gutterBottom>
            {t('home.heroTitle')}
          </Typography>
          <Typography variant="h6" color="text.secondary" sx={{ maxWidth: 720, mb: 4 }}>
            {t('home.heroText')}
          </Typography>
          <Button component={RouterLink} to="/signup" size="large" variant="contained">
            {t('home.heroCta')}
          </Button>
        </Container>
        <Container maxWidth="lg" component="section" id="features" sx={{ py: 6, scrollMarginTop: 80 }}>
          <Typography variant="h4" component="h2" gutterBottom>
            {t('home.featuresTitle')}
          </Typography>
          <ItemCards items={t('home.features', { returnObjects: true }) as Item[]} />
        </Container>
        <Container maxWidth="lg" component="section" id="network" sx={{ py: 6, scrollMarginTop: 80 }}>
          <Typography variant="h4" component="h2" gutterBottom>
            {t('home.networkTitle')}
          </Typography>
          <Typography color="text.secondary">{t('home.networkText')}</Typography>
        </Container>
        <Container maxWidth="lg" component="section" id="programs" sx={{ py: 6, scrollMarginTop: 80 }}>
          <Typography variant="h4" component="h2" gutterBottom>
            {t('home.programsTitle')}
          </Typography>
          <ItemCards items={t('home.programs', { returnObjects: true }) as Item[]} />
        </Container>
      </Box>
      <SiteFooter />
    </Box>
  );
}
