import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';

export interface SideDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's name: a text, or the id of its heading. */
  label?: string;
  labelledBy?: string;
  /** The paper's style: its width and padding. */
  paperSx: SxProps<Theme>;
  children: ReactNode;
}

/** A modal panel from the right, read as a dialog (above the app bar, Escape closes it). */
export function SideDrawer({
  open,
  onClose,
  label,
  labelledBy,
  paperSx,
  children,
}: SideDrawerProps) {
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-label': label,
          'aria-labelledby': labelledBy,
          sx: paperSx,
        },
      }}
    >
      {children}
    </Drawer>
  );
}

export interface DrawerHeaderProps {
  /** The close button's name ("Close the file"). */
  closeLabel: string;
  onClose: () => void;
  /** The heading, and what stands under it. */
  children: ReactNode;
  mb?: number;
}

/** A drawer's heading with its close button at the right. */
export function DrawerHeader({ closeLabel, onClose, children, mb = 2 }: DrawerHeaderProps) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>{children}</Box>
      <IconButton aria-label={closeLabel} onClick={onClose} edge="end">
        <CloseIcon />
      </IconButton>
    </Stack>
  );
}
