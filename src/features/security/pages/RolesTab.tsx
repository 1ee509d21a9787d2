import { useState } from 'react';
import Paper from '@mui/material/Paper';
import { useRoles } from '../../../api/access';
import { EmptyState, PageState } from '../../../components';
import type { Role } from '../../../api/contract';
import { EditGrantsDialog } from '../components/EditGrantsDialog';
import { RolesTable } from '../components/RolesTable';
import { useSecurityAccess } from '../hooks/use-security-access';

/** Roles with the grants they carry: a user holds the grants of their role. */
export function RolesTab() {
  const roles = useRoles();
  const { isAdmin } = useSecurityAccess();
  const [editing, setEditing] = useState<Role>();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <PageState
        query={roles}
        loading="Loading roles"
        errorTitle="Cannot list the roles"
        empty={(all) => all.length === 0 && <EmptyState title="No roles defined" />}
      >
        {(all) => <RolesTable roles={all} onEdit={isAdmin ? setEditing : undefined} />}
      </PageState>
      {editing && <EditGrantsDialog role={editing} onClose={() => setEditing(undefined)} />}
    </Paper>
  );
}
