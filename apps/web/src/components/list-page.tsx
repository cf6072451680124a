import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog.tsx';

/** What a list page has open: the form (on an item, or a new one) and the confirmation; its rows call `edit` and `confirm`. */
export function useListPage<T>() {
  const [editing, setEditing] = useState<{ item: T | undefined }>();
  const [asking, setAsking] = useState<{ item: T }>();
  return {
    editing,
    asking,
    /** Opens the form on this item. */
    edit: (item: T) => setEditing({ item }),
    create: () => setEditing({ item: undefined }),
    closeForm: () => setEditing(undefined),
    /** Asks before the page's confirmed action (delete, archive, a new key) on this item. */
    confirm: (item: T) => setAsking({ item }),
    closeConfirm: () => setAsking(undefined),
  };
}

export type ListPageState<T> = ReturnType<typeof useListPage<T>>;

export interface ListPageConfirm<T> {
  titleId: string;
  title: (item: T | undefined) => string;
  text: (item: T | undefined) => string;
  label: string;
  cancelLabel: string;
  color: 'error' | 'warning';
  pending: boolean;
  /** Takes the action; true closes the dialog, false (it failed and said so) leaves it open. */
  run: (item: T) => Promise<boolean>;
}

export interface ListPageProps<T> {
  /** Left of the New button (an intro, filters); without it the button stands alone on the right. */
  toolbar?: ReactNode;
  newLabel: string;
  /** From useListPage: the rows call its `edit` and `confirm`. */
  state: ListPageState<T>;
  /** The list (usually a ListTable). */
  children: ReactNode;
  /** The create (item undefined) or edit form, drawn while open; it calls `close` when done. */
  renderForm: (item: T | undefined, close: () => void) => ReactNode;
  confirm?: ListPageConfirm<T>;
  /** Drawn below the list (a delivery log). */
  after?: ReactNode;
  /** The page's other dialogs (a key shown once, a test result). */
  dialogs?: ReactNode;
  spacing?: number;
}

/** A create/edit/delete screen: New button, the list, the form dialog and the confirmation, laid out alike everywhere. */
export function ListPage<T>({ state, toolbar, newLabel, children, renderForm, confirm, after, dialogs, spacing = 2 }: ListPageProps<T>) {
  const { editing, asking } = state;
  const newButton = (
    <Button variant="contained" startIcon={<Add />} onClick={state.create} sx={toolbar ? { flexShrink: 0, alignSelf: { xs: 'flex-start', md: 'auto' } } : undefined}>
      {newLabel}
    </Button>
  );
  const run = async () => {
    if (asking && confirm && (await confirm.run(asking.item))) state.closeConfirm();
  };
  return (
    <Stack spacing={spacing} sx={{ minWidth: 0 }}>
      {toolbar ? (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
          {toolbar}
          {newButton}
        </Stack>
      ) : (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          {newButton}
        </Stack>
      )}
      {children}
      {after}
      {editing ? renderForm(editing.item, state.closeForm) : null}
      {dialogs}
      {confirm ? (
        <ConfirmDialog
          open={asking !== undefined}
          titleId={confirm.titleId}
          title={confirm.title(asking?.item)}
          text={confirm.text(asking?.item)}
          label={confirm.label}
          cancelLabel={confirm.cancelLabel}
          color={confirm.color}
          pending={confirm.pending}
          onConfirm={() => void run()}
          onClose={state.closeConfirm}
        />
      ) : null}
    </Stack>
  );
}
