import { useId, type FormEventHandler, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
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

export interface FormDialogActionsProps {
  onCancel: () => void;
  /** The form is being sent: Cancel is disabled and the submit button shows it is busy. */
  busy: boolean;
  /** The submit button's words ("Create datastore"). */
  submitLabel: ReactNode;
}

/** Cancel and the form's submit button, as every form dialog ends. */
export function FormDialogActions({ onCancel, busy, submitLabel }: FormDialogActionsProps) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant="contained" loading={busy}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
