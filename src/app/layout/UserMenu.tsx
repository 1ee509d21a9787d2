import { lazy, Suspense, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import type { AccessUser as FirstPageAccessUser } from '../../api/contract/first-page';
import { useGatewayStatus } from '../../api/gateway';
import { useSignOutAndLeave } from './use-sign-out';

const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog'));

export interface UserMenuProps {
  /** The user button (read when the menu positions itself), or null when the menu is closed. */
  anchor: (() => HTMLElement) | null;
  /** Who the platform says the token is: name, email, role, grants, groups. */
  me?: FirstPageAccessUser;
  /** Who the gateway says signed in, when the platform did not answer. */
  person?: { name: string; email: string };
  onClose: () => void;
}

/**
 * Who is signed in, Change password and Sign out; loaded on the first press of the user button,
 * and kept while the page lasts, so the password dialog outlives the menu that opened it.
 */
export default function UserMenu({ anchor, me, person, onClose }: UserMenuProps) {
  const nameId = useId();
  const name = me?.displayName ?? person?.name ?? '';
  const email = me?.emailAddress ?? person?.email ?? '';
  const details = me
    ? [
        `Role: ${me.role}`,
        `Grants: ${me.grants.length ? me.grants.join(', ') : 'none'}`,
        ...(me.groups.length ? [`Groups: ${me.groups.map((g) => g.name).join(', ')}`] : []),
      ]
    : [];
  const password = usePasswordDialog();
  // Here, not in the header: signing out (a mutation) loads with the menu, off the first page.
  const { signOut, signingOut } = useSignOutAndLeave();
  const auth = useGatewayStatus().data?.auth;
  // Team sign-in only: in mode `none` the console is one operator with the configured token.
  const canSignOut = !!auth && auth.mode !== 'none';
  // A person who signs in with a password changes it here; a provider's (oidc) sign-in uses none.
  const passwordOf = auth?.mode === 'platform' ? (auth.person?.userId ?? undefined) : undefined;
  const actions = useRef<HTMLUListElement>(null);
  return (
    <>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          // The popover puts focus on itself as it opens; once it has, the first action takes it,
          // so the arrow keys and Enter work at once, as in a menu.
          transition: {
            onEntered: () =>
              actions.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus(),
          },
          paper: {
            role: 'dialog',
            'aria-labelledby': nameId,
            sx: { minWidth: 240, maxWidth: 360 },
          },
        }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography id={nameId} variant="subtitle2" component="p">
            {name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {email}
          </Typography>
          {details.map((line, i) => (
            <Typography key={line} variant="body2" sx={{ mt: i === 0 ? 1 : 0 }}>
              {line}
            </Typography>
          ))}
        </Box>
        {(canSignOut || passwordOf !== undefined) && (
          <>
            <Divider />
            <MenuList ref={actions} aria-label="Account">
              {passwordOf !== undefined && (
                <MenuItem
                  onClick={() => {
                    onClose();
                    password.open();
                  }}
                >
                  <ListItemIcon>
                    <LockResetIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText>Change password</ListItemText>
                </MenuItem>
              )}
              {canSignOut && (
                <MenuItem onClick={signOut} disabled={signingOut}>
                  <ListItemIcon>
                    <LogoutIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText>{signingOut ? 'Signing out…' : 'Sign out'}</ListItemText>
                </MenuItem>
              )}
            </MenuList>
          </>
        )}
      </Popover>
      {passwordOf !== undefined && password.openings > 0 && (
        <Suspense fallback={null}>
          <ChangePasswordDialog
            key={password.openings}
            userId={passwordOf}
            open={password.isOpen}
            onClose={password.close}
          />
        </Suspense>
      )}
    </>
  );
}

/** Each opening mounts a fresh form: nothing typed stays once the dialog is closed. */
function usePasswordDialog() {
  const [openings, setOpenings] = useState(0);
  const [isOpen, setOpen] = useState(false);
  return {
    openings,
    isOpen,
    open: () => {
      setOpenings((n) => n + 1);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}
