import { lazy, Suspense } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useAccessUsers, useRoles } from '../../../api/access';
import { ConfirmDialog, EmptyState, PageState, SearchField } from '../../../components';
import { useListController } from '../../../hooks/use-list-controller';
import { plural } from '../../../lib/format';
import { NeedsAccess } from '../components/NeedsAccess';
import { UsersTable } from '../components/UsersTable';
import { usePasswordTarget } from '../hooks/use-password-target';
import { useSecurityAccess } from '../hooks/use-security-access';
import { useSetDisabled } from '../hooks/use-set-disabled';
import { usersSpec } from '../lib/list-params';
import { searchUsers } from '../lib/user-search';

const SetPasswordDialog = lazy(() => import('../components/SetPasswordDialog'));

/**
 * Every user with role, groups and grants; administrators only, who disable and enable them and
 * set their passwords.
 */
export function UsersTab() {
  const { me, isAdmin } = useSecurityAccess();
  const users = useAccessUsers({ enabled: isAdmin });
  const list = useListController(usersSpec);
  const roles = useRoles();
  const toggle = useSetDisabled();
  const password = usePasswordTarget();
  const shown = searchUsers(users.data ?? [], list.params.q);
  const target = toggle.target;
  const enabling = target?.disabled === true;
  const name = target?.displayName ?? '';

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
              <UsersTable
                users={shown}
                roles={roles.data}
                onToggleDisabled={toggle.ask}
                onSetPassword={password.ask}
                meId={user.id}
              />
            </PageState>
          ) : (
            <NeedsAccess
              title="You need the Admin role"
              description={`The console acts as ${user.displayName} (${user.role}). Only an administrator sees the users with their roles, groups and grants.`}
            />
          )
        }
      </PageState>
      <ConfirmDialog
        {...toggle.dialog}
        title={`${enabling ? 'Enable' : 'Disable'} ${name}?`}
        confirmLabel={enabling ? 'Enable' : 'Disable'}
        destructive={!enabling}
        errorTitle={`${name} was not ${enabling ? 'enabled' : 'disabled'}`}
      >
        <Typography variant="body2">
          {enabling
            ? `${name} may sign in again. Their former tokens stay revoked.`
            : `Every token of ${name} is revoked and their console sessions end at once. They cannot sign in until an administrator enables them again.`}
        </Typography>
      </ConfirmDialog>
      {password.user && (
        <Suspense fallback={null}>
          <SetPasswordDialog
            key={password.openings}
            user={password.user}
            isMe={password.user.id === me.data?.id}
            open={password.open}
            onClose={password.close}
          />
        </Suspense>
      )}
    </Paper>
  );
}
