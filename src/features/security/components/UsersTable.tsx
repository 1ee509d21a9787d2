import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AccessUser, Role } from '../../../api/contract';
import { NameChips } from './GrantChips';
import { RoleSelect } from './RoleSelect';

/** With `roles` (an Admin's view), each user's role is chosen in its cell. */
export function UsersTable({ users, roles }: { users: AccessUser[]; roles?: Role[] }) {
  return (
    <TableContainer>
      <Table aria-label="Users">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Role</TableCell>
            <TableCell>Groups</TableCell>
            <TableCell>Grants</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.id}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                {user.displayName}
              </TableCell>
              <TableCell sx={{ color: 'text.secondary' }}>{user.emailAddress}</TableCell>
              <TableCell>
                {roles && roles.length > 0 ? <RoleSelect user={user} roles={roles} /> : user.role}
              </TableCell>
              <TableCell>
                <NameChips names={user.groups.map((g) => g.name)} />
              </TableCell>
              <TableCell>
                <NameChips names={user.grants} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
