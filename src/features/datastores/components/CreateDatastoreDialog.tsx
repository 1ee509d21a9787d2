import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { ErrorState } from '../../../components';
import { FormDialog, FormDialogActions } from '../../../components/form';
import { NameField } from './NameField';
import { useCreateDatastoreDialog } from '../hooks/use-create-datastore-dialog';

export interface CreateDatastoreDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Loaded when "New datastore" is first pressed (see NewDatastoreButton): forms stay off the list. */
export default function CreateDatastoreDialog({ open, onClose }: CreateDatastoreDialogProps) {
  const dialog = useCreateDatastoreDialog(onClose);
  const { form, submit, creating, error } = dialog;
  return (
    <FormDialog
      open={open}
      onClose={dialog.close}
      title="New datastore"
      onSubmit={submit}
      maxWidth="xs"
    >
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>A datastore groups collections of JSON documents.</DialogContentText>
          <NameField control={form.control} disabled={creating} />
          {error && <ErrorState error={error} title="Could not create the datastore" />}
        </Stack>
      </DialogContent>
      <FormDialogActions onCancel={dialog.close} busy={creating} submitLabel="Create datastore" />
    </FormDialog>
  );
}
