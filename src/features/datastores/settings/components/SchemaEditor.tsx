import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorState, GuardedCollectionAction } from '../../../../components';
import { SchemaColumnsFields } from '../../components/SchemaColumnsFields';
import type { SchemaFormState } from '../hooks/use-schema-form';

export function SchemaEditor({
  schema,
  collectionId,
}: {
  schema: SchemaFormState;
  collectionId: string;
}) {
  const { form, columns, save, reset, dirty, saving, error } = schema;
  return (
    <Stack component="form" noValidate onSubmit={save} aria-label="Schema" spacing={2}>
      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: 760 }}>
        Documents keep all of their content; the schema says which fields become columns of the
        linked dataset, and with which type. To sync, DATE values must read <code>YYYY-MM-DD</code>{' '}
        and DATETIME values <code>YYYY-MM-DDTHH:MM:SSZ</code>.
      </Typography>
      <SchemaColumnsFields
        form={form}
        columns={columns}
        label="Schema editor"
        disabled={saving}
        emptyText="This collection has no schema columns. Add one to give the linked dataset a column."
      />
      {error && <ErrorState error={error} title="Could not save the schema" />}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <GuardedCollectionAction collectionId={collectionId} operation="update">
          <Button type="submit" variant="contained" disabled={!dirty} loading={saving}>
            Save schema
          </Button>
        </GuardedCollectionAction>
        <Button onClick={reset} disabled={!dirty || saving}>
          Reset
        </Button>
        {dirty && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} role="status">
            Unsaved changes
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
