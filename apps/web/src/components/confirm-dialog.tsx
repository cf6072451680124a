import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmDialogProps {
  open: boolean;
  /** The title's element id (the dialog's accessible name). */
  titleId: string;
  title: string;
  text: string;
  /** The action's button; Cancel closes. */
  label: string;
  cancelLabel: string;
  color: 'error' | 'warning' | 'primary';
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Shown under the text (a warning about what the action will meet). */
  children?: React.ReactNode;
  /** The action cannot be taken now (said in `children`): only Cancel. */
  confirmDisabled?: boolean;
}

/** Asks before an action that cannot be taken back, or that changes an account (delete, archive, a new API key, deactivate, approve). */
export function ConfirmDialog({ open, titleId, title, text, label, cancelLabel, color, pending, onConfirm, onClose, children, confirmDisabled }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{text}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancelLabel}</Button>
        <Button color={color} variant="contained" onClick={onConfirm} loading={pending} disabled={confirmDisabled}>
          {label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
