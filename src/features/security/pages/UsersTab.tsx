import Paper from '@mui/material/Paper';
import { useAccessUsers, useRoles } from '../../../api/access';
import { EmptyState, ErrorState, LoadingState, SearchField } from '../../../components';
import { plural } from '../../../lib/format';
import { NeedsAccess } from '../components/NeedsAccess';
import { UsersTable } from '../components/UsersTable';
import { useSecurityAccess } from '../hooks/use-security-access';
import { useUsersParams } from '../hooks/use-users-params';
import { searchUsers } from '../lib/user-search';

/** Every user with role, groups and grants; administrators only. */
export function UsersTab() {
  const { me, isAdmin } = useSecurityAccess();
  const users = useAccessUsers({ enabled: isAdmin });
  const params = useUsersParams();
  const roles = useRoles();

  let body;
  if (me.isPending || (isAdmin && users.isPending)) body = <LoadingState label="Loading users" />;
  else if (me.isError)
    body = (
      <ErrorState
        error={me.error}
        title="Cannot tell whose token this is"
        onRetry={() => void me.refetch()}
      />
    );
  else if (!isAdmin)
    body = (
      <NeedsAccess
        title="You need the Admin role"
        description={`The console acts as ${me.data.displayName} (${me.data.role}). Only an administrator sees the users with their roles, groups and grants.`}
      />
    );
  else if (users.isError)
    body = (
      <ErrorState
        error={users.error}
        title="Cannot list the users"
        onRetry={() => void users.refetch()}
      />
    );
  else {
    const shown = searchUsers(users.data ?? [], params.search);
    body =
      shown.length === 0 ? (
        <EmptyState
          title="No user matches this search"
          description={`${plural(users.data?.length ?? 0, 'user')} in all. Change or clear the search.`}
        />
      ) : (
        <UsersTable users={shown} roles={roles.data} />
      );
  }

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {isAdmin && (
        <SearchField
          label="Search users"
          placeholder="Name, email, role or group"
          value={params.search}
          onSearch={params.setSearch}
          sx={{ mb: 2 }}
        />
      )}
      {body}
    </Paper>
  );
}
