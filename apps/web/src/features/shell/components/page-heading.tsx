import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export interface PageHeadingProps {
  title: string;
  subtitle?: string | undefined;
  /** "Go back" to this address (Affiliate Details). */
  backTo?: string | undefined;
  /** A line on the time zone of the screen's times and days (`time-notes.ts`). */
  note?: string | undefined;
  /** Expansion under the heading (a client's profile issues). */
  children?: ReactNode;
}

/** Each route's heading and subtitle (SPEC.md section 2). */
export function PageHeading({ title, subtitle, backTo, note, children }: PageHeadingProps) {
  const { t } = useTranslation();
  return (
    <Box component="header" sx={{ mb: 3 }}>
      {backTo ? (
        <Link component={RouterLink} to={backTo} underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}>
          <ArrowBack fontSize="small" />
          {t('shell.goBack')}
        </Link>
      ) : null}
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', md: '2.125rem' } }}>
        {title}
      </Typography>
      {subtitle ? (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      ) : null}
      {note ? (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="time-note" sx={{ mt: 0.5 }}>
          {note}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}
