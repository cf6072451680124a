import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Close from '@mui/icons-material/Close';
import { type Announcement, announcementInputSchema } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DynamicForm, type SavedValues } from '../../../components/forms/dynamic-form.tsx';
import type { FormItem } from '../../../components/forms/field-types.ts';
import type { UploadValue } from '../../../components/forms/upload-item.tsx';
import { useSaveAnnouncement } from '../api/save-announcement.ts';

const uploadValue = z.custom<UploadValue>((v) => v instanceof File || (typeof v === 'object' && v !== null && 'uuid' in v));

/** The contract's input plus the image field the form holds (sent as the multipart file `image`). */
const formSchema = z.intersection(announcementInputSchema, z.object({ image: uploadValue.nullable() }));
type FormInput = z.input<typeof formSchema>;

const f = 'announcements.fields';
const fields: FormItem<FormInput>[] = [
  { name: 'title', label: `${f}.title`, type: 'text', required: true, max: 200 },
  { name: 'description', label: `${f}.description`, type: 'editor', required: true },
  { name: 'button_text', label: `${f}.buttonText`, type: 'text', row: 1, max: 60, hint: `${f}.buttonTextHint` },
  { name: 'announcement_url', label: `${f}.url`, type: 'url', row: 1, hint: `${f}.urlHint`, clearable: true },
  { name: 'image', label: `${f}.image`, type: 'file', requirementPopup: true },
];

export interface AnnouncementFormProps {
  /** The announcement to edit; undefined creates one. */
  announcement: Announcement | undefined;
  open: boolean;
  onClose: () => void;
}

/** Create or edit an announcement (staff): the form builder over the contract, sent as multipart. */
export function AnnouncementForm({ announcement, open, onClose }: AnnouncementFormProps) {
  const { t } = useTranslation();
  const save = useSaveAnnouncement();
  const title = t(announcement ? 'announcements.edit' : 'announcements.create');

  async function submit(values: SavedValues<typeof formSchema>) {
    const image = values.image instanceof File ? values.image : null;
    const deleted = (values as { image_deleted?: unknown }).image_deleted;
    await save.mutateAsync({
      id: announcement?.id,
      payload: {
        title: values.title,
        description: values.description,
        announcement_url: values.announcement_url ?? null,
        button_text: values.button_text ?? null,
        image,
        image_deleted: Array.isArray(deleted) ? deleted.filter((d): d is string => typeof d === 'string') : [],
      },
    });
    onClose();
  }

  const defaults = {
    title: announcement?.title ?? '',
    description: announcement?.description ?? '',
    announcement_url: announcement?.announcement_url ?? '',
    button_text: announcement?.button_text ?? '',
    image: announcement?.image ? { uuid: announcement.image.uuid, name: announcement.image.name, url: announcement.image.url } : null,
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="announcement-form-title" scroll="body">
      <DialogTitle id="announcement-form-title" sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label={t('announcements.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {open ? (
          <DynamicForm
            key={announcement?.id ?? 'new'}
            schema={formSchema}
            fields={fields}
            defaultValues={defaults}
            mode={announcement ? 'update' : 'create'}
            onSubmit={submit}
            submitLabel={t(announcement ? 'announcements.save' : 'announcements.publish')}
            id="announcement-form"
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
