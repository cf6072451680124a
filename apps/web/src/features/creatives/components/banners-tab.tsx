import Add from '@mui/icons-material/Add';
import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import type { Banner } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MediaViewer } from '../../../components/forms/media-viewer.tsx';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useCreativeSites } from '../../../lib/queries/get-creative-sites.ts';
import { useBannerFacets, useBanners } from '../api/get-banners.ts';
import { useDeleteBanner } from '../api/save-banner.ts';
import { BannerBulkUpload } from './banner-bulk-upload.tsx';
import { BannerCard } from './banner-card.tsx';
import { BannerCodeDialog } from './banner-code-dialog.tsx';
import { type BannerFilterValues, BannerFilters } from './banner-filters.tsx';
import { BannerForm } from './banner-form.tsx';
import { CreativePaging } from './creative-paging.tsx';
import { CreativesState } from './creatives-state.tsx';

type Dialog = { kind: 'code' | 'edit' | 'delete'; banner: Banner } | { kind: 'new' | 'bulk' } | undefined;

/** The Banners tab: a filtered grid; affiliates get the embed code, staff create, upload many, edit and delete. */
export function BannersTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<BannerFilterValues>({});
  const [paging, setPaging] = useState({ page: 1, perPage: 24 });
  const [dialog, setDialog] = useState<Dialog>();
  const [viewing, setViewing] = useState<Banner>();
  const sites = useCreativeSites();
  const facets = useBannerFacets();
  const query = { ...filters, site_id: filters.site_id === undefined ? undefined : String(filters.site_id), page: paging.page, per_page: paging.perPage };
  const banners = useBanners(query);
  const remove = useDeleteBanner();
  const siteList = sites.data ?? [];
  const items = banners.data?.data ?? [];

  const confirmDelete = async (banner: Banner) => {
    try {
      const reply = await remove.mutateAsync(banner.id);
      notify.success(reply.data.message);
      setDialog(undefined);
    } catch (error) {
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  };

  return (
    <Stack spacing={1}>
      {canManage ? (
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }} useFlexGap>
          <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ kind: 'new' })}>
            {t('creatives.banner.new')}
          </Button>
          <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setDialog({ kind: 'bulk' })}>
            {t('creatives.banner.bulk')}
          </Button>
        </Stack>
      ) : null}
      <BannerFilters
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPaging({ ...paging, page: 1 });
        }}
        sites={siteList}
        facets={facets.data}
      />
      <CreativesState loading={banners.isPending} error={banners.isError} empty={items.length === 0} emptyText={t('creatives.empty.banners')} onRetry={() => void banners.refetch()} />
      {items.length ? (
        <Grid container spacing={2}>
          {items.map((b) => (
            <Grid key={b.id} size={{ xs: 12, sm: 6, md: 4, xl: 3 }}>
              <BannerCard
                banner={b}
                onView={setViewing}
                onCode={canManage ? undefined : (banner) => setDialog({ kind: 'code', banner })}
                onEdit={canManage ? (banner) => setDialog({ kind: 'edit', banner }) : undefined}
                onDelete={canManage ? (banner) => setDialog({ kind: 'delete', banner }) : undefined}
              />
            </Grid>
          ))}
        </Grid>
      ) : null}
      {banners.data ? <CreativePaging total={banners.data.meta.total} page={paging.page} perPage={paging.perPage} onChange={(page, perPage) => setPaging({ page, perPage })} /> : null}
      <MediaViewer open={viewing !== undefined} src={viewing?.image.url ?? ''} kind="image" alt={viewing?.name ?? ''} onClose={() => setViewing(undefined)} />
      {dialog?.kind === 'code' ? <BannerCodeDialog banner={dialog.banner} onClose={() => setDialog(undefined)} /> : null}
      {dialog?.kind === 'new' || dialog?.kind === 'edit' ? <BannerForm banner={dialog.kind === 'edit' ? dialog.banner : undefined} sites={siteList} onClose={() => setDialog(undefined)} /> : null}
      {dialog?.kind === 'bulk' ? <BannerBulkUpload sites={siteList} onClose={() => setDialog(undefined)} /> : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        titleId="banner-delete-title"
        title={t('creatives.banner.deleteTitle')}
        text={dialog?.kind === 'delete' ? t('creatives.banner.deleteText', { name: dialog.banner.name }) : ''}
        label={t('creatives.delete')}
        cancelLabel={t('creatives.cancel')}
        color="error"
        pending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && void confirmDelete(dialog.banner)}
        onClose={() => setDialog(undefined)}
      />
    </Stack>
  );
}
