import { useId } from 'react';
import { Controller } from 'react-hook-form';
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
import { useCreateDatastoreDialog } from '../hooks/use-create-datastore-dialog';
import { sentence } from '../hooks/schema-form';

export interface CreateDatastoreDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Loaded when "New datastore" is first pressed (see NewDatastoreButton): forms stay off the list. */
export default function CreateDatastoreDialog({ open, onClose }: CreateDatastoreDialogProps) {
  const titleId = useId();
  const dialog = useCreateDatastoreDialog(onClose);
  const { form, submit, creating, error } = dialog;
  return (
    <Dialog open={open} onClose={dialog.close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>New datastore</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>A datastore groups collections of JSON documents.</DialogContentText>
            <Controller
              control={form.control}
              name="name"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  inputRef={field.ref}
                  label="Name"
                  required
                  autoFocus
                  fullWidth
                  autoComplete="off"
                  disabled={creating}
                  error={fieldState.invalid}
                  helperText={sentence(fieldState.error?.message)}
                />
              )}
            />
            {error && <ErrorState error={error} title="Could not create the datastore" />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={dialog.close} disabled={creating}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={creating}>
            Create datastore
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
