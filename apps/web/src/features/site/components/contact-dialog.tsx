import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ContactRequest, contactRequestSchema } from '@portal/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { theme } from '../../../app/theme.ts';
import { BotCheck } from '../../../components/bot-check.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import '../../../lib/i18n-all.ts';
import { useConfig } from '../../../lib/public-config.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useSendContact } from '../api/send-contact.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  /** On the public pages: bring the theme and the query cache along. */
  standalone?: boolean;
}

const fields = ['name', 'email', 'message'] as const;

/** Contact Us (SPEC.md section 1): name, email, message and the bot check; says clearly how the sending went. */
export default function ContactDialog({ open, onClose, standalone = false }: Props) {
  const dialog = (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="contact-title">
      {open ? <ContactForm onClose={onClose} /> : null}
    </Dialog>
  );
  return standalone ? <Providers>{dialog}</Providers> : dialog;
}

function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}

function ContactForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  const send = useSendContact();
  const [sent, setSent] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [captchaKey, setCaptchaKey] = useState(0);
  const form = useForm<ContactRequest>({ resolver: zodResolver(contactRequestSchema), defaultValues: { name: '', email: '', message: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      setSent(await send.mutateAsync(values));
    } catch (error) {
      let placed = false;
      if (error instanceof ApiError) {
        for (const name of fields) {
          const message = error.errors?.[name]?.[0];
          if (message) {
            form.setError(name, { type: 'server', message }, { shouldFocus: !placed });
            placed = true;
          }
        }
      }
      if (!placed) setFailure(error instanceof ApiError && error.message ? error.message : t('contact.failed'));
      setCaptchaKey((k) => k + 1);
      form.setValue('captcha_token', undefined);
    }
  });

  if (sent) {
    return (
      <>
        <DialogTitle id="contact-title">{t('contact.title')}</DialogTitle>
        <DialogContent>
          <Alert severity="success" role="status">
            {sent}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} variant="contained">
            {t('contact.close')}
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <DialogTitle id="contact-title">{t('contact.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Typography color="text.secondary">{t('contact.intro')}</Typography>
          {failure ? (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          ) : null}
          <TextField {...form.register('name')} label={t('contact.name')} autoComplete="name" error={Boolean(errors.name)} helperText={errors.name?.message} fullWidth />
          <TextField {...form.register('email')} label={t('contact.email')} type="email" autoComplete="email" error={Boolean(errors.email)} helperText={errors.email?.message} fullWidth />
          <TextField {...form.register('message')} label={t('contact.message')} multiline minRows={4} error={Boolean(errors.message)} helperText={errors.message?.message} fullWidth />
          <BotCheck key={captchaKey} config={config.data?.captcha} onToken={(token) => form.setValue('captcha_token', token)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('contact.cancel')}</Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {t('contact.send')}
        </Button>
      </DialogActions>
    </form>
  );
}
