import ContentCopy from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { copyWithNotice } from './link-field.tsx';

/**
 * A long text cut in the middle to at most `max` characters: a link keeps its start (the host)
 * and its end (the code that tells links apart).
 */
export function middleEllipsis(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const end = Math.floor((max - 1) * 0.45);
  const start = max - 1 - end;
  return `${chars.slice(0, start).join('')}…${chars.slice(chars.length - end).join('')}`;
}

export interface ShortLinkProps {
  url: string;
  /** The copy button's name, e.g. "Copy link: Summer campaign". */
  copyLabel: string;
  max?: number;
}

/** A link in a list: shortened in the middle (the whole one on hover) with a copy button that copies it whole. */
export function ShortLink({ url, copyLabel, max = 36 }: ShortLinkProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Typography variant="body2" component="code" title={url} sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', whiteSpace: 'nowrap' }}>
        {middleEllipsis(url, max)}
      </Typography>
      <Tooltip title={t('offers.copyLink')}>
        <IconButton size="small" aria-label={copyLabel} onClick={() => void copyWithNotice(url, t)}>
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
