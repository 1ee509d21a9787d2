import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import GroupIcon from '@mui/icons-material/Group';
import PersonIcon from '@mui/icons-material/Person';
import type { PermissionList } from '../../../api/contract';
import { visuallyHidden } from './visually-hidden';
import { accessLevelLabels, principalName, principalTypeLabels } from './access-levels';

type Permission = PermissionList['list'][number];

export function PermissionsTable({
  permissions,
  onRemove,
}: {
  permissions: Permission[];
  onRemove: (permission: Permission) => void;
}) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="People and groups with access" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Access</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {permissions.map((permission) => {
            const name = principalName(permission);
            return (
              <TableRow key={`${permission.type}:${permission.id}`} hover>
                <TableCell>{name}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    icon={permission.type === 'GROUP' ? <GroupIcon /> : <PersonIcon />}
                    label={principalTypeLabels[permission.type]}
                  />
                </TableCell>
                <TableCell>{accessLevelLabels[permission.accessLevel]}</TableCell>
                <TableCell align="right" sx={{ py: 0 }}>
                  <Tooltip title="Remove access">
                    <IconButton
                      size="small"
                      aria-label={`Remove access for ${name}`}
                      onClick={() => onRemove(permission)}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
