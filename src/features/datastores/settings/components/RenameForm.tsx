import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ErrorState, GuardedCollectionAction } from '../../../../components';
import { NameField } from '../../components/NameField';
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
        <NameField
          control={form.control}
          label="Collection name"
          size="small"
          autoFocus={false}
          fullWidth={false}
          disabled={saving}
          sx={{ width: { xs: '100%', sm: 360 } }}
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
