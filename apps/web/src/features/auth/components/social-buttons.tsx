import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../../lib/api-client.ts';

const icons = { google: <GoogleIcon />, facebook: <FacebookIcon /> } as const;

/** Social sign-in: a full-page trip through the provider; only providers the server has configured show. */
export function SocialButtons({ providers }: { providers: readonly ('google' | 'facebook')[] }) {
  const { t } = useTranslation();
  if (!providers.length) return null;
  return (
    <Stack spacing={1.5}>
      <Divider>{t('auth.social.or')}</Divider>
      {providers.map((p) => (
        <Button key={p} component="a" href={apiUrl(`/v1/auth/social/${p}/redirect`)} variant="outlined" color="inherit" startIcon={icons[p]} fullWidth>
          {t(`auth.social.${p}`)}
        </Button>
      ))}
    </Stack>
  );
}
