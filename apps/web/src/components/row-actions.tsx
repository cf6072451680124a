import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

export interface RowAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
}

export interface RowActionsProps {
  /** What the row is called: each button is named "<action>: <name>" for screen readers. */
  name?: string | undefined;
  /** Edit, with its label (the page's own text). */
  edit?: { label: string; onClick: () => void };
  /** Delete, with its label; it usually asks first (ListPage's confirm). */
  remove?: { label: string; onClick: () => void };
  /** Icon buttons before edit and delete (rotate a key, archive). */
  actions?: readonly RowAction[];
  /** Drawn first (a text button such as Send test). */
  children?: ReactNode;
}

function ActionButton({ label, name, icon, onClick }: RowAction & { name: string | undefined }) {
  return (
    <Tooltip title={label}>
      <IconButton aria-label={name ? `${label}: ${name}` : label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** The last cell of a ListTable row: its actions as icon buttons with tooltips, edit and delete last. */
export function RowActions({ name, edit, remove, actions = [], children }: RowActionsProps) {
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      {children}
      {actions.map((a) => (
        <ActionButton key={a.label} name={name} {...a} />
      ))}
      {edit ? <ActionButton name={name} label={edit.label} icon={<EditOutlined />} onClick={edit.onClick} /> : null}
      {remove ? <ActionButton name={name} label={remove.label} icon={<DeleteOutline />} onClick={remove.onClick} /> : null}
    </TableCell>
  );
}
