import { permissions, type Role } from '@portal/contracts';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutateAndNotify } from '../../../lib/mutate-and-notify.ts';
import { useRoleMutations } from '../api/roles.ts';
import { permissionLabel } from '../lib/permission-label.ts';


/**
 * Create a role, or edit one's display name, permissions and whether its staff reach only their
 * assigned affiliates (SPEC.md section 6). The owner's role keeps every permission and the whole network.
 */
export function RoleDialog({ role, onClose }: { role: Role | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { create, update } = useRoleMutations();
  const [name, setName] = useState(role?.name ?? '');
  const [displayName, setDisplayName] = useState(role?.display_name ?? '');
  const [chosen, setChosen] = useState<string[]>(role?.permissions ?? []);
  const [assignedOnly, setAssignedOnly] = useState(role?.assigned_affiliates_only ?? false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const pending = create.isPending || update.isPending;
  const toggle = (p: string) => setChosen((c) => (c.includes(p) ? c.filter((x) => x !== p) : [...c, p]));

  const save = async () => {
    const body = { display_name: displayName, permissions: chosen as Role['permissions'], assigned_affiliates_only: assignedOnly, ...(role ? {} : { name }) };
    const ok = await mutateAndNotify(
      async () => {
        try {
          return role ? await update.mutateAsync({ id: role.id, body }) : await create.mutateAsync({ ...body, name });
        } catch (error) {
          setErrors((error as { errors?: Record<string, string[]> }).errors ?? {});
          throw error;
        }
      },
      (reply) => reply.message,
    );
    if (ok) onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="role-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="role-dialog-title">{role ? `Edit role: ${role.display_name}` : 'New role'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {role ? null : (
            <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={!!errors.name} helperText={errors.name?.[0] ?? 'Lower case letters, digits and _'} />
          )}
          <TextField label="Display name" value={displayName} onChange={(e) => setDisplayName(e.target.value)} error={!!errors.display_name} helperText={errors.display_name?.[0]} />
          <FormGroup aria-labelledby="role-permissions-label">
            <FormLabel id="role-permissions-label">Permissions</FormLabel>
            {permissions.map((p) => (
              <FormControlLabel
                key={p}
                control={<Checkbox checked={chosen.includes(p)} onChange={() => toggle(p)} disabled={role?.is_owner_role && chosen.includes(p)} />}
                label={permissionLabel(t, p)}
              />
            ))}
          </FormGroup>
          {role?.is_owner_role ? null : (
            <div>
              <FormControlLabel
                control={<Checkbox checked={assignedOnly} onChange={(e) => setAssignedOnly(e.target.checked)} slotProps={{ input: { 'aria-describedby': 'role-assigned-only-help' } }} />}
                label="Assigned affiliates only"
              />
              <FormHelperText id="role-assigned-only-help" sx={{ mt: 0, ml: 4 }}>
                Staff with this role see and act on only the affiliates assigned to them as manager.
              </FormHelperText>
            </div>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => void save()} disabled={pending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
