import type SvgIcon from '@mui/material/SvgIcon';
import StorageIcon from '@mui/icons-material/Storage';

export interface Screen {
  path: string;
  label: string;
  icon: typeof SvgIcon;
}

/** The side navigation, in order. A new screen is one line here plus its route in router.tsx. */
export const screens: Screen[] = [
  { path: '/datastores', label: 'Document store', icon: StorageIcon },
];

export const HOME_PATH = screens[0]?.path ?? '/';
