import { lazy, Suspense, useState } from 'react';
import { NavLink, useMatch } from 'react-router';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import { screens, type Screen } from '../screens';

export const SIDE_NAV_WIDTH = 240;

// The modal drawer (Modal, focus trap, backdrop, slide) is only for narrow screens.
const NavDrawer = lazy(() => import('./NavDrawer'));

export interface SideNavProps {
  variant: 'permanent' | 'temporary';
  open: boolean;
  onClose: () => void;
}

function NavItem({ screen, onNavigate }: { screen: Screen; onNavigate: () => void }) {
  const active = useMatch({ path: screen.path, end: false }) !== null;
  const Icon = screen.icon;
  return (
    <ListItem disablePadding>
      <ListItemButton component={NavLink} to={screen.path} selected={active} onClick={onNavigate}>
        <ListItemIcon>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={screen.label} />
      </ListItemButton>
    </ListItem>
  );
}

function NavList({ onNavigate }: { onNavigate: () => void }) {
  return (
    <nav aria-label="Main">
      <List>
        {screens.map((screen) => (
          <NavItem key={screen.path} screen={screen} onNavigate={onNavigate} />
        ))}
      </List>
    </nav>
  );
}

/**
 * Permanent on wide screens (a fixed column beside the page); on narrow ones a drawer the app
 * bar's menu button opens, loaded on the first press.
 */
export function SideNav({ variant, open, onClose }: SideNavProps) {
  const [everOpened, setEverOpened] = useState(open);
  if (open && !everOpened) setEverOpened(true);

  if (variant === 'temporary') {
    return everOpened ? (
      <Suspense fallback={null}>
        <NavDrawer open={open} onClose={onClose} width={SIDE_NAV_WIDTH}>
          {/* The drawer sits under the app bar (zIndex drawer < app bar): start below it. */}
          <Toolbar />
          <NavList onNavigate={onClose} />
        </NavDrawer>
      </Suspense>
    ) : null;
  }
  return (
    <Box sx={{ width: SIDE_NAV_WIDTH, flexShrink: 0 }}>
      <Paper
        square
        elevation={0}
        sx={{
          position: 'fixed',
          top: 0,
          left: 0,
          width: SIDE_NAV_WIDTH,
          height: '100%',
          boxSizing: 'border-box',
          overflowY: 'auto',
          borderRight: 1,
          borderColor: 'divider',
          zIndex: (theme) => theme.zIndex.drawer,
        }}
      >
        <Toolbar />
        <NavList onNavigate={onClose} />
      </Paper>
    </Box>
  );
}
