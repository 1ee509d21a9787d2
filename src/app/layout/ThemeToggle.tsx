import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useColorScheme } from '@mui/material/styles';
import BrightnessAutoIcon from '@mui/icons-material/BrightnessAuto';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';

type Mode = 'system' | 'light' | 'dark';

const modes: { mode: Mode; label: string; Icon: typeof LightModeIcon }[] = [
  { mode: 'system', label: 'System', Icon: BrightnessAutoIcon },
  { mode: 'light', label: 'Light', Icon: LightModeIcon },
  { mode: 'dark', label: 'Dark', Icon: DarkModeIcon },
];

/** System, light or dark; MUI remembers the choice in localStorage (the only thing stored there). */
export function ThemeToggle() {
  const { mode = 'system', setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = modes.find((m) => m.mode === mode) ?? modes[0]!;

  return (
    <>
      <Tooltip title={`Theme: ${current.label}`}>
        <IconButton
          aria-label="Change theme"
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <current.Icon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {modes.map(({ mode: option, label, Icon }) => (
          <MenuItem
            key={option}
            selected={option === mode}
            aria-checked={option === mode}
            role="menuitemradio"
            onClick={() => {
              setMode(option);
              setAnchor(null);
            }}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
