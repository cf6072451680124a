import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alertError } from '../../../lib/api-client.ts';
import { useAnnouncements } from '../api/get-announcements.ts';
import { useMarkAllAsRead } from '../api/mark-all-as-read.ts';
import { useMarkAsRead } from '../api/mark-as-read.ts';
import { AnnouncementCard } from './announcement-card.tsx';
import { ItemsPerPage } from './items-per-page.tsx';

/**
 * Latest News for affiliates. Opening the screen marks everything read (the bell's dot clears);
 * the cards that were unread when the screen opened keep their mark until the person leaves.
 * Opening a card that arrived unread later marks it read on its own.
 */
export function NewsFeed() {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, perPage: 10 });
  const list = useAnnouncements(paging.page, paging.perPage);
  const { mutate: markAll } = useMarkAllAsRead();
  const { mutate: markOne } = useMarkAsRead();
  const [unread, setUnread] = useState<ReadonlySet<number>>(new Set());
  const [seen, setSeen] = useState<unknown>();
  const markedAll = useRef(false);
  const items = list.data?.data;

  // Remember what arrived unread (state from the reply, during render): marking read clears is_read.
  if (items && items !== seen) {
    setSeen(items);
    const fresh = items.filter((a) => !a.is_read && !unread.has(a.id)).map((a) => a.id);
    if (fresh.length) setUnread(new Set([...unread, ...fresh]));
  }

  const hasUnread = items?.some((a) => !a.is_read) ?? false;
  useEffect(() => {
    if (!hasUnread || markedAll.current) return;
    markedAll.current = true;
    markAll(undefined, { onError: alertError });
  }, [hasUnread, markAll]);

  const open = (id: number, isRead: boolean) => {
    if (!isRead) markOne([id], { onError: alertError });
  };

  if (list.isPending) {
    return (
      <Grid container spacing={2} aria-busy>
        {[0, 1, 2].map((i) => (
          <Grid key={i} size={{ xs: 12, md: 6, xl: 4 }}>
            <Skeleton variant="rounded" height={280} />
          </Grid>
        ))}
      </Grid>
    );
  }
  if (list.isError) return <Alert severity="error">{list.error.message}</Alert>;
  if (!items?.length) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <Typography variant="h6" component="p">
          {t('announcements.emptyTitle')}
        </Typography>
        <Typography color="text.secondary">{t('announcements.emptyNews')}</Typography>
      </Paper>
    );
  }
  return (
    <Stack spacing={2}>
      <Grid container spacing={2}>
        {items.map((a) => (
          <Grid key={a.id} size={{ xs: 12, md: 6, xl: 4 }}>
            <AnnouncementCard announcement={a} unread={unread.has(a.id)} onOpen={() => open(a.id, a.is_read)} />
          </Grid>
        ))}
      </Grid>
      <ItemsPerPage total={list.data.meta.total} page={paging.page} perPage={paging.perPage} onChange={(page, perPage) => setPaging({ page, perPage })} />
    </Stack>
  );
}
