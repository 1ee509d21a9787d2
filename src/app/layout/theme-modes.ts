import BrightnessAutoIcon from '@mui/icons-material/BrightnessAuto';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';

export type ThemeMode = 'system' | 'light' | 'dark';

export const themeModes: { mode: ThemeMode; label: string; Icon: typeof LightModeIcon }[] = [
  { mode: 'system', label: 'System', Icon: BrightnessAutoIcon },
  { mode: 'light', label: 'Light', Icon: LightModeIcon },
  { mode: 'dark', label: 'Dark', Icon: DarkModeIcon },
];
