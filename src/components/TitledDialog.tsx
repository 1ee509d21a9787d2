import { useId, type ReactNode } from 'react';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';

export interface TitledDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** While something runs: Escape and the backdrop leave the dialog open. */
  busy?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  /** The content and the actions. */
  children: ReactNode;
}

/** A dialog named by its title. MUI's Dialog traps focus and returns it to the opener. */
export function TitledDialog({
  open,
  onClose,
  title,
  busy = false,
  maxWidth = 'sm',
  children,
}: TitledDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}
