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
import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import { type Postback, postbackGoals, postbackInputSchema, postbackMessages, postbackMethods, postbackTypes } from '@portal/contracts';
import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormSelect, FormText } from '../../../components/forms/controlled.tsx';
import { notify } from '../../../lib/notifications.tsx';
import { useOffers } from '../../../lib/queries/get-offers.ts';
import { usePostbackMacros } from '../api/get-postback-macros.ts';
import { useSavePostback } from '../api/save-postback.ts';
import { alertSaveFailure } from '../../../components/forms/save-error.ts';
import { applyServerError } from '../../../components/forms/server-errors.ts';

const params = ['cid', 'pid', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;
const fields = ['goal', 'type', 'offer_id', 'method', 'url', ...params] as const;
type Input = z.input<typeof postbackInputSchema>;

function initial(p: Postback | undefined): Input {
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
  const { control, handleSubmit, setError, getValues, setValue } = useForm<Input, unknown, z.output<typeof postbackInputSchema>>({
    resolver: zodResolver(postbackInputSchema),
    defaultValues: initial(postback),
  });
  const type = useWatch({ control, name: 'type' });
  const save = useSavePostback();
  const macros = usePostbackMacros();
  const offers = useOffers(undefined);
  const urlRef = useRef<HTMLInputElement>(null);

  // A macro goes where the cursor is in the url (or at its end).
  const insertMacro = (macro: string) => {
    const input = urlRef.current;
    const url = String(getValues('url') ?? '');
    const at = input?.selectionStart ?? url.length;
    const end = input?.selectionEnd ?? at;
    setValue('url', url.slice(0, at) + macro + url.slice(end));
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(at + macro.length, at + macro.length);
    });
  };

  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: postback?.id, input });
      notify.success(postback ? postbackMessages.updated : postbackMessages.created);
      onClose();
    } catch (error) {
      applyServerError(error, setError, fields);
      alertSaveFailure(error, t('forms.saveFailure'));
    }
  });

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
                  <FormSelect
                    control={control}
                    name="goal"
                    id="postback-goal"
                    label={t('offers.postbacks.goal')}
                    required
                    clearable={false}
                    options={postbackGoals.map((g) => ({ value: g, label: t(`offers.postbacks.goals.${g}`) }))}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <FormSelect
                    control={control}
                    name="type"
                    id="postback-type"
                    label={t('offers.postbacks.type')}
                    required
                    clearable={false}
                    options={postbackTypes.map((g) => ({ value: g, label: t(`offers.postbacks.types.${g}`) }))}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <FormSelect
                    control={control}
                    name="method"
                    id="postback-method"
                    label={t('offers.postbacks.method')}
                    clearable={false}
                    options={postbackMethods.map((m) => ({ value: m, label: m }))}
                  />
                </Grid>
                {type === 'offer' ? (
                  <Grid size={12}>
                    <FormSelect
                      control={control}
                      name="offer_id"
                      id="postback-offer"
                      label={t('offers.postbacks.offer')}
                      required
                      options={(offers.data ?? []).map((o) => ({ value: o.id, label: `${o.name} (${o.site.display_name})` }))}
                    />
                  </Grid>
                ) : null}
              </Grid>
              <FormText
                control={control}
                name="url"
                id="postback-url"
                label={t('offers.postbacks.url')}
                required
                helperText={t('offers.postbacks.urlHint')}
                onBlur={() => setValue('url', String(getValues('url') ?? '').trim())}
                slotProps={{ htmlInput: { ref: urlRef, spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } } }}
                multiline
                minRows={2}
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
                    <FormText
                      control={control}
                      name={p}
                      id={`postback-${p}`}
                      label={p === 'cid' || p === 'pid' ? t(`offers.postbacks.${p}`) : t('offers.postbacks.sub', { n: i - 1 })}
                      fullWidth
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
