import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { ErrorState } from './ErrorState';
import { TitledDialog } from './TitledDialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Colours the confirm button as a warning: for what cannot be undone. */
  destructive?: boolean;
  /** While the action runs: the buttons are disabled and the dialog stays open. */
  pending?: boolean;
  /** Why the action failed, shown under the words (the dialog stays open to try again). */
  error?: unknown;
  /** The failure's headline ("The token was not revoked"). */
  errorTitle?: string;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an action: the words, then Cancel and the confirm button. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  pending = false,
  error,
  errorTitle,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const failed = error !== null && error !== undefined;
  return (
    <TitledDialog open={open} onClose={onClose} title={title} busy={pending} maxWidth="xs">
      {(children || failed) && (
        <DialogContent>
          {children}
          {failed && (
            <Box sx={{ mt: children ? 2 : 0 }}>
              <ErrorState error={error} title={errorTitle} />
            </Box>
          )}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button
          onClick={onConfirm}
          variant="contained"
          color={destructive ? 'error' : 'primary'}
          loading={pending}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </TitledDialog>
  );
}
