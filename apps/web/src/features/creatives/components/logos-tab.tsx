import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Download from '@mui/icons-material/Download';
import Edit from '@mui/icons-material/Edit';
import FolderZip from '@mui/icons-material/FolderZip';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SiteLogo } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useCreativeSites } from '../../../lib/queries/get-creative-sites.ts';
import { downloadLogosZip, useLogos } from '../api/get-logos.ts';
import { useDeleteLogo } from '../api/save-logo.ts';
import { CreativesState } from './creatives-state.tsx';
import { LogoForm } from './logo-form.tsx';

type Dialog = { kind: 'edit' | 'delete'; logo: SiteLogo } | { kind: 'new'; siteId?: number } | undefined;

/** Mid-grey checks behind a logo, so a white and a dark one both show. */
const checkerboard = 'repeating-conic-gradient(#8b8f99 0% 25%, #a3a7b0 0% 50%) 50% / 16px 16px';

/** The Logos tab: each site's logos, to download one by one or as one zip named after the site. */
export function LogosTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const logos = useLogos(undefined);
  const sites = useCreativeSites();
  const remove = useDeleteLogo();
  const [dialog, setDialog] = useState<Dialog>();
  const [zipping, setZipping] = useState<number>();
  const bySite = new Map<number, { site: SiteLogo['site']; logos: SiteLogo[] }>();
  for (const l of logos.data ?? []) {
    const group = bySite.get(l.site.id) ?? { site: l.site, logos: [] };
    group.logos.push(l);
    bySite.set(l.site.id, group);
  }

  const zip = async (site: SiteLogo['site']) => {
    setZipping(site.id);
    try {
      await downloadLogosZip(site.id, `${site.name}-logos.zip`);
    } catch {
      notify.error(t('creatives.logos.zipFailed'));
    } finally {
      setZipping(undefined);
    }
  };

  const confirmDelete = async (logo: SiteLogo) => {
    try {
      notify.success((await remove.mutateAsync(logo.id)).data.message);
      setDialog(undefined);
    } catch (error) {
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  };

  return (
    <Stack spacing={3}>
      {canManage ? (
        <Box>
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ kind: 'new' })}>
            {t('creatives.logos.new')}
          </Button>
        </Box>
      ) : null}
      <CreativesState loading={logos.isPending} error={logos.isError} empty={bySite.size === 0} emptyText={t('creatives.empty.logos')} onRetry={() => void logos.refetch()} />
      {[...bySite.values()].map(({ site, logos: list }) => (
        <Box component="section" key={site.id} aria-labelledby={`logos-site-${site.id}`}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1.5, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Typography variant="h6" component="h2" id={`logos-site-${site.id}`}>
              {site.display_name}
            </Typography>
            <Button variant="outlined" startIcon={<FolderZip />} loading={zipping === site.id} onClick={() => void zip(site)} sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}>
              {t('creatives.logos.downloadAll')}
            </Button>
          </Stack>
          <Grid container spacing={2}>
            {list.map((logo) => (
              <Grid key={logo.id} size={{ xs: 12, sm: 6, md: 4, xl: 3 }}>
                <Card variant="outlined" data-testid="logo-card">
                  <Box sx={{ height: 140, display: 'grid', placeItems: 'center', background: checkerboard, p: 2 }}>
                    <Box component="img" src={logo.image.url} alt={`${site.display_name} ${logo.name}`.trim()} loading="lazy" sx={{ maxHeight: 108, maxWidth: '100%', objectFit: 'contain' }} />
                  </Box>
                  <CardActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
                    <Typography variant="body2" sx={{ px: 1 }}>
                      {[logo.name, logo.format.toUpperCase()].filter(Boolean).join(' · ')}
                    </Typography>
                    <Box>
                      <Button size="small" startIcon={<Download />} href={logo.image.url} download={`${site.name}-${logo.name || logo.id}.${logo.format}`}>
                        {t('creatives.logos.download')}
                      </Button>
                      {canManage ? (
                        <>
                          <Tooltip title={t('creatives.logos.edit')}>
                            <IconButton size="small" aria-label={t('creatives.logos.edit')} onClick={() => setDialog({ kind: 'edit', logo })}>
                              <Edit fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={t('creatives.logos.delete')}>
                            <IconButton size="small" aria-label={t('creatives.logos.delete')} onClick={() => setDialog({ kind: 'delete', logo })}>
                              <Delete fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </>
                      ) : null}
                    </Box>
                  </CardActions>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
      {dialog?.kind === 'new' || dialog?.kind === 'edit' ? (
        <LogoForm logo={dialog.kind === 'edit' ? dialog.logo : undefined} siteId={dialog.kind === 'new' ? dialog.siteId : undefined} sites={sites.data ?? []} onClose={() => setDialog(undefined)} />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        titleId="logo-delete-title"
        title={t('creatives.logos.deleteTitle')}
        text={dialog?.kind === 'delete' ? t('creatives.logos.deleteText', { site: dialog.logo.site.display_name }) : ''}
        label={t('creatives.delete')}
        cancelLabel={t('creatives.cancel')}
        color="error"
        pending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && void confirmDelete(dialog.logo)}
        onClose={() => setDialog(undefined)}
      />
    </Stack>
  );
}
