import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Role } from '../../../api/contract';
import { DataTable, type DataColumn } from '../../../components';
import { formatCount } from '../../../lib/format';
import { NameChips } from './GrantChips';

/** With `onEdit` (an Admin's view), each role's grants can be changed; the Admin role's cannot. */
export function RolesTable({ roles, onEdit }: { roles: Role[]; onEdit?: (role: Role) => void }) {
  const columns: DataColumn<Role>[] = [
    {
      key: 'role',
      header: 'Role',
      rowHeader: true,
      sx: { fontWeight: 500 },
      cell: (role) => role.name,
    },
    {
      key: 'description',
      header: 'Description',
      sx: { color: 'text.secondary', maxWidth: 480 },
      cell: (role) => role.description,
    },
    { key: 'grants', header: 'Grants', cell: (role) => <NameChips names={role.grants} /> },
    {
      key: 'members',
      header: 'Members',
      align: 'right',
      cell: (role) => formatCount(role.members),
    },
  ];
  if (onEdit)
    columns.push({
      key: 'change',
      header: 'Change',
      hideHeader: true,
      align: 'right',
      cell: (role) =>
        role.name === 'Admin' ? (
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
        ),
    });
  return (
    <DataTable
      label="Roles"
      frame="none"
      columns={columns}
      rows={roles}
      rowKey={(role) => role.name}
    />
  );
}
