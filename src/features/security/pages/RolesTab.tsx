import { useState } from 'react';
import Paper from '@mui/material/Paper';
import { useRoles } from '../../../api/access';
import { EmptyState, ErrorState, LoadingState } from '../../../components';
import type { Role } from '../../../api/contract';
import { EditGrantsDialog } from '../components/EditGrantsDialog';
import { RolesTable } from '../components/RolesTable';
import { useSecurityAccess } from '../hooks/use-security-access';

/** Roles with the grants they carry: a user holds the grants of their role. */
export function RolesTab() {
  const roles = useRoles();
  const { isAdmin } = useSecurityAccess();
  const [editing, setEditing] = useState<Role>();
  let body;
  if (roles.isPending) body = <LoadingState label="Loading roles" />;
  else if (roles.isError)
    body = (
      <ErrorState
        error={roles.error}
        title="Cannot list the roles"
        onRetry={() => void roles.refetch()}
      />
    );
  else if (roles.data.length === 0) body = <EmptyState title="No roles defined" />;
  else body = <RolesTable roles={roles.data} onEdit={isAdmin ? setEditing : undefined} />;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {body}
      {editing && <EditGrantsDialog role={editing} onClose={() => setEditing(undefined)} />}
    </Paper>
  );
}
