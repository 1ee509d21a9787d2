import { lazy, Suspense, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useAccessTokens, useAccessUsers } from '../../../api/access';
import { WORKFLOW_API_GRANT } from '../../../api/contract';
import { ConfirmDialog, EmptyState, PageState } from '../../../components';
import { useListController } from '../../../hooks/use-list-controller';
import { plural } from '../../../lib/format';
import { ConsoleTokens } from '../components/ConsoleTokens';
import { NeedsAccess } from '../components/NeedsAccess';
import { TokenFilters } from '../components/TokenFilters';
import { TOKENS_PAGE_SIZE, TokensTable } from '../components/TokensTable';
import { useRevokeToken } from '../hooks/use-revoke-token';
import { useSecurityAccess } from '../hooks/use-security-access';
import { tokensSpec } from '../lib/list-params';
import { filterTokens } from '../lib/token-status';

const CreateTokenDialog = lazy(() => import('../components/CreateTokenDialog'));

/**
 * Tokens that act as a user: access tokens for the workflow API (spec 5.4) and developer tokens
 * minted for a user. An admin sees and revokes every one; a Workflow API holder their own.
 */
export function TokensTab() {
  const { me, isAdmin, mayUseTokens } = useSecurityAccess();
  const list = useListController(tokensSpec);
  const tokens = useAccessTokens(isAdmin ? { kind: list.params.kind ?? undefined } : {}, {
    enabled: mayUseTokens,
  });
  const users = useAccessUsers({ enabled: isAdmin });
  const revoke = useRevokeToken();
  const [creating, setCreating] = useState(false);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const ownerNames = useMemo(() => {
    const names = new Map((users.data ?? []).map((u) => [u.id, u.displayName]));
    if (me.data) names.set(me.data.id, me.data.displayName);
    return names;
  }, [users.data, me.data]);

  const shown = tokens.data ? filterTokens(tokens.data, list.params.status) : [];
  const pager = list.pager({
    pageSize: TOKENS_PAGE_SIZE,
    total: shown.length,
    hideWhenOnePage: true,
  });
  const { page } = list.params;
  const create = () => {
    setDialogLoaded(true);
    setCreating(true);
  };

  return (
    <PageState query={me} loading="Loading tokens" errorTitle="Cannot tell whose token this is">
      {(user) =>
        mayUseTokens ? (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
            >
              <TokenFilters list={list} showKind={isAdmin} />
              {/* With no token at all, the empty state offers the one "Create token". */}
              {tokens.data?.length !== 0 && (
                <Button variant="contained" startIcon={<AddIcon />} onClick={create}>
                  Create token
                </Button>
              )}
            </Stack>
            {!isAdmin && (
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                Your own access tokens for the workflow API. They act as you, with your role and
                grants.
              </Typography>
            )}
            <PageState
              query={tokens}
              loading="Loading tokens"
              errorTitle="Cannot list the tokens"
              empty={(all) =>
                all.length === 0 ? (
                  <EmptyState
                    title="No tokens yet"
                    description={
                      isAdmin
                        ? 'Create an access token for the workflow API, or a developer token that lets a console or client act as a given user.'
                        : 'Create an access token to call the workflow API as yourself.'
                    }
                    action={
                      <Button variant="contained" startIcon={<AddIcon />} onClick={create}>
                        Create token
                      </Button>
                    }
                  />
                ) : (
                  shown.length === 0 && (
                    <EmptyState
                      title="No token matches these filters"
                      description={`${plural(all.length, 'token')} in all, none of them matching. Change the filters.`}
                    />
                  )
                )
              }
            >
              <TokensTable
                tokens={shown.slice(page * TOKENS_PAGE_SIZE, (page + 1) * TOKENS_PAGE_SIZE)}
                pager={pager}
                ownerNames={ownerNames}
                onRevoke={revoke.ask}
              />
            </PageState>
            <ConsoleTokens me={user} />
            {dialogLoaded && (
              <Suspense fallback={null}>
                <CreateTokenDialog
                  open={creating}
                  onClose={() => setCreating(false)}
                  isAdmin={isAdmin}
                  users={users.data ?? [user]}
                  me={user}
                  defaultKind={isAdmin && list.params.kind === 'developer' ? 'developer' : 'access'}
                />
              </Suspense>
            )}
            <ConfirmDialog
              {...revoke.dialog}
              title={`Revoke token “${revoke.target?.name ?? ''}”?`}
              confirmLabel="Revoke"
              destructive
              errorTitle="The token was not revoked"
            >
              <Typography variant="body2">
                Anything using it is refused at once (401). A revoked token cannot be used again.
              </Typography>
            </ConfirmDialog>
          </Paper>
        ) : (
          <Paper variant="outlined" sx={{ p: 2 }}>
            <NeedsAccess
              title={`You need the ${WORKFLOW_API_GRANT} grant`}
              description={`The console acts as ${user.displayName} (${user.role}), who holds no role with the ${WORKFLOW_API_GRANT} grant. An administrator can give one (the Privileged role carries it), or manage tokens for you.`}
            />
          </Paper>
        )
      }
    </PageState>
  );
}
