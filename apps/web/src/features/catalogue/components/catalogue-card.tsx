import ContentCopy from '@mui/icons-material/ContentCopy';
import PlayCircleOutline from '@mui/icons-material/PlayCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { CatalogueItem } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MediaViewer } from '../../../components/forms/media-viewer.tsx';
import { copyWithNotice, LinkField } from '../../../components/link-field.tsx';
import { alertError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useCreateCatalogueLink } from '../api/create-catalogue-link.ts';
import { CARD_RATIO, duration } from '../lib/display.ts';

/** One model or scene: image (opens the viewer), name, site, VR facts, tags, trailer and, for affiliates, the deep tracking link. */
export function CatalogueCard({ item, isClient }: { item: CatalogueItem; isClient: boolean }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState(false);
  const [link, setLink] = useState<string>();
  const create = useCreateCatalogueLink();
  const image = item.images[0];
  const facts = [item.fov ? t('catalogue.filters.fovValue', { value: item.fov }) : null, item.projection, item.resolution, item.duration_seconds ? duration(item.duration_seconds) : null].filter((x): x is string => Boolean(x));

  const copyLink = async () => {
    try {
      const made = link ?? (await create.mutateAsync({ kind: item.kind, id: item.id })).url;
      setLink(made);
      await copyWithNotice(made, t);
    } catch (error) {
      alertError(error);
    }
  };

  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="catalogue-card">
      {image ? (
        <ButtonBase onClick={() => setViewing(true)} aria-label={t('catalogue.card.viewImage', { name: item.name })} sx={{ display: 'block', width: '100%' }}>
          <Box component="img" src={image.card} alt={item.name} loading="lazy" decoding="async" sx={{ display: 'block', width: '100%', aspectRatio: CARD_RATIO[item.kind], objectFit: 'cover', bgcolor: 'action.hover' }} />
        </ButtonBase>
      ) : (
        <Box sx={{ aspectRatio: CARD_RATIO[item.kind], bgcolor: 'action.hover', display: 'grid', placeItems: 'center' }}>
          <Typography variant="caption" color="text.secondary">
            {t('catalogue.card.noImage')}
          </Typography>
        </Box>
      )}
      <CardContent sx={{ flexGrow: 1, pb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}>
          {item.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {item.site.name}
          {item.published_at ? ` · ${t('catalogue.card.published', { date: formatDate(item.published_at) })}` : ''}
        </Typography>
        {item.kind === 'scene' && item.models.length ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('catalogue.card.models', { names: item.models.join(', ') })}
          </Typography>
        ) : null}
        {facts.length || item.epc !== null ? (
          <Stack direction="row" useFlexGap spacing={0.75} sx={{ mt: 1, flexWrap: 'wrap' }}>
            {facts.map((f) => (
              <Chip key={f} label={f} size="small" color="primary" variant="outlined" />
            ))}
            {item.epc !== null ? (
              <Tooltip title={t('catalogue.card.epcHint')}>
                <Chip label={t('catalogue.card.epc', { value: item.epc.toFixed(2) })} size="small" color="success" variant="outlined" />
              </Tooltip>
            ) : null}
          </Stack>
        ) : null}
        {item.tags.length ? (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {item.tags.slice(0, 6).join(' · ')}
          </Typography>
        ) : null}
        {link ? (
          <Box sx={{ mt: 1.5 }}>
            <LinkField label={t('catalogue.card.linkLabel')} value={link} id={`catalogue-link-${item.kind}-${item.id}`} />
          </Box>
        ) : null}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, flexWrap: 'wrap', gap: 1 }}>
        {isClient ? (
          <Button
            size="small"
            variant="contained"
            startIcon={<ContentCopy />}
            onClick={() => void copyLink()}
            disabled={create.isPending}
            // Pornstar cards are two a row on phones: the label keeps one line there, without its icon.
            fullWidth={item.kind === 'model'}
            sx={item.kind === 'model' ? { whiteSpace: 'nowrap', '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } } } : undefined}
          >
            {t('catalogue.card.copyLink')}
          </Button>
        ) : null}
        {item.trailer_url ? (
          <Button size="small" startIcon={<PlayCircleOutline />} href={item.trailer_url} target="_blank" rel="noopener noreferrer" sx={{ ml: '0 !important' }}>
            {t('catalogue.card.trailer')}
          </Button>
        ) : null}
      </CardActions>
      {image ? <MediaViewer open={viewing} kind="image" src={image.large} alt={item.name} onClose={() => setViewing(false)} /> : null}
    </Card>
  );
}
