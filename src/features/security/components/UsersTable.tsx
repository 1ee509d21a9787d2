import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DevicesOutlinedIcon from '@mui/icons-material/DevicesOutlined';
import { Link as RouterLink } from 'react-router';
import type { AccessUser, Role } from '../../../api/contract';
import { actionsColumn, DataTable, StatusChip, type DataColumn } from '../../../components';
import { consoleSessionsPath } from '../../../lib/paths';
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
      // The email under the name leaves the width to the role, grants and actions.
      cell: (user) => (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', fontWeight: 500 }}>
            <span>{user.displayName}</span>
            {user.disabled && <StatusChip label="Disabled" tone="warning" />}
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {user.emailAddress}
          </Typography>
        </>
      ),
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
    actionsColumn((user) => (
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
        {/* A way to another tab, drawn small: the row's own actions keep their words. */}
        <Tooltip title="Sessions">
          <IconButton
            size="small"
            component={RouterLink}
            to={consoleSessionsPath(user.id)}
            aria-label={`Sessions of ${user.displayName}`}
          >
            <DevicesOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
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
    )),
  ];
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
