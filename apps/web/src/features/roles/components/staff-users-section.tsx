import type { StaffUser } from '@portal/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
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
    <Paper variant="outlined" component="section" aria-labelledby="staff-users-heading" sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}>
        <div>
          <Typography id="staff-users-heading" variant="h6" component="h2">
            Users with roles
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Staff users: an invitation emails a link to set a password.
          </Typography>
        </div>
        {canChange ? (
          <Button variant="contained" onClick={() => setInviting(true)}>
            Invite user
          </Button>
        ) : null}
      </Stack>
      {users.error ? <Alert severity="error">{users.error.message}</Alert> : null}
      <TableContainer tabIndex={0} role="region" aria-label="Users with roles">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>User</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Status</TableCell>
              {canChange ? <TableCell align="right">Actions</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {(users.data ?? []).map((user) => (
              <TableRow key={user.id} data-testid={`staff-user-${user.email}`}>
                <TableCell>
                  <Typography variant="body2">{user.name}</Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                    {user.email}
                  </Typography>
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
          </TableBody>
        </Table>
      </TableContainer>
      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
    </Paper>
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
