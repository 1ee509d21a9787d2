import { Tooltip } from './Tooltip';
import { useUser } from '../api/people';

export interface UserNameProps {
  /** The platform's user id (v2 documents send it as a string). */
  id: number | string | null | undefined;
  /** Inside a grid cell, the grid's roving tab index. */
  tabIndex?: number;
}

/**
 * A user named by their name, never a bare id: the id and email are in the tooltip. While the
 * name loads, or when the platform does not know the user, it reads "User 7" so nothing is blank.
 */
export function UserName({ id, tabIndex = 0 }: UserNameProps) {
  const numeric = typeof id === 'string' ? Number(id) : id;
  const valid = typeof numeric === 'number' && Number.isInteger(numeric) && numeric > 0;
  const { data: user } = useUser(valid ? numeric : undefined);
  if (!valid) return <span>—</span>;
  const label = user?.displayName ?? `User ${numeric}`;
  const detail = user ? `${user.emailAddress} · user id ${numeric}` : `user id ${numeric}`;
  return (
    <Tooltip title={detail} describeChild>
      <span tabIndex={tabIndex}>{label}</span>
    </Tooltip>
  );
}
