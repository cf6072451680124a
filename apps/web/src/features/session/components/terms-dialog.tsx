import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { UserProfile } from '@portal/contracts';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useAcceptTerms } from '../api/accept-terms.ts';

/**
 * Asks a signed-in affiliate to accept the Terms of Service in force (a new version, or never
 * accepted): nothing else of the app can be used until they accept or log out.
 */
export function TermsDialog({ user, onLogout }: { user: UserProfile; onLogout: () => void }) {
  const { t } = useTranslation();
  const accept = useAcceptTerms();
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState<string>();
  const renewed = user.terms_accepted_version !== null;

  async function submit() {
    if (!ticked) {
      setError(t('shell.terms.required'));
      return;
    }
    setError(undefined);
    try {
      await accept.mutateAsync({ accept_terms: true, version: user.terms_version });
    } catch (e) {
      setError(e instanceof ApiError ? (Object.values(e.errors ?? {})[0]?.[0] ?? e.message) : t('shell.terms.failed'));
    }
  }

  return (
    // No onClose: neither Escape nor a click beside it closes it.
    <Dialog open aria-labelledby="terms-dialog-title" aria-describedby="terms-dialog-text">
      <DialogTitle id="terms-dialog-title">{t(renewed ? 'shell.terms.titleNew' : 'shell.terms.title')}</DialogTitle>
      <DialogContent>
        <Typography id="terms-dialog-text" sx={{ mb: 2 }}>
          {renewed ? t('shell.terms.textNew', { date: formatDate(user.terms_version) }) : t('shell.terms.text')}
        </Typography>
        <FormControl error={Boolean(error)} required>
          <FormControlLabel
            control={<Checkbox checked={ticked} onChange={(e) => setTicked(e.target.checked)} />}
            label={
              <Trans
                i18nKey="auth.signup.acceptTerms"
                components={{ terms: <Link href="/terms-and-conditions" target="_blank" rel="noopener" onClick={(e) => e.stopPropagation()} /> }}
              />
            }
          />
          {error ? <FormHelperText>{error}</FormHelperText> : null}
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onLogout}>{t('shell.terms.logout')}</Button>
        <Button variant="contained" onClick={() => void submit()} loading={accept.isPending}>
          {t('shell.terms.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
