import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ApiToken, type ApiTokenInput, apiTokenInputSchema, apiTokenScopes } from '@portal/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormAlert } from '../../../components/forms/form-alert.tsx';
import { applyServerError } from '../../../components/forms/server-errors.ts';
import { alertError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notifications.tsx';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens.ts';
import { ApiTokenList } from './api-token-list.tsx';

/** Profile > Security: personal API tokens for the affiliate API, shown once, revocable. */
export function ApiTokens() {
  const { t } = useTranslation();
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [created, setCreated] = useState<string>();
  const [revoking, setRevoking] = useState<ApiToken>();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="api-tokens-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography id="api-tokens-heading" variant="h5" component="h2">
          {t('profile.tokens.heading')}
        </Typography>
        <Typography color="text.secondary">
          {t('profile.tokens.intro')}{' '}
          <Link href="/api/docs" target="_blank" rel="noopener">
            {t('profile.tokens.docs')}
          </Link>
        </Typography>
        {created ? <CreatedToken token={created} onDone={() => setCreated(undefined)} /> : <CreateTokenForm onCreated={setCreated} />}
        <ApiTokenList tokens={tokens.data} onRevoke={setRevoking} />
      </Stack>
      <ConfirmDialog
        open={Boolean(revoking)}
        titleId="revoke-token-title"
        title={t('profile.tokens.revokeTitle')}
        text={t('profile.tokens.revokeText', { name: revoking?.name ?? '' })}
        label={t('profile.tokens.revoke')}
        cancelLabel={t('profile.tokens.cancel')}
        color="error"
        pending={revoke.isPending}
        onClose={() => setRevoking(undefined)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              notify.success(t('profile.tokens.revoked'));
              setRevoking(undefined);
            },
            onError: alertError,
          })
        }
      />
    </Paper>
  );
}

function CreatedToken({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert severity="success" variant="outlined" sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}>
      <Stack spacing={1.5}>
        <span>{t('profile.tokens.created')}</span>
        <TextField value={token} label={t('profile.tokens.heading')} fullWidth slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'new-api-token', spellCheck: false } }} onFocus={(e) => e.target.select()} />
        <Stack direction="row" spacing={1}>
          <Button variant="contained" size="small" onClick={() => void navigator.clipboard?.writeText(token).then(() => notify.success(t('profile.tokens.copied')))}>
            {t('profile.tokens.copy')}
          </Button>
          <Button size="small" onClick={onDone}>
            {t('profile.tokens.done')}
          </Button>
        </Stack>
      </Stack>
    </Alert>
  );
}

function CreateTokenForm({ onCreated }: { onCreated: (token: string) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiToken();
  const [formError, setFormError] = useState<string>();
  const form = useForm<ApiTokenInput>({ resolver: zodResolver(apiTokenInputSchema), defaultValues: { name: '', scopes: [] } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const created = await create.mutateAsync(values);
      form.reset();
      onCreated(created.token);
    } catch (error) {
      setFormError(applyServerError(error, form.setError, ['name', 'scopes']));
    }
  });
  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2} aria-label={t('profile.tokens.create')}>
      <FormAlert message={formError} />
      <TextField {...form.register('name')} label={t('profile.tokens.name')} required error={Boolean(errors.name)} helperText={errors.name?.message} sx={{ maxWidth: 420 }} />
      <Controller
        control={form.control}
        name="scopes"
        render={({ field }) => (
          <FormControl error={Boolean(errors.scopes)} component="fieldset">
            <FormLabel component="legend">{t('profile.tokens.scopes')}</FormLabel>
            <FormGroup>
              {apiTokenScopes.map((scope) => (
                <FormControlLabel
                  key={scope}
                  control={
                    <Checkbox
                      checked={(field.value ?? []).includes(scope)}
                      onChange={(_, on) => field.onChange(on ? [...(field.value ?? []), scope] : (field.value ?? []).filter((s) => s !== scope))}
                    />
                  }
                  label={`${t(`profile.tokens.scopeNames.${scope}`, { nsSeparator: false })} (${scope})`}
                />
              ))}
            </FormGroup>
            {errors.scopes ? <FormHelperText>{errors.scopes.message}</FormHelperText> : null}
          </FormControl>
        )}
      />
      <Button type="submit" variant="contained" loading={isSubmitting} sx={{ alignSelf: 'flex-start' }}>
        {t('profile.tokens.create')}
      </Button>
    </Stack>
  );
}

