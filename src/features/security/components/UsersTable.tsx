import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { AccessUser, Role } from '../../../api/contract';
import { DataTable, StatusChip, type DataColumn } from '../../../components';
import { NameChips } from './GrantChips';
import { RoleSelect } from './RoleSelect';

export interface UsersTableProps {
  users: AccessUser[];
  /** An Admin's view: each user's role is chosen in its cell. */
  roles?: Role[];
  /** An Admin's view: each user but `meId` has a button that disables or enables them. */
  onToggleDisabled?: (user: AccessUser) => void;
  /** An Admin's view: each user, `meId` too, has a button that sets their password. */
  onSetPassword?: (user: AccessUser) => void;
  meId?: number;
}

export function UsersTable({
  users,
  roles,
  onToggleDisabled,
  onSetPassword,
  meId,
}: UsersTableProps) {
  const columns: DataColumn<AccessUser>[] = [
    {
      key: 'name',
      header: 'Name',
      rowHeader: true,
      sx: { fontWeight: 500 },
      cell: (user) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{user.displayName}</span>
          {user.disabled && <StatusChip label="Disabled" tone="warning" />}
        </Stack>
      ),
    },
    {
      key: 'email',
      header: 'Email',
      sx: { color: 'text.secondary' },
      cell: (user) => user.emailAddress,
    },
    {
      key: 'role',
      header: 'Role',
      cell: (user) =>
        roles && roles.length > 0 ? <RoleSelect user={user} roles={roles} /> : user.role,
    },
    {
      key: 'groups',
      header: 'Groups',
      cell: (user) => <NameChips names={user.groups.map((g) => g.name)} />,
    },
    { key: 'grants', header: 'Grants', cell: (user) => <NameChips names={user.grants} /> },
  ];
  if (onToggleDisabled || onSetPassword)
    columns.push({
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'right',
      nowrap: true,
      sx: { py: 0.5 },
      cell: (user) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          {onSetPassword && (
            <Button
              size="small"
              aria-label={`Set password for ${user.displayName}`}
              onClick={() => onSetPassword(user)}
            >
              Set password
            </Button>
          )}
          {/* Nobody disables themselves (the platform refuses it too). */}
          {onToggleDisabled && user.id !== meId && (
            <Button
              size="small"
              color={user.disabled ? 'primary' : 'error'}
              aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.displayName}`}
              onClick={() => onToggleDisabled(user)}
            >
              {user.disabled ? 'Enable' : 'Disable'}
            </Button>
          )}
        </Stack>
      ),
    });
  return (
    <DataTable
      label="Users"
      frame="none"
      columns={columns}
      rows={users}
      rowKey={(user) => String(user.id)}
    />
  );
}
