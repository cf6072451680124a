import { type Role, roleMessages } from '@portal/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { mutateAndNotify } from '../../../lib/mutate-and-notify.ts';
import { useRoleMutations, useRoles } from '../api/roles.ts';
import { RoleDialog } from './role-dialog.tsx';

/** Global Settings, Roles: list, create, edit, activate or deactivate, delete (warning first when users hold the role). */
export function RolesSection({ canChange }: { canChange: boolean }) {
  const roles = useRoles();
  const { update, remove } = useRoleMutations();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  const setActive = (role: Role, isActive: boolean) => void mutateAndNotify(() => update.mutateAsync({ id: role.id, body: { is_active: isActive } }), (r) => r.message);
  const confirmDelete = async () => {
    if (deleting && (await mutateAndNotify(() => remove.mutateAsync(deleting.id), (r) => r.message))) setDeleting(null);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="roles-heading" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}>
        <div>
          <Typography id="roles-heading" variant="h6" component="h2">
            Roles
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Named sets of permissions for staff users. {canChange ? '' : 'Only the owner changes them.'}
          </Typography>
        </div>
        {canChange ? (
          <Button variant="contained" onClick={() => setEditing('new')}>
            New role
          </Button>
        ) : null}
      </Stack>
      {roles.error ? <Alert severity="error">{roles.error.message}</Alert> : null}
      <TableContainer tabIndex={0} role="region" aria-label="Roles">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Role</TableCell>
              <TableCell>Permissions</TableCell>
              <TableCell align="right">Users</TableCell>
              <TableCell>Active</TableCell>
              {canChange ? <TableCell align="right">Actions</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {(roles.data ?? []).map((role) => (
              <TableRow key={role.id} data-testid={`role-${role.name}`}>
                <TableCell>
                  <Typography variant="body2">{role.display_name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {role.name}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                    {role.permissions.map((p) => (
                      <Chip key={p} label={p} size="small" />
                    ))}
                  </Stack>
                </TableCell>
                <TableCell align="right">{role.users_count}</TableCell>
                <TableCell>
                  <Switch
                    checked={role.is_active}
                    disabled={!canChange || role.is_owner_role}
                    onChange={(e) => setActive(role, e.target.checked)}
                    slotProps={{ input: { 'aria-label': `${role.display_name} active` } }}
                  />
                </TableCell>
                {canChange ? (
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setEditing(role)}>
                      Edit
                    </Button>
                    <Button size="small" color="error" disabled={role.is_owner_role} onClick={() => setDeleting(role)}>
                      Delete
                    </Button>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing ? <RoleDialog role={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        titleId="delete-role-title"
        title={`Delete the role ${deleting?.display_name ?? ''}?`}
        text={deleting && deleting.users_count > 0 ? roleMessages.deleteWarning(deleting.users_count) : 'No user holds this role.'}
        label="Delete"
        cancelLabel="Cancel"
        color="error"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
