import Archive from '@mui/icons-material/Archive';
import Code from '@mui/icons-material/Code';
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Rating from '@mui/material/Rating';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Banner } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

export interface BannerCardProps {
  banner: Banner;
  onView: (banner: Banner) => void;
  /** Affiliates: get the embed code (not for banner packs). */
  onCode?: ((banner: Banner) => void) | undefined;
  onEdit?: ((banner: Banner) => void) | undefined;
  onDelete?: ((banner: Banner) => void) | undefined;
}

/** A banner: its preview (opens the viewer) or the archive icon of a pack, its facts, and what can be done with it. */
export function BannerCard({ banner, onView, onCode, onEdit, onDelete }: BannerCardProps) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="banner-card">
      <Box sx={{ height: 180, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', p: 1 }}>
        {banner.is_archive ? (
          <Archive aria-label={t('creatives.banner.archive')} sx={{ fontSize: 72 }} color="disabled" />
        ) : (
          <ButtonBase onClick={() => onView(banner)} aria-label={t('creatives.banner.preview', { name: banner.name })} sx={{ maxHeight: '100%', maxWidth: '100%' }}>
            <Box component="img" src={banner.image.url} alt="" loading="lazy" sx={{ maxHeight: 164, maxWidth: '100%', objectFit: 'contain', display: 'block' }} />
          </ButtonBase>
        )}
      </Box>
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
          {banner.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {banner.site.display_name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('creatives.banner.details', { size: banner.size || '—', format: banner.format.toUpperCase(), language: banner.language })}
          {banner.category ? ` · ${banner.category}` : ''}
        </Typography>
        <Rating value={banner.rating} readOnly size="small" aria-label={`${t('creatives.filters.rating')}: ${banner.rating}`} />
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        {onCode && !banner.is_archive ? (
          <Button size="small" variant="contained" startIcon={<Code />} onClick={() => onCode(banner)}>
            {t('creatives.banner.getCode')}
          </Button>
        ) : null}
        <Button size="small" startIcon={<Download />} href={banner.image.url} download={banner.image.name}>
          {t('creatives.banner.download')}
        </Button>
        {onEdit ? (
          <Tooltip title={t('creatives.banner.edit')}>
            <IconButton size="small" aria-label={t('creatives.banner.edit')} onClick={() => onEdit(banner)}>
              <Edit fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
        {onDelete ? (
          <Tooltip title={t('creatives.banner.delete')}>
            <IconButton size="small" aria-label={t('creatives.banner.delete')} onClick={() => onDelete(banner)}>
              <Delete fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
      </CardActions>
    </Card>
  );
}
