import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../../lib/api-client.ts';

const icons = { google: <GoogleIcon />, facebook: <FacebookIcon /> } as const;

/**
 * Social sign-in: a full-page trip through the provider; only providers the server has configured show.
 * On Sign Up (`terms`) they wait for the Terms of Service box and tell the server it was ticked.
 */
export function SocialButtons({ providers, terms }: { providers: readonly ('google' | 'facebook')[]; terms?: 'asked' | 'accepted' }) {
  const { t } = useTranslation();
  if (!providers.length) return null;
  const waiting = terms === 'asked';
  return (
    <Stack spacing={1.5}>
      <Divider>{t('auth.social.or')}</Divider>
      {providers.map((p) => (
        <Button
          key={p}
          component="a"
          href={apiUrl(`/v1/auth/social/${p}/redirect${terms === 'accepted' ? '?accept_terms=1' : ''}`)}
          disabled={waiting}
          variant="outlined"
          color="inherit"
          startIcon={icons[p]}
          fullWidth
        >
          {t(`auth.social.${p}`)}
        </Button>
      ))}
      {waiting ? (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('auth.social.termsFirst')}
        </Typography>
      ) : null}
    </Stack>
  );
}
