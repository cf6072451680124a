import { type Role, roleMessages } from '@portal/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSection, NameCell } from '../../../components/list-section.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { mutateAndNotify } from '../../../lib/mutate-and-notify.ts';
import { useRoleMutations, useRoles } from '../api/roles.ts';
import { permissionLabel } from '../lib/permission-label.ts';
import { RoleDialog } from './role-dialog.tsx';

/** Global Settings, Roles: list, create, edit, activate or deactivate, delete (warning first when users hold the role). */
export function RolesSection({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const roles = useRoles();
  const { update, remove } = useRoleMutations();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  const setActive = (role: Role, isActive: boolean) => void mutateAndNotify(() => update.mutateAsync({ id: role.id, body: { is_active: isActive } }), (r) => r.message);
  const confirmDelete = async () => {
    if (deleting && (await mutateAndNotify(() => remove.mutateAsync(deleting.id), (r) => r.message))) setDeleting(null);
  };

  return (
    <ListSection
      id="roles"
      title="Roles"
      description={`Named sets of permissions for staff users.${canChange ? '' : ' Only the owner changes them.'}`}
      add={canChange ? { label: 'New role', onClick: () => setEditing('new') } : undefined}
      error={roles.error}
    >
      <ListTable label="Roles" columns={['Role', 'Permissions', { label: 'Users', align: 'right' }, 'Active', ...(canChange ? ['Actions'] : [])]} actions={canChange} count={roles.data?.length ?? 0} pending={roles.isPending} empty="No roles yet.">
        {(roles.data ?? []).map((role) => (
          <TableRow key={role.id} data-testid={`role-${role.name}`}>
            <TableCell sx={{ minWidth: 180 }}>
              <NameCell name={role.display_name} detail={role.name} />
            </TableCell>
            <TableCell>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                {role.permissions.map((p) => (
                  <Chip key={p} label={permissionLabel(t, p)} size="small" />
                ))}
                {role.assigned_affiliates_only ? <Chip label="Assigned affiliates only" size="small" color="info" variant="outlined" /> : null}
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
              <TableCell align="right">
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
      </ListTable>
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
    </ListSection>
  );
}
