import Construction from '@mui/icons-material/Construction';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';

const patterns = ['/statistics', '/creatives', '/payouts', '/payments', '/campaigns', '/offers', '/offers/:id', '/settings'] as const;

/** An honest empty state for the pages whose features come in later issues (the layout shows the heading). */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const pattern = patterns.find((p) => matchPath({ path: p, end: true }, pathname)) ?? '/statistics';
  return <ComingSoon text={t(`shell.comingSoon.${pattern}`)} />;
}

function ComingSoon({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center', maxWidth: 720 }}>
      <Construction color="disabled" sx={{ fontSize: 48, mb: 1 }} />
      <Typography variant="h6" component="h2" gutterBottom>
        {t('shell.comingSoon.title')}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
    </Paper>
  );
}
