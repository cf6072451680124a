import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { uploadRules } from '@portal/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePickerInput } from '../../components/forms/date-picker-input.tsx';
import { FileUpload } from '../../components/forms/file-upload.tsx';
import { MediaViewer } from '../../components/forms/media-viewer.tsx';
import { MultiFileUpload } from '../../components/forms/multi-file-upload.tsx';
import { PasswordInput } from '../../components/forms/password-input.tsx';
import { RichTextEditor } from '../../components/forms/rich-text-editor.tsx';
import { SelectInput } from '../../components/forms/select-input.tsx';
import type { StoredFile, UploadValue } from '../../components/forms/upload-item.tsx';
import { UrlEntryDialog } from '../../components/forms/url-entry-dialog.tsx';
import { sampleImage, samplePoster } from './sample-media.ts';

const sites = ['VR Bangers', 'VR Conk', 'Art VR Studio', 'Smart VR', 'Blush Erotica', 'VR Allure', 'Real Jam VR', 'Wankz VR'].map((label, i) => ({ value: i + 1, label }));

/** Uploads at once; a name containing "fail" answers like a failed upload. */
async function fakeUpload(file: File): Promise<StoredFile> {
  await new Promise((resolve) => setTimeout(resolve, 200));
  if (/fail/i.test(file.name)) throw new Error('upload failed');
  return { uuid: crypto.randomUUID(), name: file.name, url: sampleImage };
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" spacing={2} aria-label={title} sx={{ p: { xs: 2, md: 3 }, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper', minWidth: 0 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

export function GalleryWidgets() {
  const { t } = useTranslation();
  const [html, setHtml] = useState('<h2 style="text-align: center">Summer promo</h2><p>Earn <strong>more</strong> with <span style="color: #22d3ee">VR</span>.</p>');
  const [urlOpen, setUrlOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<UploadValue | null>(null);
  const [logo, setLogo] = useState<UploadValue | null>(null);
  const [archive, setArchive] = useState<UploadValue | null>(null);
  const [files, setFiles] = useState<UploadValue[]>([]);
  const [password, setPassword] = useState('');
  const [site, setSite] = useState<string | number | null>(null);
  const [siteList, setSiteList] = useState<(string | number)[]>([]);
  const [date, setDate] = useState<string | null>('2024-09-01');
  const [viewer, setViewer] = useState<'image' | 'video'>();
  const g = 'forms.gallery';

  return (
    <Stack spacing={3}>
      <Section title={t(`${g}.editor`)}>
        <RichTextEditor label={t(`${g}.fields.description`)} value={html} onChange={setHtml} />
      </Section>
      <Section title={t(`${g}.urlEntry`)}>
        <Typography>{url ? t(`${g}.chosenUrl`, { url }) : t(`${g}.noUrl`)}</Typography>
        <div>
          <Button variant="outlined" onClick={() => setUrlOpen(true)}>
            {t(`${g}.openUrlEntry`)}
          </Button>
        </div>
        <UrlEntryDialog open={urlOpen} initialValue={url} onClose={() => setUrlOpen(false)} onSave={setUrl} removable={url !== ''} />
      </Section>
      <Section title={t(`${g}.fileUpload`)}>
        <FileUpload label={t(`${g}.fields.file`)} value={file} onChange={setFile} upload={fakeUpload} id="gallery-file" />
      </Section>
      <Section title={t(`${g}.logoUpload`)}>
        <FileUpload label={t(`${g}.fields.logo`)} value={logo} onChange={setLogo} rule={uploadRules.logo} requirementPopup id="gallery-logo" />
      </Section>
      <Section title={t(`${g}.archiveUpload`)}>
        <FileUpload label={t(`${g}.fields.archive`)} value={archive} onChange={setArchive} rule={uploadRules.archive} id="gallery-archive" />
      </Section>
      <Section title={t(`${g}.multiUpload`)}>
        <MultiFileUpload label={t(`${g}.fields.images`)} value={files} onChange={setFiles} id="gallery-files" />
      </Section>
      <Section title={t(`${g}.password`)}>
        <PasswordInput label={t(`${g}.fields.password`)} value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" fullWidth />
      </Section>
      <Section title={t(`${g}.select`)}>
        <SelectInput label={t(`${g}.fields.site`)} options={sites} value={site} onChange={setSite} exactMatch id="gallery-site" />
        <SelectInput label={t(`${g}.fields.site`)} options={sites} multiple value={siteList} onChange={setSiteList} />
      </Section>
      <Section title={t(`${g}.datePicker`)}>
        <DatePickerInput label={t(`${g}.fields.startDate`)} value={date} onChange={setDate} clearable id="gallery-date" />
      </Section>
      <Section title={t(`${g}.viewer`)}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => setViewer('image')}>
            {t(`${g}.openImage`)}
          </Button>
          <Button variant="outlined" onClick={() => setViewer('video')}>
            {t(`${g}.openVideo`)}
          </Button>
        </Stack>
        <MediaViewer open={viewer !== undefined} kind={viewer ?? 'image'} src={viewer === 'image' ? sampleImage : ''} poster={samplePoster} alt={t(`${g}.viewer`)} onClose={() => setViewer(undefined)} />
      </Section>
    </Stack>
  );
}
