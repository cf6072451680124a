import Add from '@mui/icons-material/Add';
import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { BANNER_SHAPES, type Banner, type BannerShape } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { MediaViewer } from '../../../components/forms/media-viewer.tsx';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useCreativeSites } from '../../../lib/queries/get-creative-sites.ts';
import { useUrlParams } from '../../../lib/use-url-params.ts';
import { useBannerFacets, useBanners } from '../api/get-banners.ts';
import { useDeleteBanner } from '../api/save-banner.ts';
import { BannerBulkUpload } from './banner-bulk-upload.tsx';
import { BannerCard } from './banner-card.tsx';
import { BannerCodeDialog } from './banner-code-dialog.tsx';
import { type BannerFilterValues, BannerFilters } from './banner-filters.tsx';
import { BannerForm } from './banner-form.tsx';
import { CreativePaging, creativePageSizes } from './creative-paging.tsx';
import { CreativesState } from './creatives-state.tsx';

type Dialog = { kind: 'code' | 'edit' | 'delete'; banner: Banner } | { kind: 'new' | 'bulk' } | undefined;

/** The address's parameters of the Banners tab (beside the page's `tab`). */
export const bannerUrlKeys = ['site', 'language', 'size', 'shape', 'max_width', 'max_height', 'category', 'format', 'rating', 'page', 'per_page'] as const;
type UrlValues = Record<(typeof bannerUrlKeys)[number], string | undefined>;

const positive = (v: string | undefined, max = 10000): number | undefined => (v && /^\d{1,6}$/.test(v) && Number(v) > 0 && Number(v) <= max ? Number(v) : undefined);

/** The filters as the address gives them; anything not understood is read as not set. */
export function bannerFiltersFromUrl(v: UrlValues): BannerFilterValues {
  return {
    site_id: positive(v.site, 2 ** 31 - 1),
    language: v.language,
    size: v.size,
    shape: (BANNER_SHAPES as readonly unknown[]).includes(v.shape) ? (v.shape as BannerShape) : undefined,
    max_width: positive(v.max_width),
    max_height: positive(v.max_height),
    category: v.category,
    format: v.format,
    rating: positive(v.rating, 5),
  };
}

const asText = (n: number | undefined) => (n === undefined ? undefined : String(n));

/** A change of filters as the address's parameters; a new filter goes back to the first page. */
function bannerPatchToUrl(patch: BannerFilterValues): Partial<UrlValues> {
  const out: Partial<UrlValues> = { page: undefined };
  if ('site_id' in patch) out.site = asText(patch.site_id);
  if ('language' in patch) out.language = patch.language;
  if ('size' in patch) out.size = patch.size;
  if ('shape' in patch) out.shape = patch.shape;
  if ('max_width' in patch) out.max_width = asText(patch.max_width);
  if ('max_height' in patch) out.max_height = asText(patch.max_height);
  if ('category' in patch) out.category = patch.category;
  if ('format' in patch) out.format = patch.format;
  if ('rating' in patch) out.rating = asText(patch.rating);
  return out;
}

/**
 * The Banners tab: a filtered grid; affiliates get the embed code, staff create, upload many, edit and
 * delete. The filters and the page live in the address (`?size=300x250&max_width=300&page=2`), so a
 * view can be shared and the back button returns to the previous one.
 */
export function BannersTab({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  const [url, setUrl] = useUrlParams(bannerUrlKeys);
  const filters = useMemo(() => bannerFiltersFromUrl(url), [url]);
  const perPage = (creativePageSizes as readonly number[]).find((n) => String(n) === url.per_page) ?? 24;
  const paging = { page: positive(url.page, 100000) ?? 1, perPage };
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
        onChange={(patch) => setUrl(bannerPatchToUrl(patch))}
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
      {banners.data ? <CreativePaging total={banners.data.meta.total} page={paging.page} perPage={paging.perPage} onChange={(page, size) => setUrl({ page: page > 1 ? String(page) : undefined, per_page: size === 24 ? undefined : String(size) })} /> : null}
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
