import Paper from '@mui/material/Paper';
import { useAccessUsers, useRoles } from '../../../api/access';
import { EmptyState, PageState, SearchField } from '../../../components';
import { useListController } from '../../../hooks/use-list-controller';
import { plural } from '../../../lib/format';
import { NeedsAccess } from '../components/NeedsAccess';
import { UsersTable } from '../components/UsersTable';
import { useSecurityAccess } from '../hooks/use-security-access';
import { usersSpec } from '../lib/list-params';
import { searchUsers } from '../lib/user-search';

/** Every user with role, groups and grants; administrators only. */
export function UsersTab() {
  const { me, isAdmin } = useSecurityAccess();
  const users = useAccessUsers({ enabled: isAdmin });
  const list = useListController(usersSpec);
  const roles = useRoles();
  const shown = searchUsers(users.data ?? [], list.params.q);

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      {isAdmin && (
        <SearchField
          label="Search users"
          placeholder="Name, email, role or group"
          value={list.params.q}
          onSearch={list.setters.q}
          sx={{ mb: 2 }}
        />
      )}
      <PageState query={me} loading="Loading users" errorTitle="Cannot tell whose token this is">
        {(user) =>
          isAdmin ? (
            <PageState
              query={users}
              loading="Loading users"
              errorTitle="Cannot list the users"
              empty={(all) =>
                shown.length === 0 && (
                  <EmptyState
                    title="No user matches this search"
                    description={`${plural(all.length, 'user')} in all. Change or clear the search.`}
                  />
                )
              }
            >
              <UsersTable users={shown} roles={roles.data} />
            </PageState>
          ) : (
            <NeedsAccess
              title="You need the Admin role"
              description={`The console acts as ${user.displayName} (${user.role}). Only an administrator sees the users with their roles, groups and grants.`}
            />
          )
        }
      </PageState>
    </Paper>
  );
}
