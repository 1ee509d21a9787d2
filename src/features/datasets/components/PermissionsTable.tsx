import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import GroupIcon from '@mui/icons-material/Group';
import PersonIcon from '@mui/icons-material/Person';
import type { PermissionList } from '../../../api/contract';
import { useUser } from '../../../api/people';
import { DataTable, Guard, UserName, type DataColumn } from '../../../components';
import type { ChangeAccess } from '../hooks/use-change-access';
import type { SharingGuards } from '../hooks/use-sharing-guards';
import { AccessLevelSelect } from './AccessLevelSelect';
import { principalName, principalTypeLabels, type PrincipalType } from './access-levels';

type Permission = PermissionList['list'][number];

const TypeChip = ({ type }: { type: PrincipalType }) => (
  <Chip
    size="small"
    variant="outlined"
    icon={type === 'GROUP' ? <GroupIcon /> : <PersonIcon />}
    label={principalTypeLabels[type]}
  />
);

/** A user's email under their name (who a share reaches); nothing for a group. */
function Email({ permission }: { permission: Permission }) {
  const id = permission.type === 'USER' ? Number(permission.id) : undefined;
  const { data: user } = useUser(Number.isInteger(id) ? id : undefined);
  if (!user) return null;
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {user.emailAddress}
    </Typography>
  );
}

export interface PermissionsTableProps {
  /** The dataset's owner (a user id): listed first, with every right. */
  owner: number;
  permissions: Permission[];
  access: ChangeAccess;
  /** What each entry offers: the levels one may give, who may lower or remove. */
  guards: SharingGuards;
  onRemove: (permission: Permission) => void;
}

export function PermissionsTable({
  owner,
  permissions,
  access,
  guards,
  onRemove,
}: PermissionsTableProps) {
  const columns: DataColumn<Permission>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (permission) => (
        <>
          {principalName(permission)}
          <Email permission={permission} />
        </>
      ),
    },
    { key: 'type', header: 'Type', cell: (permission) => <TypeChip type={permission.type} /> },
    {
      key: 'access',
      header: 'Access',
      sx: { py: 0.5 },
      cell: (permission) => {
        const { levels, disabledLevels, ...mayChange } = guards.levelOf(permission);
        return (
          <Guard {...mayChange}>
            <AccessLevelSelect
              size="small"
              levels={levels}
              disabledLevels={disabledLevels}
              value={access.levelOf(permission)}
              onChange={(level) => access.change(permission, level)}
              disabled={access.busy}
              aria-busy={access.isSaving(permission)}
              accessibleName={`Access of ${principalName(permission)}`}
              sx={{ minWidth: 150 }}
            />
          </Guard>
        );
      },
    },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'right',
      sx: { py: 0 },
      cell: (permission) => (
        <Guard {...guards.removeOf(permission)} title="Remove access">
          <IconButton
            size="small"
            aria-label={`Remove access for ${principalName(permission)}`}
            onClick={() => onRemove(permission)}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Guard>
      ),
    },
  ];
  const ownerRow = (
    <TableRow>
      <TableCell>
        <UserName id={owner} />
        <Email permission={{ id: String(owner), type: 'USER', accessLevel: 'CO_OWNER' }} />
      </TableCell>
      <TableCell>
        <TypeChip type="USER" />
      </TableCell>
      <TableCell>Owner</TableCell>
      <TableCell />
    </TableRow>
  );
  return (
    <DataTable
      label="People and groups with access"
      columns={columns}
      rows={permissions}
      rowKey={(permission) => `${permission.type}:${permission.id}`}
      leadingRows={ownerRow}
    />
  );
}
