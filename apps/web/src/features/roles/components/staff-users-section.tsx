import type { StaffUser } from '@portal/contracts';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { ListSection, NameCell } from '../../../components/list-section.tsx';
import { ListTable } from '../../../components/list-table.tsx';
import { mutateAndNotify } from '../../../lib/mutate-and-notify.ts';
import { useRoleMutations, useRoles, useStaffUsers } from '../api/roles.ts';

/** Global Settings, Users with roles: invite by email, assign a role, deactivate; the owner stays as they are. */
export function StaffUsersSection({ canChange }: { canChange: boolean }) {
  const users = useStaffUsers();
  const roles = useRoles();
  const { updateUser } = useRoleMutations();
  const [inviting, setInviting] = useState(false);
  const change = (user: StaffUser, body: { role_id?: number; is_active?: boolean }) => void mutateAndNotify(() => updateUser.mutateAsync({ id: user.id, body }), (r) => r.message);

  return (
    <ListSection
      id="staff-users"
      title="Users with roles"
      description="Staff users: an invitation emails a link to set a password."
      add={canChange ? { label: 'Invite user', onClick: () => setInviting(true) } : undefined}
      error={users.error}
    >
      <ListTable label="Users with roles" columns={['User', 'Role', 'Status', ...(canChange ? ['Actions'] : [])]} actions={canChange} count={users.data?.length ?? 0} pending={users.isPending} empty="No staff users yet.">
        {(users.data ?? []).map((user) => (
          <TableRow key={user.id} data-testid={`staff-user-${user.email}`}>
            <TableCell>
              <NameCell name={user.name} detail={user.email} />
            </TableCell>
            <TableCell sx={{ minWidth: 160 }}>
              {canChange && !user.is_owner ? (
                <TextField
                  select
                  size="small"
                  fullWidth
                  value={user.role?.id ?? ''}
                  onChange={(e) => change(user, { role_id: Number(e.target.value) })}
                  slotProps={{ htmlInput: { 'aria-label': `Role of ${user.name}` } }}
                >
                  {(roles.data ?? []).map((r) => (
                    <MenuItem key={r.id} value={r.id}>
                      {r.display_name}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                (user.role?.display_name ?? '—')
              )}
            </TableCell>
            <TableCell>
              <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                <Chip size="small" color={user.is_active ? 'success' : 'default'} label={user.is_active ? 'Active' : 'Inactive'} />
                {user.is_owner ? <Chip size="small" label="Owner" /> : null}
                {user.invitation_pending ? <Chip size="small" variant="outlined" label="Invited" /> : null}
              </Stack>
            </TableCell>
            {canChange ? (
              <TableCell align="right">
                {user.is_owner ? null : (
                  <Button size="small" color={user.is_active ? 'error' : 'primary'} onClick={() => change(user, { is_active: !user.is_active })}>
                    {user.is_active ? 'Deactivate' : 'Activate'}
                  </Button>
                )}
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </ListTable>
      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
    </ListSection>
  );
}

function InviteDialog({ onClose }: { onClose: () => void }) {
  const roles = useRoles();
  const { invite } = useRoleMutations();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState<number | ''>('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const send = async () => {
    const ok = await mutateAndNotify(
      async () => {
        try {
          return await invite.mutateAsync({ email, name, role_id: roleId === '' ? '' : roleId } as never);
        } catch (error) {
          setErrors((error as { errors?: Record<string, string[]> }).errors ?? {});
          throw error;
        }
      },
      (r) => r.message,
    );
    if (ok) onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="invite-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="invite-dialog-title">Invite a staff user</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="Email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={!!errors.email} helperText={errors.email?.[0]} />
          <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={!!errors.name} helperText={errors.name?.[0]} />
          <TextField select label="Role" value={roleId} onChange={(e) => setRoleId(Number(e.target.value))} error={!!errors.role_id} helperText={errors.role_id?.[0]}>
            {(roles.data ?? [])
              .filter((r) => r.is_active)
              .map((r) => (
                <MenuItem key={r.id} value={r.id}>
                  {r.display_name}
                </MenuItem>
              ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void send()} disabled={invite.isPending}>
          Send invitation
        </Button>
      </DialogActions>
    </Dialog>
  );
}
