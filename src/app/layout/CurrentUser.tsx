import { lazy, Suspense, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import { useMe } from '../../api/access';
import { useGatewayStatus } from '../../api/gateway';
import { useSignOutAndLeave } from './use-sign-out';

const UserMenu = lazy(() => import('./UserMenu'));

/**
 * Who the console acts as (the configured token's user, or in team sign-in the person signed in):
 * name and role; its menu adds email, grants and groups, and Sign out in team sign-in.
 */
export function CurrentUser() {
  const { data: me, isError } = useMe();
  const auth = useGatewayStatus().data?.auth;
  const { signOut, signingOut } = useSignOutAndLeave();
  // The button, read when the menu opens (as ThemeToggle does).
  const button = useRef<HTMLButtonElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [pressed, setPressed] = useState(false);
  const account = me
    ? {
        name: me.displayName,
        email: me.emailAddress,
        details: [
          `Role: ${me.role}`,
          `Grants: ${me.grants.length ? me.grants.join(', ') : 'none'}`,
          ...(me.groups.length ? [`Groups: ${me.groups.map((g) => g.name).join(', ')}`] : []),
        ],
      }
    : // The platform did not say who the token is, but the gateway knows who signed in: enough
      // to name them and to offer Sign out.
      isError && auth?.person
      ? { name: auth.person.name, email: auth.person.email, details: [] }
      : undefined;
  if (isError && !account) return null;
  const label = me ? `${me.displayName} · ${me.role}` : (account?.name ?? 'Checking token…');
  return (
    <>
      <Button
        ref={button}
        size="small"
        variant="outlined"
        color="inherit"
        startIcon={<AccountCircleOutlinedIcon />}
        aria-label={me ? `Signed in as ${me.displayName} (${me.role})` : label}
        aria-haspopup="dialog"
        aria-expanded={menuOpen ? 'true' : undefined}
        disabled={!account}
        onClick={() => {
          setPressed(true);
          setMenuOpen(true);
        }}
        data-testid="current-user"
        sx={{
          maxWidth: { xs: 140, sm: 280 },
          textTransform: 'none',
          borderRadius: 4,
          borderColor: 'divider',
          '& .label': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
        }}
      >
        <span className="label">{label}</span>
      </Button>
      {account && pressed && (
        <Suspense fallback={null}>
          <UserMenu
            anchor={menuOpen ? () => button.current! : null}
            {...account}
            onSignOut={!auth || auth.mode === 'none' ? undefined : signOut}
            signingOut={signingOut}
            // A person who signs in with a password changes it; a provider's (oidc) sign-in uses none.
            passwordOf={auth?.mode === 'platform' ? (auth.person?.userId ?? undefined) : undefined}
            onClose={() => setMenuOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
