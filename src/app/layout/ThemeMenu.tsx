import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { themeModes, type ThemeMode } from './theme-modes';

export interface ThemeMenuProps {
  /** The toggle (read when the menu positions itself), or null when the menu is closed. */
  anchor: (() => HTMLElement) | null;
  mode: ThemeMode;
  onChoose: (mode: ThemeMode) => void;
  onClose: () => void;
}

/** The theme choices; loaded on the first press of the toggle, so the first page does without it. */
export default function ThemeMenu({ anchor, mode, onChoose, onClose }: ThemeMenuProps) {
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {themeModes.map(({ mode: option, label, Icon }) => (
        <MenuItem
          key={option}
          selected={option === mode}
          aria-checked={option === mode}
          role="menuitemradio"
          onClick={() => onChoose(option)}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
