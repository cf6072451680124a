import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import { viewerHeight } from '@portal/contracts';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const subscribe = (listener: () => void) => {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
};
const windowWidth = () => window.innerWidth;

/** Height of the viewer for the current window width: 281, 474 or 746 px (SPEC.md section 9). */
export function useViewerHeight(): number {
  return viewerHeight(useSyncExternalStore(subscribe, windowWidth, () => 1440));
}

export interface MediaViewerProps {
  open: boolean;
  src: string;
  kind: 'image' | 'video';
  alt?: string;
  /** Video: the picture shown before it plays. */
  poster?: string;
  onClose: () => void;
}

/** Fullscreen image and video viewer. */
export function MediaViewer({ open, src, kind, alt = '', poster, onClose }: MediaViewerProps) {
  const { t } = useTranslation();
  const height = useViewerHeight();
  return (
    <Dialog fullScreen open={open} onClose={onClose} aria-label={t('forms.viewer.title')} slotProps={{ paper: { sx: { bgcolor: 'rgba(0,0,0,0.92)', display: 'grid', placeItems: 'center' } } }}>
      <IconButton aria-label={t('forms.viewer.close')} onClick={onClose} sx={{ position: 'absolute', top: 12, right: 12, color: 'common.white' }}>
        <Close />
      </IconButton>
      <Box data-testid="media-viewer" sx={{ height, maxWidth: '100vw', display: 'flex', justifyContent: 'center', px: 1 }}>
        {kind === 'video' ? (
          <Box component="video" src={src || undefined} poster={poster} controls aria-label={alt} sx={{ height: '100%', maxWidth: '100%' }} />
        ) : (
          <Box component="img" src={src} alt={alt} sx={{ height: '100%', maxWidth: '100%', objectFit: 'contain' }} />
        )}
      </Box>
    </Dialog>
  );
}
