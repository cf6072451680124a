import { AnnouncementsManager } from '../../features/announcements/components/announcements-manager.tsx';
import { NewsFeed } from '../../features/announcements/components/news-feed.tsx';
import { useCurrentUser } from '../../features/session/use-current-user.ts';

/** /announcements: Latest News for affiliates; the list with create, edit and delete for staff. */
export function Component() {
  const user = useCurrentUser();
  return user.is_client ? <NewsFeed /> : <AnnouncementsManager />;
}
