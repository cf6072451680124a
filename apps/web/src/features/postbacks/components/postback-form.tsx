import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Postback, postbackGoals, postbackInputSchema, postbackMessages, postbackMethods, postbackTypes } from '@portal/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import { notify } from '../../../lib/notifications.tsx';
import { useOffers } from '../../../lib/queries/get-offers.ts';
import { usePostbackMacros } from '../api/get-postback-macros.ts';
import { useSavePostback } from '../api/save-postback.ts';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { useFormState } from '../../../lib/use-form-state.ts';

const params = ['cid', 'pid', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;

function initial(p: Postback | undefined) {
  return {
    goal: p?.goal ?? 'all',
    type: p?.type ?? 'global',
    offer_id: p?.offer_id ?? null,
    method: p?.method ?? 'GET',
    url: p?.url ?? '',
    cid: p?.cid ?? '',
    pid: p?.pid ?? '',
    sub1: p?.sub1 ?? '',
    sub2: p?.sub2 ?? '',
    sub3: p?.sub3 ?? '',
    sub4: p?.sub4 ?? '',
    sub5: p?.sub5 ?? '',
  };
}

export interface PostbackFormProps {
  postback: Postback | undefined;
  onClose: () => void;
}

/** Create or edit a postback: goal, type (every offer or one), method, url with macros listed beside it, and the parameter names. */
export function PostbackForm({ postback, onClose }: PostbackFormProps) {
  const { t } = useTranslation();
  const form = useFormState(initial(postback));
  const { values, errors, set } = form;
  const save = useSavePostback();
  const macros = usePostbackMacros();
  const offers = useOffers(undefined);
  const urlRef = useRef<HTMLInputElement>(null);

  // A macro goes where the cursor is in the url (or at its end).
  const insertMacro = (macro: string) => {
    const input = urlRef.current;
    const at = input?.selectionStart ?? values.url.length;
    const end = input?.selectionEnd ?? at;
    set('url', values.url.slice(0, at) + macro + values.url.slice(end));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(at + macro.length, at + macro.length);
    });
  };

  const submit = async () => {
    const input = form.validate(postbackInputSchema);
    if (!input) return;
    try {
      await save.mutateAsync({ id: postback?.id, input });
      notify.success(postback ? postbackMessages.updated : postbackMessages.created);
      onClose();
    } catch (error) {
      form.applyServerErrors(error);
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  };

  const title = t(postback ? 'offers.postbacks.editTitle' : 'offers.postbacks.createTitle');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby="postback-form-title" scroll="body">
      <DialogTitle id="postback-form-title" sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label={t('offers.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <Box component="form" id="postback-form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())} sx={{ display: 'grid', gap: 2, pt: 1 }}>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <SelectInput
                    id="postback-goal"
                    label={t('offers.postbacks.goal')}
                    required
                    clearable={false}
                    options={postbackGoals.map((g) => ({ value: g, label: t(`offers.postbacks.goals.${g}`) }))}
                    value={values.goal}
                    error={errors.goal}
                    onChange={(v) => set('goal', (v ?? 'all') as typeof values.goal)}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <SelectInput
                    id="postback-type"
                    label={t('offers.postbacks.type')}
                    required
                    clearable={false}
                    options={postbackTypes.map((g) => ({ value: g, label: t(`offers.postbacks.types.${g}`) }))}
                    value={values.type}
                    error={errors.type}
                    onChange={(v) => set('type', (v ?? 'global') as typeof values.type)}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <SelectInput
                    id="postback-method"
                    label={t('offers.postbacks.method')}
                    clearable={false}
                    options={postbackMethods.map((m) => ({ value: m, label: m }))}
                    value={values.method}
                    error={errors.method}
                    onChange={(v) => set('method', (v ?? 'GET') as typeof values.method)}
                  />
                </Grid>
                {values.type === 'offer' ? (
                  <Grid size={12}>
                    <SelectInput
                      id="postback-offer"
                      label={t('offers.postbacks.offer')}
                      required
                      options={(offers.data ?? []).map((o) => ({ value: o.id, label: `${o.name} (${o.site.display_name})` }))}
                      value={values.offer_id}
                      error={errors.offer_id}
                      onChange={(v) => set('offer_id', v === null ? null : Number(v))}
                    />
                  </Grid>
                ) : null}
              </Grid>
              <TextField
                id="postback-url"
                label={t('offers.postbacks.url')}
                required
                value={values.url}
                inputRef={urlRef}
                error={Boolean(errors.url)}
                helperText={errors.url ?? t('offers.postbacks.urlHint')}
                onChange={(e) => set('url', e.target.value)}
                onBlur={() => set('url', values.url.trim())}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } } }}
              />
              <Typography variant="subtitle2" component="h3">
                {t('offers.postbacks.params')}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ mt: -1.5 }}>
                {t('offers.postbacks.paramsHint')}
              </Typography>
              <Grid container spacing={2}>
                {params.map((p, i) => (
                  <Grid key={p} size={{ xs: 12, sm: 6 }}>
                    <TextField
                      id={`postback-${p}`}
                      label={p === 'cid' || p === 'pid' ? t(`offers.postbacks.${p}`) : t('offers.postbacks.sub', { n: i - 1 })}
                      value={values[p]}
                      fullWidth
                      error={Boolean(errors[p])}
                      helperText={errors[p]}
                      onChange={(e) => set(p, e.target.value)}
                      slotProps={{ htmlInput: { maxLength: 64 } }}
                    />
                  </Grid>
                ))}
              </Grid>
            </Box>
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <Paper variant="outlined" component="aside" aria-label={t('offers.postbacks.macros')} sx={{ p: 1.5, mt: 1 }}>
              <Typography variant="subtitle2" component="h3">
                {t('offers.postbacks.macros')}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('offers.postbacks.macrosHint')}
              </Typography>
              <List dense disablePadding sx={{ maxHeight: { lg: 440 }, overflowY: 'auto' }}>
                {(macros.data ?? []).map((m) => (
                  <ListItemButton key={m.macro} onClick={() => insertMacro(m.macro)} sx={{ borderRadius: 1, px: 1 }}>
                    <ListItemText
                      primary={m.macro}
                      secondary={m.description}
                      slotProps={{ primary: { sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 } } }}
                    />
                  </ListItemButton>
                ))}
              </List>
            </Paper>
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('offers.cancel')}</Button>
        <Button variant="contained" type="submit" form="postback-form" loading={save.isPending}>
          {t('offers.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
