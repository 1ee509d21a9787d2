import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ErrorState } from '../../../components';
import type { DeleteCollectionDialogState } from '../hooks/use-delete-collection-dialog';

/** Asks for the collection's exact name before the delete button does anything. */
export function DeleteCollectionDialog({ dialog }: { dialog: DeleteCollectionDialogState }) {
  const titleId = useId();
  const descriptionId = useId();
  const { name, deleting } = dialog;
  return (
    <Dialog
      open={dialog.open}
      onClose={dialog.close}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      maxWidth="sm"
      fullWidth
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          dialog.confirm();
        }}
        sx={{ display: 'contents' }}
      >
        <DialogTitle id={titleId}>Delete collection {name}?</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id={descriptionId}>
              This deletes the collection and all of its documents, and cannot be undone. Its linked
              dataset is kept. To confirm, type the collection's name: <strong>{name}</strong>
            </DialogContentText>
            <TextField
              label="Collection name"
              value={dialog.typedName}
              onChange={(event) => dialog.setTypedName(event.target.value)}
              autoFocus
              fullWidth
              autoComplete="off"
              disabled={deleting}
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
            {dialog.error && (
              <ErrorState error={dialog.error} title="Could not delete the collection" />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={dialog.close} disabled={deleting}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={!dialog.confirmed}
            loading={deleting}
          >
            Delete collection
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
