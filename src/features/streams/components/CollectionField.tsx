import { Controller, useFormContext } from 'react-hook-form';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ErrorState } from '../../../components';
import { useCollectionChoice } from '../hooks/use-collection-choice';
import type { WizardValues } from '../model/wizard-values';
import { configurationName, type ConfigurationFieldProps } from './ConfigurationField';

const columnCount = (n: number) => (n === 1 ? '1 schema column' : `${n} schema columns`);

/** A document-store collection: its datastore, then the collection (one with schema columns). */
export function CollectionField({ field }: ConfigurationFieldProps) {
  const { control } = useFormContext<WizardValues>();
  const name = configurationName(field);
  const choice = useCollectionChoice(name);

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      {choice.error ? (
        <ErrorState
          title="Could not load the collections"
          error={choice.error}
          onRetry={choice.retry}
        />
      ) : null}
      <TextField
        select
        label="Datastore"
        value={choice.datastores.some((d) => d.id === choice.datastoreId) ? choice.datastoreId : ''}
        onChange={(event) => choice.chooseDatastore(event.target.value)}
        helperText="Where the collection is"
        fullWidth
      >
        {choice.datastores.map((datastore) => (
          <MenuItem key={datastore.id} value={datastore.id}>
            {datastore.name}
          </MenuItem>
        ))}
      </TextField>
      <Controller
        control={control}
        name={name}
        render={({ field: input, fieldState }) => (
          <TextField
            select
            label={field.label}
            required={field.required}
            name={input.name}
            value={choice.collections.some((c) => c.id === input.value) ? input.value : ''}
            onChange={input.onChange}
            onBlur={input.onBlur}
            inputRef={input.ref}
            disabled={!choice.datastoreId || choice.loading}
            error={!!fieldState.error}
            helperText={
              fieldState.error?.message ??
              (choice.datastoreId ? field.help : 'Choose a datastore first')
            }
            fullWidth
            slotProps={{
              select: {
                renderValue: (id) =>
                  choice.collections.find((c) => c.id === id)?.name ?? String(id),
              },
            }}
          >
            {choice.collections.map((collection) => (
              <MenuItem
                key={collection.id}
                value={collection.id}
                disabled={collection.schema.columns.length === 0}
              >
                <ListItemText
                  primary={collection.name}
                  secondary={
                    collection.schema.columns.length === 0
                      ? 'No schema columns: nothing to read'
                      : columnCount(collection.schema.columns.length)
                  }
                />
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Stack>
  );
}
