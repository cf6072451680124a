import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Link from '@mui/icons-material/Link';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { LandingPageWithImages } from '@portal/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MediaViewer } from '../../../components/forms/media-viewer.tsx';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import { notify } from '../../../lib/notifications.tsx';
import { useCreativeSites } from '../../../lib/queries/get-creative-sites.ts';
import { useLandingPagesWithImages } from '../../../lib/queries/get-landing-pages.ts';
import { useDeleteLandingPage } from '../api/delete-landing-page.ts';
import { CreativePaging } from './creative-paging.tsx';
import { CreativesState } from './creatives-state.tsx';

type Dialog = { kind: 'edit' | 'delete'; page: LandingPageWithImages } | { kind: 'new' } | undefined;

function Preview({ src, alt, onView, sx }: { src: string | undefined; alt: string; onView: (src: string, alt: string) => void; sx: object }) {
  const { t } = useTranslation();
  if (!src)
    return (
      <Box sx={{ ...sx, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'text.secondary', fontSize: 12, textAlign: 'center' }}>{t('creatives.landing.noImage')}</Box>
    );
  return (
    <Box component="button" type="button" onClick={() => onView(src, alt)} aria-label={alt} sx={{ ...sx, p: 0, border: 0, cursor: 'zoom-in', bgcolor: 'action.hover', overflow: 'hidden' }}>
      <Box component="img" src={src} alt="" loading="lazy" sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
    </Box>
  );
}

/**
 * The Landing pages tab: each page with its desktop and mobile previews; "use this page" opens the
 * link builder with it chosen. Staff manage them: `form` is the landing pages' one form (the page
 * puts it in), given the page to edit (undefined: a new one), the sites and how to close it.
 */
export function LandingPagesTab({
  canManage,
  onUse,
  form,
}: {
  canManage: boolean;
  onUse?: ((page: LandingPageWithImages) => void) | undefined;
  form?: ((page: LandingPageWithImages | undefined, sites: readonly { id: number; display_name: string }[], close: () => void) => ReactNode) | undefined;
}) {
  const { t } = useTranslation();
  const sites = useCreativeSites();
  const [siteId, setSiteId] = useState<number>();
  const [paging, setPaging] = useState({ page: 1, perPage: 12 });
  const [dialog, setDialog] = useState<Dialog>();
  const [viewing, setViewing] = useState<{ src: string; alt: string }>();
  const pages = useLandingPagesWithImages({ site_id: siteId === undefined ? undefined : String(siteId), page: paging.page, per_page: paging.perPage });
  const remove = useDeleteLandingPage();
  const items = pages.data?.data ?? [];
  const view = (src: string, alt: string) => setViewing({ src, alt });

  const confirmDelete = async (page: LandingPageWithImages) => {
    try {
      notify.success((await remove.mutateAsync(page.id)).data.message);
      setDialog(undefined);
    } catch (error) {
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 240 }}>
          <SelectInput id="landing-filter-site" label={t('creatives.filters.site')} options={(sites.data ?? []).map((s) => ({ value: s.id, label: s.display_name }))} value={siteId ?? null} onChange={(v) => { setSiteId(v === null ? undefined : Number(v)); setPaging({ ...paging, page: 1 }); }} />
        </Box>
        {canManage && form ? (
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ kind: 'new' })} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
            {t('creatives.landing.new')}
          </Button>
        ) : null}
      </Stack>
      <CreativesState loading={pages.isPending} error={pages.isError} empty={items.length === 0} emptyText={t('creatives.empty.landingPages')} onRetry={() => void pages.refetch()} />
      {items.length ? (
        <Grid container spacing={2}>
          {items.map((p) => (
            <Grid key={p.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="landing-card">
                <Stack direction="row" spacing={1} sx={{ p: 1, height: 180 }}>
                  <Preview src={p.desktop_image?.url} alt={t('creatives.landing.desktop', { name: p.name })} onView={view} sx={{ flex: 3, height: '100%', borderRadius: 1 }} />
                  <Preview src={p.mobile_image?.url} alt={t('creatives.landing.mobile', { name: p.name })} onView={view} sx={{ flex: 1, height: '100%', borderRadius: 1 }} />
                </Stack>
                <CardContent sx={{ flexGrow: 1, pb: 1 }}>
                  <Typography variant="subtitle1" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                    {p.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {p.site.display_name} · {p.language}
                  </Typography>
                  {p.description ? (
                    <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                      {p.description}
                    </Typography>
                  ) : null}
                  <Rating value={p.rating} readOnly size="small" aria-label={`${t('creatives.filters.rating')}: ${p.rating}`} />
                </CardContent>
                <CardActions sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  {onUse ? (
                    <Button size="small" variant="contained" startIcon={<Link />} onClick={() => onUse(p)}>
                      {t('creatives.landing.use')}
                    </Button>
                  ) : null}
                  <Button size="small" startIcon={<OpenInNew />} href={p.url.replace(/\{[^}]*\}/g, '')} target="_blank" rel="noopener noreferrer">
                    {t('creatives.landing.open')}
                  </Button>
                  {canManage ? (
                    <>
                      <Tooltip title={t('creatives.landing.edit')}>
                        <IconButton size="small" aria-label={t('creatives.landing.edit')} onClick={() => setDialog({ kind: 'edit', page: p })}>
                          <Edit fontSize="small" />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('creatives.landing.delete')}>
                        <IconButton size="small" aria-label={t('creatives.landing.delete')} onClick={() => setDialog({ kind: 'delete', page: p })}>
                          <Delete fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </>
                  ) : null}
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
      ) : null}
      {pages.data ? <CreativePaging total={pages.data.meta.total} page={paging.page} perPage={paging.perPage} onChange={(page, perPage) => setPaging({ page, perPage })} /> : null}
      <MediaViewer open={viewing !== undefined} src={viewing?.src ?? ''} kind="image" alt={viewing?.alt ?? ''} onClose={() => setViewing(undefined)} />
      {form && (dialog?.kind === 'new' || dialog?.kind === 'edit') ? form(dialog.kind === 'edit' ? dialog.page : undefined, sites.data ?? [], () => setDialog(undefined)) : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        titleId="landing-delete-title"
        title={t('creatives.landing.deleteTitle')}
        text={dialog?.kind === 'delete' ? t('creatives.landing.deleteText', { name: dialog.page.name }) : ''}
        label={t('creatives.delete')}
        cancelLabel={t('creatives.cancel')}
        color="error"
        pending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && void confirmDelete(dialog.page)}
        onClose={() => setDialog(undefined)}
      />
    </Stack>
  );
}
