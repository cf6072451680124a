import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Announcement } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';

export interface AnnouncementCardProps {
  announcement: Announcement;
  unread: boolean;
  /** The card was opened (its button followed or the card clicked). */
  onOpen: () => void;
}

const external = (url: string) => /^[a-z][a-z0-9+.-]*:/i.test(url);

/** A news card: image, title, created date, description (rich text the server sanitised), button. */
export function AnnouncementCard({ announcement: a, unread, onOpen }: AnnouncementCardProps) {
  const { t } = useTranslation();
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={`announcement-${a.id}`}
      data-unread={unread}
      onClick={onOpen}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderColor: unread ? 'primary.main' : 'divider', borderWidth: unread ? 2 : 1 }}
    >
      {a.image ? <CardMedia component="img" image={a.image.url} alt="" sx={{ aspectRatio: '16 / 9', objectFit: 'cover', bgcolor: 'background.default' }} /> : null}
      <CardContent sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
          {unread ? <Chip size="small" color="primary" label={t('announcements.unread')} /> : null}
          <Typography variant="caption" color="text.secondary" component="time" dateTime={a.created_at}>
            {formatDate(a.created_at)}
          </Typography>
        </Stack>
        <Typography id={`announcement-${a.id}`} variant="h6" component="h2" gutterBottom sx={{ overflowWrap: 'anywhere' }}>
          {a.title}
        </Typography>
        <Box
          className="rich-text"
          sx={{ color: 'text.secondary', overflowWrap: 'anywhere', '& p': { my: 1 }, '& a': { color: 'primary.light' }, '& img': { maxWidth: '100%' } }}
          // Sanitised on the server to what the editor makes (apps/api rich-text sanitising).
          dangerouslySetInnerHTML={{ __html: a.description }}
        />
      </CardContent>
      {a.button_text && a.announcement_url ? (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button
            variant="contained"
            href={a.announcement_url}
            endIcon={external(a.announcement_url) ? <OpenInNew /> : undefined}
            {...(external(a.announcement_url) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {a.button_text}
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}
