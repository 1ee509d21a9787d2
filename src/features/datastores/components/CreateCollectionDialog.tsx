import { useId } from 'react';
import { Controller } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { ErrorState } from '../../../components';
import {
  useCreateCollectionDialog,
  type CreateCollectionDialogState,
} from '../hooks/use-create-collection-dialog';
import { sentence } from '../hooks/schema-form';
import { SchemaColumnsFields } from './SchemaColumnsFields';

export function CreateCollectionDialog({ dialog }: { dialog: CreateCollectionDialogState }) {
  const titleId = useId();
  const columnsHeadingId = useId();
  const syncHelpId = useId();
  const { form, columns, submit, creating, error } = dialog;
  return (
    <Dialog
      open={dialog.open}
      onClose={dialog.close}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>New collection</DialogTitle>
        <DialogContent>
          <Stack spacing={3} sx={{ pt: 1 }}>
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
            <Controller
              control={form.control}
              name="syncEnabled"
              render={({ field }) => (
                <div>
                  <FormControlLabel
                    label="Sync enabled"
                    disabled={creating}
                    control={
                      <Switch
                        checked={field.value}
                        onChange={(_event, checked) => field.onChange(checked)}
                        onBlur={field.onBlur}
                        slotProps={{ input: { 'aria-describedby': syncHelpId } }}
                      />
                    }
                  />
                  <FormHelperText id={syncHelpId} sx={{ mt: 0 }}>
                    Copies the documents to a linked dataset, created on the first sync.
                  </FormHelperText>
                </div>
              )}
            />
            {error && <ErrorState error={error} title="Could not create the collection" />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={dialog.close} disabled={creating}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={creating}>
            Create collection
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
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
