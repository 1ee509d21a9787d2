import { Controller } from 'react-hook-form';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ErrorState, GuardedCollectionAction } from '../../../../components';
import { sentence } from '../../hooks/schema-form';
import type { RenameFormState } from '../hooks/use-rename-form';

export function RenameForm({
  rename,
  collectionId,
}: {
  rename: RenameFormState;
  collectionId: string;
}) {
  const { form, save, reset, dirty, saving, error } = rename;
  return (
    <Stack component="form" noValidate onSubmit={save} aria-label="Rename collection" spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Controller
          control={form.control}
          name="name"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label="Collection name"
              size="small"
              required
              autoComplete="off"
              disabled={saving}
              error={fieldState.invalid}
              helperText={sentence(fieldState.error?.message)}
              sx={{ width: { xs: '100%', sm: 360 } }}
            />
          )}
        />
        <Stack direction="row" spacing={1}>
          <GuardedCollectionAction collectionId={collectionId} operation="update">
            <Button type="submit" variant="outlined" disabled={!dirty} loading={saving}>
              Rename
            </Button>
          </GuardedCollectionAction>
          {dirty && (
            <Button onClick={reset} disabled={saving}>
              Cancel
            </Button>
          )}
        </Stack>
      </Stack>
      {error && <ErrorState error={error} title="Could not rename the collection" />}
    </Stack>
  );
}
