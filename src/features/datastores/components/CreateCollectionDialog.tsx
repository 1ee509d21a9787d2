import { useId } from 'react';
import Button from '@mui/material/Button';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { ErrorState } from '../../../components';
import { FormCheckbox, FormDialog, FormDialogActions } from '../../../components/form';
import { NameField } from './NameField';
import {
  useCreateCollectionDialog,
  type CreateCollectionDialogState,
} from '../hooks/use-create-collection-dialog';
import { SchemaColumnsFields } from './SchemaColumnsFields';

export function CreateCollectionDialog({ dialog }: { dialog: CreateCollectionDialogState }) {
  const columnsHeadingId = useId();
  const { form, columns, submit, creating, error } = dialog;
  return (
    <FormDialog
      open={dialog.open}
      onClose={dialog.close}
      title="New collection"
      onSubmit={submit}
      maxWidth="md"
    >
      <DialogContent>
        <Stack spacing={3} sx={{ pt: 1 }}>
          <NameField control={form.control} disabled={creating} />
          <Stack spacing={1} component="section" aria-labelledby={columnsHeadingId}>
            <Typography variant="subtitle1" component="h3" id={columnsHeadingId}>
              Schema columns (optional)
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              The columns the linked dataset gets; you can change them later in Settings.
            </Typography>
            <SchemaColumnsFields
              form={form}
              columns={columns}
              label="Initial schema columns"
              disabled={creating}
              emptyText="No columns yet."
              inDialog
            />
          </Stack>
          <FormCheckbox
            control={form.control}
            name="syncEnabled"
            label="Sync enabled"
            help="Copies the documents to a linked dataset, created on the first sync."
            disabled={creating}
            variant="switch"
          />
          {error && <ErrorState error={error} title="Could not create the collection" />}
        </Stack>
      </DialogContent>
      <FormDialogActions onCancel={dialog.close} busy={creating} submitLabel="Create collection" />
    </FormDialog>
  );
}

/** "New collection" for a datastore's page header: the button and its dialog. */
export function NewCollectionButton({ datastoreId }: { datastoreId: string }) {
  const dialog = useCreateCollectionDialog(datastoreId);
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={dialog.openDialog}>
        New collection
      </Button>
      <CreateCollectionDialog dialog={dialog} />
    </>
  );
}
