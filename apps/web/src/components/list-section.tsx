import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface ListSectionProps {
  /** The heading's id is `<id>-heading`; the section is named by it. */
  id: string;
  title: string;
  description: ReactNode;
  /** The button that adds a row (left out where the person may not add). */
  add?: { label: string; onClick: () => void } | undefined;
  /** The list could not be read. */
  error?: Error | null | undefined;
  children: ReactNode;
}

/** A card of a settings screen that holds a list: heading, a line on what it is, an Add button, then the list. */
export function ListSection({ id, title, description, add, error, children }: ListSectionProps) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-heading`} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}>
        <div>
          <Typography id={`${id}-heading`} variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        </div>
        {add ? (
          <Button variant="outlined" startIcon={<Add />} onClick={add.onClick} sx={{ flexShrink: 0 }}>
            {add.label}
          </Button>
        ) : null}
      </Stack>
      {error ? <Alert severity="error">{error.message}</Alert> : children}
    </Paper>
  );
}

/** A list cell that names its row: the name, and under it a second line (an email, a code). */
export function NameCell({ name, detail }: { name: string; detail: string }) {
  return (
    <div>
      <Typography variant="body2">{name}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {detail}
      </Typography>
    </div>
  );
}
