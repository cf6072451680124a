import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The frame of one Global Settings section: its heading (h2), a line on what it does, and its form. */
export function SectionCard({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-heading`} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Typography id={`${id}-heading`} variant="h6" component="h2">
        {title}
      </Typography>
      {description ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
      ) : null}
      {children}
    </Paper>
  );
}

/** While a section's values load, or when they cannot be read. */
export function SectionLoading({ error }: { error?: Error | null }) {
  if (error) return <Alert severity="error">{error.message}</Alert>;
  return <CircularProgress size={24} aria-label="Loading" />;
}
