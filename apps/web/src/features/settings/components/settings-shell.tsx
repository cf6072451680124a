import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type MouseEvent, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * One section of Global Settings. The page (app/routes/settings-sections.tsx) lists them; each
 * draws its own form with its own save, so the shell only chooses which one is shown.
 */
export interface SettingsSectionEntry {
  /** The `?section=` value: kebab-case, stable (links and tests use it). */
  id: string;
  /** Shown in the list and the phone select, already translated. */
  label: string;
  render: () => ReactNode;
}

/**
 * Global Settings: the sections' list on the left (a select on phones) and the chosen section.
 * `?section=<id>` deep-links; an unknown or missing id shows the first section.
 */
export function SettingsShell({ sections }: { sections: readonly SettingsSectionEntry[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const current = sections.find((s) => s.id === params.get('section')) ?? sections[0];
  if (!current) return null;
  const choose = (id: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('section', id);
        return next;
      },
      { replace: false },
    );

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 2, md: 3 }} sx={{ alignItems: { md: 'flex-start' }, minWidth: 0 }}>
      <TextField
        select
        label={t('settings.sectionPicker')}
        value={current.id}
        onChange={(e) => choose(e.target.value)}
        sx={{ display: { xs: 'flex', md: 'none' } }}
        slotProps={{ select: { inputProps: { 'data-testid': 'settings-section-select' } } }}
      >
        {sections.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.label}
          </MenuItem>
        ))}
      </TextField>
      <Paper
        component="nav"
        variant="outlined"
        aria-label={t('settings.sections')}
        sx={{ display: { xs: 'none', md: 'block' }, width: { md: 220, lg: 250 }, flexShrink: 0, position: 'sticky', top: 16 }}
      >
        <List dense disablePadding>
          {sections.map((s) => (
            <ListItem key={s.id} disablePadding>
            <ListItemButton
              selected={s.id === current.id}
              aria-current={s.id === current.id ? 'page' : undefined}
              component="a"
              href={`?section=${s.id}`}
              onClick={(e: MouseEvent) => {
                // A modified click opens the link as the browser does; a plain one stays in the app.
                if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                e.preventDefault();
                choose(s.id);
              }}
            >
              <ListItemText primary={s.label} />
            </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
      <Stack key={current.id} spacing={3} sx={{ flex: 1, minWidth: 0 }}>
        <Suspense fallback={null}>{current.render()}</Suspense>
      </Stack>
    </Stack>
  );
}
