import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type DeviceClass, deviceClasses, type SmartLink, type SmartLinkMode, smartLinkModes } from '@portal/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { fieldErrors } from '../../../components/forms/server-errors.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useOffers } from '../../../lib/queries/get-offers.ts';
import { useSaveSmartLink } from '../api/smart-links.ts';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import { useCountries } from '../../../lib/queries/get-countries.ts';

interface EntryDraft {
  offer_id: number | '';
  weight: string;
  countries: string[];
  devices: DeviceClass[];
  catch_all: boolean;
}

const emptyEntry = (): EntryDraft => ({ offer_id: '', weight: '1', countries: [], devices: [], catch_all: false });

/** Create or edit a smart link: its name, how it chooses, and its offers with weight, countries, devices and catch-all. */
export function SmartLinkForm({ link, onClose }: { link: SmartLink | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const offers = useOffers(undefined);
  const save = useSaveSmartLink();
  const countries = useCountries().data;
  // 249 countries: the select with search, as on the profile and the tax forms.
  const countryOptions = useMemo(() => (countries ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })), [countries]);
  const [name, setName] = useState(link?.name ?? '');
  const [mode, setMode] = useState<SmartLinkMode>(link?.mode ?? 'weight');
  const [entries, setEntries] = useState<EntryDraft[]>(
    link?.entries.map((e) => ({ offer_id: e.offer_id, weight: String(e.weight), countries: e.countries, devices: e.devices, catch_all: e.catch_all })) ?? [emptyEntry()],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = (i: number, patch: Partial<EntryDraft>) => setEntries((all) => all.map((e, j) => (j === i ? { ...e, ...patch } : e)));
  const error = (key: string) => errors[key];
  const countriesError = (i: number) => Object.entries(errors).find(([k]) => k.startsWith(`entries.${i}.countries`))?.[1];

  const submit = async () => {
    const input = {
      name,
      mode,
      entries: entries.map((e) => ({
        offer_id: Number(e.offer_id),
        weight: Number(e.weight),
        countries: e.countries,
        devices: e.devices,
        catch_all: e.catch_all,
      })),
    };
    try {
      await save.mutateAsync({ id: link?.id, input });
      notify.success(t(link ? 'offers.smartLinks.updated' : 'offers.smartLinks.created'));
      onClose();
    } catch (err) {
      setErrors(fieldErrors(err));
      alertSaveFailure(err, t('forms.saveFailure'));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="smart-link-form-title" scroll="body">
      <DialogTitle id="smart-link-form-title" sx={{ pr: 6 }}>
        {t(link ? 'offers.smartLinks.editTitle' : 'offers.smartLinks.createTitle')}
        <IconButton aria-label={t('offers.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Box component="form" id="smart-link-form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())} sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField id="smart-link-name" label={t('offers.smartLinks.name')} required value={name} onChange={(e) => setName(e.target.value)} error={Boolean(error('name'))} helperText={error('name')} fullWidth />
            <TextField id="smart-link-mode" select label={t('offers.smartLinks.mode')} value={mode} onChange={(e) => setMode(e.target.value as SmartLinkMode)} sx={{ minWidth: { sm: 240 } }}>
              {smartLinkModes.map((m) => (
                <MenuItem key={m} value={m}>
                  {t(`offers.smartLinks.modes.${m}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Typography variant="subtitle1" component="h3">
            {t('offers.smartLinks.offers')}
          </Typography>
          {error('entries') ? (
            <Typography color="error" role="alert">
              {error('entries')}
            </Typography>
          ) : null}
          {entries.map((entry, i) => (
            <Paper key={i} variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} aria-label={t('offers.smartLinks.entryLabel', { n: i + 1 })} role="group">
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  id={`smart-link-offer-${i}`}
                  select
                  required
                  label={t('offers.offer')}
                  value={entry.offer_id}
                  onChange={(e) => change(i, { offer_id: Number(e.target.value) })}
                  error={Boolean(error(`entries.${i}.offer_id`))}
                  helperText={error(`entries.${i}.offer_id`)}
                  fullWidth
                >
                  {(offers.data ?? []).map((o) => (
                    <MenuItem key={o.id} value={o.id}>
                      {`${o.name} (${o.site.display_name})`}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  id={`smart-link-weight-${i}`}
                  label={t('offers.smartLinks.weight')}
                  value={entry.weight}
                  onChange={(e) => change(i, { weight: e.target.value })}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  error={Boolean(error(`entries.${i}.weight`))}
                  helperText={error(`entries.${i}.weight`)}
                  sx={{ width: { sm: 140 } }}
                />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <SelectInput
                    id={`smart-link-countries-${i}`}
                    multiple
                    label={t('offers.smartLinks.countries')}
                    options={countryOptions}
                    value={entry.countries}
                    onChange={(v) => change(i, { countries: v.map(String) })}
                    error={countriesError(i)}
                    helperText={t('offers.smartLinks.anyCountry')}
                  />
                </Box>
                <TextField
                  id={`smart-link-devices-${i}`}
                  select
                  label={t('offers.smartLinks.devices')}
                  value={entry.devices}
                  onChange={(e) => change(i, { devices: e.target.value as unknown as DeviceClass[] })}
                  slotProps={{ select: { multiple: true, renderValue: (v) => ((v as DeviceClass[]).length ? (v as DeviceClass[]).map((d) => t(`offers.smartLinks.deviceNames.${d}`)).join(', ') : t('offers.smartLinks.anyDevice')), displayEmpty: true }, inputLabel: { shrink: true } }}
                  sx={{ minWidth: { sm: 200 } }}
                >
                  {deviceClasses.map((d) => (
                    <MenuItem key={d} value={d}>
                      {t(`offers.smartLinks.deviceNames.${d}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
                <FormControlLabel control={<Checkbox checked={entry.catch_all} onChange={(e) => change(i, { catch_all: e.target.checked })} />} label={t('offers.smartLinks.catchAll')} />
                <IconButton aria-label={t('offers.smartLinks.removeOffer', { n: i + 1 })} onClick={() => setEntries((all) => all.filter((_, j) => j !== i))} disabled={entries.length === 1}>
                  <DeleteOutline />
                </IconButton>
              </Stack>
            </Paper>
          ))}
          <Box>
            <Button startIcon={<Add />} onClick={() => setEntries((all) => [...all, emptyEntry()])} disabled={entries.length >= 20}>
              {t('offers.smartLinks.addOffer')}
            </Button>
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('offers.cancel')}</Button>
        <Button type="submit" form="smart-link-form" variant="contained" loading={save.isPending}>
          {t('offers.smartLinks.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
