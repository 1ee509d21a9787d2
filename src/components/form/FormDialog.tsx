import { useId, type FormEventHandler, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  maxWidth?: DialogProps['maxWidth'];
  /** The content and the actions (DialogContent, DialogActions with a submit button). */
  children: ReactNode;
}

/** A dialog that is one form, named by its title: Enter submits, Escape closes. */
export function FormDialog({
  open,
  onClose,
  title,
  onSubmit,
  maxWidth = 'sm',
  children,
}: FormDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        {children}
      </Box>
    </Dialog>
  );
}
