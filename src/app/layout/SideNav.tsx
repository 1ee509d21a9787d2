import { NavLink, useMatch } from 'react-router';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { screens, type Screen } from '../screens';

export const SIDE_NAV_WIDTH = 240;

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

/** Permanent on wide screens; on narrow ones a drawer the app bar's menu button opens. */
export function SideNav({ variant, open, onClose }: SideNavProps) {
  return (
    <Drawer
      variant={variant}
      open={open}
      onClose={onClose}
      sx={{
        width: variant === 'permanent' ? SIDE_NAV_WIDTH : undefined,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: SIDE_NAV_WIDTH, boxSizing: 'border-box' },
      }}
    >
      {variant === 'permanent' && <Toolbar />}
      <nav aria-label="Main">
        <List>
          {screens.map((screen) => (
            <NavItem key={screen.path} screen={screen} onNavigate={onClose} />
          ))}
        </List>
      </nav>
    </Drawer>
  );
}
