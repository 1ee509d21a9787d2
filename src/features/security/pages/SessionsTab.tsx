import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAccessUsers, useConsoleSessions } from '../../../api/access';
import { CONSOLE_SESSION_LIST_LIMIT, type ConsoleSession } from '../../../api/contract';
import { useGatewayStatus } from '../../../api/gateway';
import { ConfirmDialog, DateTime, EmptyState, PageState } from '../../../components';
import { useListController } from '../../../hooks/use-list-controller';
import { formatCount } from '../../../lib/format';
import { PersonFilter } from '../components/PersonFilter';
import { SESSIONS_PAGE_SIZE, SessionsTable } from '../components/SessionsTable';
import { useEndSession } from '../hooks/use-end-session';
import { useSecurityAccess } from '../hooks/use-security-access';
import { sessionsSpec } from '../lib/list-params';
import { endSessionConsequence, possessive, sessionPlace } from '../lib/session-ending';

const NO_TEAM_SIGN_IN =
  'Sessions appear when the console runs with CONSOLE_AUTH=platform or oidc and people sign in; with CONSOLE_AUTH=none, the default, one operator acts with the configured token and nobody has a session.';

/**
 * The console sign-ins in force (team sign-in), most recently active first. An Admin sees
 * everyone's and picks one person; anyone else sees their own. Ending one signs that browser out.
 */
export function SessionsTab() {
  const { me, isAdmin } = useSecurityAccess();
  const list = useListController(sessionsSpec);
  const userId = isAdmin ? list.params.userId : null;
  // Asked once the role is known, so that an Admin's filter is in the first request.
  const sessions = useConsoleSessions(userId === null ? {} : { userId }, {
    enabled: me.data !== undefined,
  });
  const users = useAccessUsers({ enabled: isAdmin });
  const thisSessionId = useGatewayStatus().data?.auth?.sessionId;
  const end = useEndSession(thisSessionId);
  const meId = me.data?.id;
  const placeOf = (session: ConsoleSession) => sessionPlace(session, { thisSessionId, meId });

  const people = useMemo(() => {
    const names = new Map((users.data ?? []).map((u) => [u.id, u.displayName]));
    for (const s of sessions.data ?? [])
      if (!names.has(s.user.id)) names.set(s.user.id, s.user.displayName);
    return names;
  }, [users.data, sessions.data]);
  const chosenName = userId === null ? undefined : people.get(userId);

  const all = sessions.data ?? [];
  // Nobody at all: the empty state says why, and there is no one to choose.
  const nobody = userId === null && sessions.data?.length === 0;
  const { page } = list.params;
  const pager = list.pager({
    pageSize: SESSIONS_PAGE_SIZE,
    total: all.length,
    hideWhenOnePage: true,
  });
  const target = end.target;
  const targetName = target?.user.displayName ?? '';
  const targetPlace = target ? placeOf(target) : 'someone-else';

  return (
    <PageState query={me} loading="Loading sessions" errorTitle="Cannot tell whose token this is">
      {() => (
        <Paper variant="outlined" sx={{ p: 2 }}>
          {isAdmin && !nobody && (
            <Stack direction="row" sx={{ mb: 2 }}>
              <PersonFilter people={people} value={userId} onChange={list.setters.userId} />
            </Stack>
          )}
          {!nobody && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
              {isAdmin
                ? 'Everyone signed in to the console, most recently active first. Ending a session signs that browser out at its next step.'
                : 'Where you are signed in to the console, most recently active first. End a session you no longer use, such as one on a shared computer.'}
            </Typography>
          )}
          <PageState
            query={sessions}
            loading="Loading sessions"
            errorTitle="Cannot list the sessions"
            empty={(found) =>
              found.length === 0 &&
              (userId !== null ? (
                <EmptyState
                  title={`${chosenName ?? 'This person'} is not signed in to the console`}
                  description="None of their sessions is in force."
                  action={<Button onClick={() => list.setters.userId(null)}>Show everyone</Button>}
                />
              ) : (
                <EmptyState
                  title={
                    isAdmin
                      ? 'No one is signed in to the console with team sign-in'
                      : 'You are not signed in to the console with team sign-in'
                  }
                  description={NO_TEAM_SIGN_IN}
                />
              ))
            }
          >
            <SessionsTable
              sessions={all.slice(page * SESSIONS_PAGE_SIZE, (page + 1) * SESSIONS_PAGE_SIZE)}
              pager={pager}
              placeOf={placeOf}
              onEnd={end.ask}
            />
            {all.length >= CONSOLE_SESSION_LIST_LIMIT && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
                {`The ${formatCount(CONSOLE_SESSION_LIST_LIMIT)} most recently active sessions are shown${isAdmin ? '; choose a person to see all of theirs' : ''}.`}
              </Typography>
            )}
          </PageState>
          <ConfirmDialog
            {...end.dialog}
            title={
              targetPlace === 'this-browser'
                ? 'End your session in this browser?'
                : `End ${possessive(targetName)} session?`
            }
            confirmLabel={targetPlace === 'this-browser' ? 'End and sign out' : 'End session'}
            destructive
            errorTitle={`${possessive(targetName)} session was not ended`}
          >
            <Typography variant="body2">{endSessionConsequence(targetPlace)}</Typography>
            {target && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                Signed in <DateTime value={target.signedIn} />, last active{' '}
                <DateTime value={target.lastUsed} fallback="not yet" />.
              </Typography>
            )}
          </ConfirmDialog>
        </Paper>
      )}
    </PageState>
  );
}
