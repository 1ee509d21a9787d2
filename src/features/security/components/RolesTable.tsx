import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Role } from '../../../api/contract';
import { formatCount } from '../../../lib/format';
import { NameChips } from './GrantChips';

export function RolesTable({ roles }: { roles: Role[] }) {
  return (
    <TableContainer>
      <Table aria-label="Roles">
        <TableHead>
          <TableRow>
            <TableCell>Role</TableCell>
            <TableCell>Description</TableCell>
            <TableCell>Grants</TableCell>
            <TableCell align="right">Members</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {roles.map((role) => (
            <TableRow key={role.name}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                {role.name}
              </TableCell>
              <TableCell sx={{ color: 'text.secondary', maxWidth: 480 }}>
                {role.description}
              </TableCell>
              <TableCell>
                <NameChips names={role.grants} />
              </TableCell>
              <TableCell align="right">{formatCount(role.members)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
