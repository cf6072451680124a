import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What a card reads of its query (TanStack Query's result). */
export interface CardQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
}

export interface QueryCardProps<T> {
  /** Names the section: its heading's id is `${id}-heading`. */
  id: string;
  title: string;
  query: CardQuery<T>;
  /** Said when the failed reply has no message of its own. */
  loadError: string;
  /** The card's content once the data is there. */
  children: (data: T) => ReactNode;
}

/** A small card of the dashboard that shows one query: its heading (h2), the error, a placeholder while it loads, then the content. */
export function QueryCard<T>({ id, title, query, loadError, children }: QueryCardProps<T>) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-heading`} sx={{ p: 2, height: '100%', minWidth: 0 }}>
      <Typography id={`${id}-heading`} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {query.isError ? <Alert severity="error">{query.error?.message || loadError}</Alert> : null}
      {query.isPending ? <Skeleton variant="rounded" height={140} sx={{ mt: 1 }} /> : null}
      {query.data ? children(query.data) : null}
    </Paper>
  );
}
