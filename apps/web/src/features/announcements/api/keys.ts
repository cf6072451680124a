/** Query keys of the announcements feature: mutations invalidate what they change. */
export const announcementKeys = {
  all: ['announcements'] as const,
  list: (page: number, perPage: number) => ['announcements', 'list', page, perPage] as const,
  hasUnread: ['announcements', 'has-unread'] as const,
};
