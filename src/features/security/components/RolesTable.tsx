import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import { visuallyHidden } from '@mui/utils';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Button from '@mui/material/Button';
import type { Role } from '../../../api/contract';
import Typography from '@mui/material/Typography';
import { formatCount } from '../../../lib/format';
import { NameChips } from './GrantChips';

/** With `onEdit` (an Admin's view), each role's grants can be changed; the Admin role's cannot. */
export function RolesTable({ roles, onEdit }: { roles: Role[]; onEdit?: (role: Role) => void }) {
  return (
    <TableContainer>
      <Table aria-label="Roles">
        <TableHead>
          <TableRow>
            <TableCell>Role</TableCell>
            <TableCell>Description</TableCell>
            <TableCell>Grants</TableCell>
            <TableCell align="right">Members</TableCell>
            {onEdit && (
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  Change
                </Box>
              </TableCell>
            )}
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
              {onEdit && (
                <TableCell align="right">
                  {role.name === 'Admin' ? (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      Holds every grant
                    </Typography>
                  ) : (
                    <Button
                      size="small"
                      aria-label={`Change grants of ${role.name}`}
                      onClick={() => onEdit(role)}
                    >
                      Change grants
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
