import type { AccessUser, Role } from '../../../api/contract';
import { DataTable, type DataColumn } from '../../../components';
import { NameChips } from './GrantChips';
import { RoleSelect } from './RoleSelect';

/** With `roles` (an Admin's view), each user's role is chosen in its cell. */
export function UsersTable({ users, roles }: { users: AccessUser[]; roles?: Role[] }) {
  const columns: DataColumn<AccessUser>[] = [
    {
      key: 'name',
      header: 'Name',
      rowHeader: true,
      sx: { fontWeight: 500 },
      cell: (user) => user.displayName,
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
