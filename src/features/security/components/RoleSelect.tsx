import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useSetUserRole } from '../../../api/access';
import type { AccessUser, Role } from '../../../api/contract';
import { useNotify } from '../../../components';

/** An Admin picks a user's role; the platform refuses the last Admin's demotion. */
export function RoleSelect({ user, roles }: { user: AccessUser; roles: Role[] }) {
  const change = useSetUserRole();
  const notify = useNotify();
  return (
    <TextField
      select
      size="small"
      value={user.role}
      disabled={change.isPending}
      slotProps={{
        select: { SelectDisplayProps: { 'aria-label': `Role of ${user.displayName}` } },
      }}
      onChange={(event) => {
        const role = event.target.value;
        change.mutate(
          { userId: user.id, role },
          {
            onSuccess: () => notify.success(`${user.displayName} is ${role} now`),
            onError: (error) =>
              notify.error(`${user.displayName} keeps the ${user.role} role: ${error.message}`),
          },
        );
      }}
      sx={{ minWidth: 150 }}
    >
      {roles.map((role) => (
        <MenuItem key={role.name} value={role.name}>
          {role.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
