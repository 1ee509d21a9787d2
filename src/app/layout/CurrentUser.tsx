import Chip from '@mui/material/Chip';
import { Tooltip } from '../../components/Tooltip';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import { useMe } from '../../api/access';

/** Whose token the console acts as: name and role, with email and grants on hover or focus. */
export function CurrentUser() {
  const { data: me, isError } = useMe();
  if (isError) return null;
  const label = me ? `${me.displayName} · ${me.role}` : 'Checking token…';
  const details = me
    ? [
        me.emailAddress,
        `Grants: ${me.grants.length ? me.grants.join(', ') : 'none'}`,
        ...(me.groups.length ? [`Groups: ${me.groups.map((g) => g.name).join(', ')}`] : []),
      ]
    : [];
  return (
    <Tooltip
      describeChild
      title={details.length ? details.map((line) => <div key={line}>{line}</div>) : ''}
    >
      <Chip
        size="small"
        variant="outlined"
        icon={<AccountCircleOutlinedIcon />}
        label={label}
        tabIndex={0}
        aria-label={me ? `Signed in as ${me.displayName} (${me.role})` : label}
        data-testid="current-user"
        sx={{ maxWidth: { xs: 140, sm: 280 } }}
      />
    </Tooltip>
  );
}
