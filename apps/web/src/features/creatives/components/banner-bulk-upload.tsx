import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { bannerUploadRule, validationMessages } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { MultiFileUpload } from '../../../components/forms/multi-file-upload.tsx';
import { SelectInput } from '../../../components/forms/select-input.tsx';
import type { UploadValue } from '../../../components/forms/upload-item.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveBanner } from '../api/save-banner.ts';
import { multipartBody } from '../../../lib/form-data.ts';

const nameOf = (file: File) => file.name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ').trim().slice(0, 150) || file.name;

/**
 * Many banners at once (staff): one multipart request per file, one after another, so the bar moves
 * file by file and a refused file (its message listed) does not stop the others.
 */
export function BannerBulkUpload({ sites, onClose }: { sites: { id: number; display_name: string }[]; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveBanner();
  const [siteId, setSiteId] = useState<number>();
  const [language, setLanguage] = useState('en');
  const [category, setCategory] = useState('');
  const [files, setFiles] = useState<UploadValue[]>([]);
  const [siteError, setSiteError] = useState<string>();
  const [progress, setProgress] = useState<{ done: number; total: number; failures: string[] }>();
  const running = progress !== undefined && progress.done < progress.total;

  const start = async () => {
    if (!siteId) return setSiteError(validationMessages.required);
    const picked = files.filter((f): f is File => f instanceof File);
    if (!picked.length) return;
    const failures: string[] = [];
    setProgress({ done: 0, total: picked.length, failures });
    for (const [i, file] of picked.entries()) {
      try {
        await save.mutateAsync({ id: undefined, body: multipartBody({ site_id: siteId, name: nameOf(file), language, category }, { image: { value: file, stored: null } }) });
      } catch (error) {
        failures.push(t('creatives.bulk.failed', { name: file.name, message: error instanceof ApiError ? (error.errors?.image?.[0] ?? error.message) : String(error) }));
      }
      setProgress({ done: i + 1, total: picked.length, failures: [...failures] });
    }
    setFiles([]);
  };

  const finished = progress !== undefined && !running;
  return (
    <FormDialog id="banner-bulk" title={t('creatives.bulk.title')} onClose={onClose} onSubmit={() => void start()} saving={running} submitLabel={t('creatives.bulk.start', { count: files.length })}>
      <Typography variant="body2" color="text.secondary">
        {t('creatives.bulk.intro')}
      </Typography>
      <SelectInput id="bulk-site" label={t('creatives.fields.site')} required options={sites.map((s) => ({ value: s.id, label: s.display_name }))} value={siteId ?? null} onChange={(v) => { setSiteId(v === null ? undefined : Number(v)); setSiteError(undefined); }} error={siteError} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 6 }}>
          <TextField id="bulk-language" label={t('creatives.fields.language')} value={language} onChange={(e) => setLanguage(e.target.value)} fullWidth slotProps={{ htmlInput: { maxLength: 8 } }} />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <TextField id="bulk-category" label={t('creatives.fields.category')} value={category} onChange={(e) => setCategory(e.target.value)} fullWidth slotProps={{ htmlInput: { maxLength: 60 } }} />
        </Grid>
      </Grid>
      <MultiFileUpload id="bulk-files" label={t('creatives.bulk.files')} rule={bannerUploadRule} value={files} onChange={setFiles} max={100} disabled={running} />
      {progress ? (
        <Stack spacing={1} role="status" aria-live="polite">
          <LinearProgress variant="determinate" value={(progress.done / progress.total) * 100} aria-label={t('creatives.bulk.progress', progress)} />
          <Typography variant="body2">{finished ? t('creatives.bulk.done', { count: progress.done - progress.failures.length }) : t('creatives.bulk.progress', progress)}</Typography>
          {progress.failures.map((f) => (
            <Alert key={f} severity="error">
              {f}
            </Alert>
          ))}
        </Stack>
      ) : null}
      {finished ? (
        <Box>
          <Button onClick={onClose}>{t('creatives.bulk.close')}</Button>
        </Box>
      ) : null}
    </FormDialog>
  );
}
