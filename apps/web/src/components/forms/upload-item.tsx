import Archive from '@mui/icons-material/Archive';
import Close from '@mui/icons-material/Close';
import InsertDriveFile from '@mui/icons-material/InsertDriveFile';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { isArchive, shortFileName } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** A file the API already holds: the part of its uploaded-file shape (SPEC.md section 3) the widgets read. */
export interface StoredFile {
  uuid: string;
  name: string;
  url: string;
}

/** A file in an upload field: one picked in this browser, or one the API already holds. */
export type UploadValue = File | StoredFile;

const isImageName = (name: string) => /\.(jpe?g|png|gif|svg|webp)$/i.test(name);

// One object url per picked file for the page's life: revoking on unmount would break the
// preview when React mounts a component twice (StrictMode), and picked files are few.
const objectUrls = new WeakMap<File, string>();

/** Preview address: the stored url, or an object url for a picked image. */
export function previewUrl(item: UploadValue): string | undefined {
  if (!isImageName(item.name)) return undefined;
  if (!(item instanceof File)) return item.url;
  if (typeof URL.createObjectURL !== 'function') return undefined;
  let url = objectUrls.get(item);
  if (!url) {
    url = URL.createObjectURL(item);
    objectUrls.set(item, url);
  }
  return url;
}

interface Props {
  item: UploadValue;
  /** Characters of the name shown: 18 in a single upload, 12 in a multi-upload. */
  nameLength: number;
  size: number;
  onRemove?: () => void;
  onView?: (url: string) => void;
  disabled?: boolean;
}

/** Thumbnail (or file/archive icon), the cut name with the full one on hover, and a remove button. */
export function UploadItem({ item, nameLength, size, onRemove, onView, disabled }: Props) {
  const { t } = useTranslation();
  const preview = previewUrl(item);
  const archive = isArchive(item.name);
  return (
    <Box sx={{ width: size, minWidth: 0, position: 'relative' }} data-testid="upload-item">
      <Box
        component={preview && onView ? 'button' : 'div'}
        type={preview && onView ? 'button' : undefined}
        aria-label={preview && onView ? t('forms.upload.view', { name: item.name }) : undefined}
        onClick={preview && onView ? () => onView(preview) : undefined}
        sx={{
          width: size,
          height: size,
          p: 0,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'background.default',
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
          cursor: preview && onView ? 'zoom-in' : 'default',
          color: 'text.secondary',
        }}
      >
        {preview ? (
          <Box component="img" src={preview} alt="" sx={{ width: '100%', height: '100%', objectFit: 'contain' }} />
        ) : archive ? (
          <Archive aria-label={t('forms.upload.archive')} fontSize="large" />
        ) : (
          <InsertDriveFile fontSize="large" />
        )}
      </Box>
      <Tooltip title={item.name}>
        <Typography variant="caption" component="p" noWrap sx={{ mt: 0.5 }}>
          {shortFileName(item.name, nameLength)}
        </Typography>
      </Tooltip>
      {onRemove && !disabled ? (
        <IconButton
          size="small"
          aria-label={t('forms.upload.remove', { name: item.name })}
          onClick={onRemove}
          sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(0,0,0,0.6)', '&:hover': { bgcolor: 'rgba(0,0,0,0.8)' } }}
        >
          <Close fontSize="small" />
        </IconButton>
      ) : undefined}
    </Box>
  );
}
