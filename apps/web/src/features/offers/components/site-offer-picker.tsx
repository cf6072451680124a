import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import { useOffers } from '../../../lib/queries/get-offers.ts';
import { useSites } from '../../../lib/queries/get-sites.ts';

export interface SiteOfferPickerProps {
  siteId: number | undefined;
  onSite: (id: number | undefined) => void;
  /** Leave out to choose a site only. */
  offerId?: number | undefined;
  onOffer?: (id: number | undefined) => void;
  idPrefix: string;
  /** Said under the site select while no site is chosen (the List tab shows every site's offers then). */
  emptyHint?: string;
}

/** The site select (and the offer select of that site) the affiliates' tabs start from. */
export function SiteOfferPicker({ siteId, onSite, offerId, onOffer, idPrefix, emptyHint }: SiteOfferPickerProps) {
  const { t } = useTranslation();
  const sites = useSites();
  const offers = useOffers(siteId, { enabled: Boolean(siteId) && Boolean(onOffer) });
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: onOffer ? 6 : 8, lg: onOffer ? 4 : 5 }}>
        <SelectInput
          id={`${idPrefix}-site`}
          label={t('offers.site')}
          options={(sites.data ?? []).map((s) => ({ value: s.id, label: s.display_name }))}
          value={siteId ?? null}
          helperText={siteId ? undefined : emptyHint}
          onChange={(v) => onSite(v === null ? undefined : Number(v))}
        />
      </Grid>
      {onOffer ? (
        <Grid size={{ xs: 12, md: 6, lg: 4 }}>
          <SelectInput
            id={`${idPrefix}-offer`}
            label={t('offers.offer')}
            disabled={!siteId}
            options={(offers.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
            value={offerId ?? null}
            onChange={(v) => onOffer(v === null ? undefined : Number(v))}
          />
        </Grid>
      ) : null}
    </Grid>
  );
}
